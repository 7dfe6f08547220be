import Foundation

/// The versions of a page the repository won't serve on this install, and why: revoked by the
/// manifest (by SHA-256), set aside after failed openings, or held back by a rollout this install
/// is outside of. They decide `ResolvedPage.reason` when an older copy is served.
extension PageRepository {
    struct Withheld {
        /// SHA-256 → why that file is never served (revoked, set aside).
        var refused: [String: String] = [:]
        /// Revoked versions of the page.
        var revoked: [Int] = []
        /// Versions set aside, with the failure.
        var setAside: [(version: Int, failure: String)] = []
        /// Rolled-out versions this install is outside of, with their share.
        var heldBack: [(version: Int, percent: Int)] = []

        func why(_ sha256: String) -> String? { refused[sha256] }

        /// Why a copy at `version` is served rather than a newer one, if a newer one is withheld:
        /// the newest withheld version's reason.
        func reason(serving version: Int) -> ResolvedPage.Reason? {
            var reasons: [(Int, ResolvedPage.Reason)] = []
            reasons += revoked.filter { $0 > version }.map { ($0, .revoked(version: $0)) }
            reasons += setAside.filter { $0.version > version }.map { ($0.version, .setAside(version: $0.version, failure: $0.failure)) }
            reasons += heldBack.filter { $0.version > version }.map { ($0.version, .rollout(version: $0.version, percent: $0.percent)) }
            return reasons.max { $0.0 < $1.0 }?.1
        }
    }

    /// What is withheld of page `id` (nothing without a cache).
    func withheldVersions(of id: String) -> Withheld {
        var withheld = Withheld()
        guard cacheDirectory != nil else { return withheld }
        for revocation in cachedRevocations() where !revocation.library || revocation.isUnnamed {
            withheld.refused[revocation.sha256] = "was revoked"
            if revocation.id == id { withheld.revoked.append(revocation.version) }
        }
        for item in cachedOpenings().setAside where item.id == id {
            withheld.refused[item.sha256] = "was set aside on this install: \(item.reason)"
            withheld.setAside.append((item.version, item.reason))
        }
        if let index = try? cacheIndex() {
            withheld.heldBack = index.heldBack.filter { !$0.library && $0.id == id }.map { ($0.version, $0.percent) }
        }
        return withheld
    }

    /// The SHA-256 of every revoked library file.
    func revokedLibraries() -> Set<String> {
        Set(cachedRevocations().filter { $0.library || $0.isUnnamed }.map(\.sha256))
    }
}
