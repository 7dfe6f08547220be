/// What a session's updates work in, kept from one update to the next: the update's arrays
/// (`BindingUpdate`, emptied after each) and its scope (`UpdateScope`, its stores let go after
/// each), so an edit allocates, builds and destroys neither.
///
/// NB: the session keeps one, and an update runs in it in place, through one `inout` access to
/// the session's stored property (`PageSession.runUpdate(of:and:)`), not checked for
/// exclusivity at run time (see `PageSession.kept`). Taking both out of optionals and putting
/// them back copied the scope (about 300 bytes) four times an edit and went through `Optional`'s
/// generic code (about 400 instructions an edit). An update started while one runs (a host
/// writing while it hears about a change) finds `keptInUse` set and works in new ones, so the
/// kept ones are never reached twice at once.
@MainActor
struct KeptUpdate {
    var update = BindingUpdate()
    var scope = UpdateScope()
}

extension PageSession {
    /// Updates what reads `path` (when given) and `written`, in the kept arrays and scope, or in
    /// new ones when an update runs already (see `KeptUpdate`).
    func runUpdate(of path: StorePath?, and written: [StorePath]) {
        guard !keptInUse else {
            var update = BindingUpdate(written: written)
            if let path { update.written.append(path) }
            var scope = UpdateScope()
            refresh(&update, reusing: &scope)
            return
        }
        keptInUse = true
        runUpdate(of: path, and: written, in: &kept)
        keptInUse = false
    }

    private func runUpdate(of path: StorePath?, and written: [StorePath], in kept: inout KeptUpdate) {
        if let path { kept.update.written.append(path) }
        if !written.isEmpty { kept.update.written.append(contentsOf: written) }
        refresh(&kept.update, reusing: &kept.scope)
        kept.update.clear()
    }

    /// The kept scope (`KeptUpdate`), as the next update finds it: what `KeptScopeTests` checks.
    var spareScope: UpdateScope? { keptInUse ? nil : kept.scope }
}
