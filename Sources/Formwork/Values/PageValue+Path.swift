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
        guard let first = components.first else {
            self = newValue
            return
        }
        let rest = components.dropFirst()
        switch (first, self) {
        case (.key(let key), .object(var object)):
            self = .null  // NB: release our reference so the object is mutated in place, not copied.
            let existed = object[key] != nil
            var child = object[key] ?? .null
            if existed { object[key] = .null }  // keep the key's place, drop the extra reference
            do {
                try child.set(newValue, at: rest)
            } catch {
                // NB: `child` is unchanged when its write failed; put it back (or leave the key out).
                if existed { object[key] = child }
                self = .object(object)
                throw error
            }
            object[key] = child
            self = .object(object)
        case (.key(let key), .null):
            var child = PageValue.null
            try child.set(newValue, at: rest)
            self = .object(PageObject([(key, child)]))
        case (.index(let index), .array(var array)):
            guard index >= 0, index <= array.count else {
                throw PathError(message: "index \(index) is outside the array of \(array.count) elements")
            }
            self = .null
            defer { self = .array(array) }
            if index == array.count {
                var child = PageValue.null
                try child.set(newValue, at: rest)
                array.append(child)
            } else {
                try array[index].set(newValue, at: rest)
            }
        case (.key(let key), _):
            throw PathError(message: "can't set '\(key)' inside a \(typeName); only objects have members")
        case (.index(let index), _):
            throw PathError(message: "can't set [\(index)] inside a \(typeName); only arrays have indexes")
        }
    }
}
