import Foundation

/// What the cache keeps besides page files: the install's id (for rollouts) and every revocation
/// sync has seen. Both are written atomically and outlive any one sync.
///
/// ```
/// cache/
///   install-id               this install's id, made once (a random UUID) unless the host gives one
///   revoked.json             every revocation seen: [{"id", "version", "sha256", "library"?}]
/// ```
extension PageCache {
    static let installIDName = "install-id"
    static let revokedName = "revoked.json"

    /// The install id kept in the cache, made (a random UUID, written atomically) the first time
    /// it is asked for.
    func installID() throws(AtomicFile.Failure) -> String {
        let url = directory.appendingPathComponent(PageCache.installIDName)
        if let data = try? Data(contentsOf: url) {
            let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            if !text.isEmpty, text.count <= 200 { return text }
        }
        let made = UUID().uuidString.lowercased()
        try AtomicFile.write(Data((made + "\n").utf8), to: url)
        return made
    }

    /// Every revocation recorded in the cache; empty when none (or the file is unreadable: then
    /// the next sync writes it again from the manifest).
    func readRevocations() -> [PageRevocation] {
        let url = directory.appendingPathComponent(PageCache.revokedName)
        guard let data = try? Data(contentsOf: url), let value = try? JSONReader.parse(bytes: Array(data)) else { return [] }
        return (try? PageRevocation.list(value, source: url.path)) ?? []
    }

    /// Adds `revocations` to the recorded ones (a revocation is never forgotten); writes only when
    /// something is new. Returns the whole list.
    @discardableResult
    func record(_ revocations: [PageRevocation]) throws(AtomicFile.Failure) -> [PageRevocation] {
        var all = readRevocations()
        let known = Set(all.map(\.sha256))
        let new = revocations.filter { !known.contains($0.sha256) }
        guard !new.isEmpty else { return all }
        all += new
        all.sort { ($0.id, $0.version, $0.sha256) < ($1.id, $1.version, $1.sha256) }
        let text = PageValue.array(all.map(\.value)).prettyJSONText + "\n"
        try AtomicFile.write(Data(text.utf8), to: directory.appendingPathComponent(PageCache.revokedName))
        return all
    }
}
