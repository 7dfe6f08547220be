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
    public mutating func set(_ newValue: PageValue, at components: ArraySlice<StorePath.Component>) throws(PathError) {
        // Check the whole path first, so a write that can't happen leaves the value untouched.
        try checkWritable(components)
        setUnchecked(newValue, at: components)
    }

    private func checkWritable(_ components: ArraySlice<StorePath.Component>) throws(PathError) {
        var current = self
        for component in components {
            switch (component, current) {
            case (.key(let key), .object(let object)): current = object[key] ?? .null
            case (.key, .null): current = .null
            case (.index(let index), .array(let array)):
                guard index >= 0, index <= array.count else {
                    throw PathError(message: "index \(index) is outside the array of \(array.count) elements")
                }
                current = index < array.count ? array[index] : .null
            case (.key(let key), _):
                throw PathError(message: "can't set '\(key)' inside \(Wording.withArticle(current.typeName)); only objects have members")
            case (.index(let index), _):
                throw PathError(message: "can't set [\(index)] inside \(Wording.withArticle(current.typeName)); only arrays have indexes")
            }
        }
    }

    private mutating func setUnchecked(_ newValue: PageValue, at components: ArraySlice<StorePath.Component>) {
        guard let first = components.first else {
            self = newValue
            return
        }
        let rest = components.dropFirst()
        // NB: switch on `self` alone and drop our reference before mutating, so the array or
        // object below is uniquely referenced and updated in place (a tuple `(first, self)`
        // would hold a second reference and force a copy of the whole container per write).
        switch first {
        case .key(let key):
            var object: PageObject
            if case .object(let existing) = self { object = existing } else { object = PageObject() }
            self = .null
            var child = object[key] ?? .null
            if object[key] != nil { object[key] = .null }  // keep the key's place, drop the extra reference
            child.setUnchecked(newValue, at: rest)
            object[key] = child
            self = .object(object)
        case .index(let index):
            guard case .array(var array) = self else { return }
            self = .null
            if index >= array.count {
                var child = PageValue.null
                child.setUnchecked(newValue, at: rest)
                array.append(child)
            } else {
                array[index].setUnchecked(newValue, at: rest)
            }
            self = .array(array)
        }
    }
}
