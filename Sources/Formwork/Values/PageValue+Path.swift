extension PageValue {
    /// The value at `components` below this one, or null where the path leads nowhere.
    public func value(at components: some Collection<StorePath.Component>) -> PageValue {
        var current = self
        for component in components {
            switch component {
            case .key(let key): current = current[key] ?? .null
            case .index(let index): current = current[index] ?? .null
            }
        }
        return current
    }

    /// What went wrong writing into a value along a path.
    public struct PathError: Error, Sendable, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }

    /// Writes `newValue` at `components`, creating objects for missing keys (and treating null as
    /// an empty object). Writing past the end of an array appends only at exactly `count`.
    /// When the write fails, the value is left exactly as it was.
    ///
    /// NB: one search per level, and the containers along the path are changed in place: each
    /// level takes its container out of `self` (so nothing else holds it and it isn't copied),
    /// writes below, and puts it back, also when the write below fails.
    public mutating func set(_ newValue: PageValue, at components: ArraySlice<StorePath.Component>) throws(PathError) {
        guard let first = components.first else {
            self = newValue
            return
        }
        let rest = components.dropFirst()
        switch first {
        case .key(let key):
            if case .null = self {
                var child = PageValue.null
                try child.set(newValue, at: rest)
                var object = PageObject()
                object.append(key, child)
                self = .object(object)
                return
            }
            guard case .object(var object) = self else {
                throw PathError(message: "can't set '\(key)' inside \(Wording.withArticle(typeName)); only objects have members")
            }
            // NB: drop `self`'s reference, so `object` is the only one and changes in place; the
            // member's value is taken out the same way before writing into it.
            self = .null
            do {
                if let position = object.position(of: key) {
                    guard !rest.isEmpty else {
                        // The last key: the new value takes the member's place.
                        var value = newValue
                        object.swapValue(at: position, with: &value)
                        self = .object(object)
                        return
                    }
                    var child = PageValue.null
                    object.swapValue(at: position, with: &child)
                    defer { object.swapValue(at: position, with: &child) }
                    try child.set(newValue, at: rest)
                } else {
                    var child = PageValue.null
                    try child.set(newValue, at: rest)
                    object.append(key, child)
                }
            } catch {
                self = .object(object)
                throw error
            }
            self = .object(object)
        case .index(let index):
            guard case .array(var array) = self else {
                throw PathError(message: "can't set [\(index)] inside \(Wording.withArticle(typeName)); only arrays have indexes")
            }
            guard index >= 0, index <= array.count else {
                throw PathError(message: "index \(index) is outside the array of \(array.count) elements")
            }
            self = .null
            do {
                if index == array.count {
                    var child = PageValue.null
                    try child.set(newValue, at: rest)
                    array.append(child)
                } else {
                    try array[index].set(newValue, at: rest)
                }
            } catch {
                self = .array(array)
                throw error
            }
            self = .array(array)
        }
    }
}
