import Foundation

/// `$global`: state shared by every page of an engine, optionally persisted.
///
/// Pages write it through their sessions; every open session hears about the paths that changed
/// and updates the bindings that read them. With a persistence, each committed change is saved
/// (atomically, for the file-backed one) before the write returns.
@MainActor
public final class GlobalStore {
    public private(set) var value: PageValue
    private let persistence: (any GlobalPersistence)?
    private var listeners: [ObjectIdentifier: @MainActor ([StorePath]) -> Void] = [:]
    private var dirty = false

    /// A store starting from `initial`, or from what `persistence` saved last time.
    public init(initial: PageValue = .object(PageObject()), persistence: (any GlobalPersistence)? = nil) throws {
        self.persistence = persistence
        if let saved = try persistence?.load() {
            value = saved
        } else {
            value = initial
        }
    }

    /// An in-memory store.
    public init(_ initial: PageValue = .object(PageObject())) {
        value = initial
        persistence = nil
    }

    /// Writes without notifying; `commit` notifies and saves. Sessions use this inside a batch.
    func write(_ newValue: PageValue, at path: StorePath) throws(PageValue.PathError) {
        try value.set(newValue, at: path.components[...])
        dirty = true
    }

    /// Tells every listener except `origin` what changed, and saves.
    func commit(_ paths: [StorePath], origin: ObjectIdentifier?) throws {
        guard !paths.isEmpty else { return }
        for (id, listener) in listeners where id != origin { listener(paths) }
        if dirty, let persistence {
            dirty = false
            try persistence.save(value)
        }
    }

    /// Writes `newValue` at `path` (a `$global` path) and notifies every open page.
    public func set(_ newValue: PageValue, at path: StorePath) throws {
        guard path.root == .global else { throw PageValue.PathError(message: "\(path) is not a $global path") }
        try write(newValue, at: path)
        try commit([path], origin: nil)
    }

    func addListener(_ owner: AnyObject, _ listener: @escaping @MainActor ([StorePath]) -> Void) {
        listeners[ObjectIdentifier(owner)] = listener
    }

    func removeListener(_ owner: AnyObject) {
        listeners[ObjectIdentifier(owner)] = nil
    }
}
