import Foundation

/// Rollouts and revocations in `formwork pack`: read against the manifest already in the output
/// folder (the one published last), so a rollout can name the version it replaces and a
/// revocation can name a version by number.
extension PagePacker {
    /// The manifest already in `output`, if there is one that reads.
    static func published(in output: URL) -> PageManifest? {
        guard let data = FileManager.default.contents(atPath: output.appendingPathComponent(PageCache.manifestName).path) else { return nil }
        return try? PageManifest(data: data, source: output.path)
    }

    /// Gives `entries` their rollouts: the ones asked for in `rollouts` (by id), and the ones the
    /// published manifest had for the same bytes. A rollout's previous version is the published
    /// one; its file is kept beside the new one as `<id>.v<N>.json` (added to `writes`).
    func applyRollouts(_ entries: inout [PageManifest.Entry], library: Bool, published: PageManifest?, output: URL,
                       writes: inout [(file: String, data: Data)], problems: inout [String]) {
        for index in entries.indices {
            let entry = entries[index]
            let key = (library ? "library:" : "") + entry.id
            let old = library ? published?.library(entry.id) : published?.entry(for: entry.id)
            guard let percent = rollouts[key] else {
                // NB: a rollout stays with its version until changed (100% ends it).
                if let old, old.sha256 == entry.sha256, let rollout = old.rollout { entries[index].rollout = rollout }
                continue
            }
            if percent >= 100 { continue }
            var rollout = PageRollout(percent: percent)
            if let old, old.sha256 == entry.sha256 {
                rollout.previous = old.rollout?.previous
            } else if let old, old.version < entry.version {
                guard let data = FileManager.default.contents(atPath: output.appendingPathComponent(old.file).path), old.matches(data) else {
                    problems.append("error: can't roll out \(key) v\(entry.version): the published v\(old.version) (\(old.file) in \(output.path)) is missing or was changed, so installs outside the rollout would have nothing to fall back to. Pack into the folder you published last, or publish without --rollout.")
                    continue
                }
                var previous = old
                previous.rollout = nil
                previous.file = library ? "\(old.id).library.v\(old.version).json" : PageCache.fileName(id: old.id, version: old.version)
                writes.append((previous.file, data))
                rollout.previous = previous
            } else if let old {
                problems.append("error: can't roll out \(key) v\(entry.version): the published version is v\(old.version), not older. Raise the page's \"version\" first.")
                continue
            }
            entries[index].rollout = rollout
        }
    }

    /// The revocations to publish: the published manifest's, and each of `revoke` (`id@version`,
    /// `library:id@version`, or a SHA-256) looked up in the published and new entries.
    func revocations(published: PageManifest?, pages: [PageManifest.Entry], libraries: [PageManifest.Entry], problems: inout [String]) -> [PageRevocation] {
        var list = published?.revoked ?? []
        func known(_ entries: [PageManifest.Entry], library: Bool) -> [PageRevocation] {
            entries.flatMap { entry in
                [entry, entry.rollout?.previous].compactMap { $0 }.map { PageRevocation(id: $0.id, version: $0.version, sha256: $0.sha256, library: library) }
            }
        }
        let candidates = known(pages, library: false) + known(libraries, library: true)
            + known(published?.pages ?? [], library: false) + known(published?.libraries ?? [], library: true) + (published?.revoked ?? [])
        for request in revoke {
            let found: PageRevocation?
            if SHA256Hasher.isHexDigest(request) {
                found = candidates.first { $0.sha256 == request }
            } else {
                let library = request.hasPrefix("library:")
                let text = library ? String(request.dropFirst(8)) : request
                let parts = text.split(separator: "@", omittingEmptySubsequences: false)
                guard parts.count == 2, let version = Int(parts[1]) else {
                    problems.append("error: --revoke takes PAGE@VERSION (like dish-edit@7), library:ID@VERSION, or a SHA-256 of 64 lowercase hex digits; got '\(request)'")
                    continue
                }
                found = candidates.first { $0.id == String(parts[0]) && $0.version == version && $0.library == library }
            }
            guard let found else {
                problems.append("error: can't revoke '\(request)': no published or packed version has it (pack into the folder you published last, which holds its manifest.json, or give the version's SHA-256 as listed there)")
                continue
            }
            if !list.contains(where: { $0.sha256 == found.sha256 }) { list.append(found) }
        }
        return list.sorted { ($0.id, $0.version) < ($1.id, $1.version) }
    }
}
