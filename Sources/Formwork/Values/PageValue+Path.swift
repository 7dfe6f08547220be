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
        /// What went wrong, naming the path.
        public let message: String
        /// The message.
        public var description: String { message }
    }

    /// Writes `newValue` at `components`, creating objects for missing keys (and treating null as
    /// an empty object). Writing past the end of an array appends only at exactly `count`.
    /// When the write fails, the value is left exactly as it was.
    ///
    /// NB: one search per level, and the containers along the path are changed in place: each
    /// level takes its container out of `self` (so nothing else holds it and it isn't copied),
    /// writes below, and puts it back, also when the write below fails. Levels are walked by
    /// position in `components` rather than by slicing it, so no level retains the path.
    public mutating func set(_ newValue: consuming PageValue, at components: ArraySlice<StorePath.Component>) throws(PathError) {
        try set(newValue, at: components, level: components.startIndex)
    }

    private mutating func set(_ newValue: consuming PageValue, at components: ArraySlice<StorePath.Component>, level: Int) throws(PathError) {
        guard level < components.endIndex else {
            self = newValue
            return
        }
        switch components[level] {
        case .key(let key): try setMember(key, to: newValue, at: components, level: level)
        case .index(let index): try setElement(index, to: newValue, at: components, level: level)
        }
    }

    private mutating func setMember(_ key: String, to newValue: consuming PageValue, at components: ArraySlice<StorePath.Component>, level: Int) throws(PathError) {
        let below = level + 1
        if case .null = self {
            var child = PageValue.null
            try child.set(newValue, at: components, level: below)
            var object = PageObject()
            object.append(key, child)
            self = .object(object)
            return
        }
        guard case .object(let current) = self else {
            throw PathError(message: "can't set '\(key)' inside \(Wording.withArticle(typeName)); only objects have members")
        }
        // NB: the key is looked up before the object is taken out of `self` (looking it up in the
        // taken-out object retains its index around the search).
        let found = current.position(of: key)
        // `self` lets go of its object, so `object` is the only reference and changes in place.
        // (Changing an object bound by a `switch` over `self`, even `switch consume self`, copies
        // it: the matched value lives to the end of the switch. The tests check it isn't copied.)
        var object = consume current
        self = .null
        guard let position = found else {
            var child = PageValue.null
            do {
                try child.set(newValue, at: components, level: below)
            } catch {
                self = .object(object)
                throw error
            }
            object.append(key, child)
            self = .object(object)
            return
        }
        if below == components.endIndex {
            // The last key: the new value takes the member's place.
            object.swapValue(at: position, with: &newValue)
            self = .object(object)
            return
        }
        // The member's value is taken out the same way, so what's below is changed in place too.
        var child = PageValue.null
        object.swapValue(at: position, with: &child)
        defer {
            object.swapValue(at: position, with: &child)
            self = .object(object)
        }
        try child.set(newValue, at: components, level: below)
    }

    private mutating func setElement(_ index: Int, to newValue: consuming PageValue, at components: ArraySlice<StorePath.Component>, level: Int) throws(PathError) {
        guard case .array(var array) = self else {
            throw PathError(message: "can't set [\(index)] inside \(Wording.withArticle(typeName)); only arrays have indexes")
        }
        guard index >= 0, index <= array.count else {
            throw PathError(message: "index \(index) is outside the array of \(array.count) elements")
        }
        self = .null
        defer { self = .array(array) }
        if index == array.count {
            var child = PageValue.null
            try child.set(newValue, at: components, level: level + 1)
            array.append(child)
        } else {
            try array[index].set(newValue, at: components, level: level + 1)
        }
    }
}
