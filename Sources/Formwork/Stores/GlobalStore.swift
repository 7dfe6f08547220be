import Foundation

/// `$global`: state shared by every page of an engine, optionally persisted.
///
/// Pages write it through their sessions; every open session hears about the paths that changed
/// and updates the bindings that read them. With a persistence, each committed change is saved
/// (atomically, for the file-backed one) before the write returns.
@MainActor
public final class GlobalStore {
    /// `$global` now.
    public var value: PageValue { current }
    /// `value`'s storage.
    /// NB: private, and only ever loaded or stored whole (a write takes it out, changes it and
    /// puts it back), so the optimizer proves its accesses exclusive when compiling: a `public`
    /// stored property, or one changed in place across a call, is checked at run time on every
    /// access (about 90 instructions; each update of each open page reads it).
    private var current: PageValue
    private let persistence: (any GlobalPersistence)?
    private var listeners: [ObjectIdentifier: @MainActor ([StorePath]) -> Void] = [:]
    private var dirty = false
    /// Members of `$global` the engine writes and pages only read (`outbox`, level 2): never
    /// saved, and a page's write to them is refused. Empty unless the engine publishes one.
    public private(set) var engineMembers: Set<String> = []

    /// Why what `persistence` saved last time couldn't be loaded, if it couldn't: the file was
    /// kept aside (`keptAt`) and the store started from `initial`. Show or log it; nothing was lost.
    public let loadFailure: GlobalLoadFailure?

    /// A store starting from what `persistence` saved last time, or from `initial` when nothing
    /// was saved or what was saved can't be read (then `loadFailure` says why and where it was kept).
    ///
    /// - Throws: when the saved store can't be read and can't be moved aside either, so that
    ///   saving can't overwrite it.
    public init(initial: PageValue = .object(PageObject()), persistence: (any GlobalPersistence)? = nil) throws {
        self.persistence = persistence
        do {
            current = try persistence?.load() ?? initial
            loadFailure = nil
        } catch let failure as GlobalLoadFailure where failure.keptAt != nil {
            current = initial
            loadFailure = failure
        }
    }

    /// An in-memory store.
    public init(_ initial: PageValue = .object(PageObject())) {
        current = initial
        persistence = nil
        loadFailure = nil
    }

    /// Writes without notifying; `commit` notifies and saves. Sessions use this inside a batch.
    func write(_ newValue: PageValue, at path: StorePath) throws(PageValue.PathError) {
        if path.components.isEmpty, !engineMembers.isEmpty, case .object(let object) = value, case .object(var written) = newValue {
            for name in engineMembers { written[name] = object[name] }
            current = .object(written)
            dirty = true
            return
        }
        var taken = current
        current = .null
        defer { current = taken }
        try taken.set(newValue, at: path.components[...])
        dirty = true
    }

    /// Tells every listener except `origin` what changed, and saves.
    func commit(_ paths: [StorePath], origin: ObjectIdentifier?) throws {
        guard !paths.isEmpty else { return }
        for (id, listener) in listeners where id != origin { listener(paths) }
        if dirty, let persistence {
            dirty = false
            try persistence.save(storedValue)
        }
    }

    /// `$global` as the app keeps it: without the members the engine publishes (`outbox`).
    public var storedValue: PageValue {
        guard !engineMembers.isEmpty, case .object(var object) = value else { return value }
        for name in engineMembers { object[name] = nil }
        return .object(object)
    }

    /// Sets the engine's own member `name` of `$global` (nil removes it) and tells every open
    /// page; it is not saved, and pages can't write it (`engineMember(of:)`).
    func publish(_ newValue: PageValue?, as name: String) {
        if newValue == nil { engineMembers.remove(name) } else { engineMembers.insert(name) }
        guard case .object(var object) = value else { return }
        object[name] = newValue
        current = .object(object)
        let paths = [StorePath(.global, [.key(name)])]
        for (_, listener) in listeners { listener(paths) }
    }

    /// The engine's member `path` writes to or below (`outbox` for `$global.outbox.count`), or nil
    /// when a page may write it. (A write of the whole `$global` keeps the engine's members.)
    func engineMember(of path: StorePath) -> String? {
        guard !engineMembers.isEmpty, case .key(let name)? = path.components.first else { return nil }
        return engineMembers.contains(name) ? name : nil
    }

    /// Writes `newValue` at `path` (a `$global` path) and notifies every open page.
    ///
    /// - Throws: `PageValue.PathError` for a path that isn't `$global` or can't be written, and an
    ///   `ActionFailure` of kind `limit` for a value deeper or larger than `limits` allow
    ///   (`valueDepth`, `valueBytes`) — the promise page writes keep, so that whatever the store
    ///   holds can be saved and loaded back.
    public func set(_ newValue: PageValue, at path: StorePath, limits: PageLimits = .standard) throws {
        guard path.root == .global else { throw PageValue.PathError(message: "\(path) is not a $global path") }
        if let problem = newValue.sizeProblem(limits, what: "the value written to \(path)", nesting: path.components.count) {
            throw ActionFailure(kind: "limit", message: problem)
        }
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
