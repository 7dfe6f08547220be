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

    /// The history of what was published from an output folder: every page and library version
    /// any pack wrote there (id, version, SHA-256), so a version a later release replaced can
    /// still be revoked by number. Kept in the folder beside the manifest, never downloaded.
    static let historyName = ".formwork-history.json"

    /// Every version `output` is known to have published: its history file, its manifest
    /// (current entries, rollouts' previous versions, revocations) and the page and library files
    /// lying in it (a folder packed before the history was kept has its `<id>.v<N>.json` files).
    static func history(in output: URL, published: PageManifest?) -> [PageRevocation] {
        var known: [PageRevocation] = []
        let url = output.appendingPathComponent(historyName)
        if let data = FileManager.default.contents(atPath: url.path), let value = try? JSONReader.parse(bytes: Array(data)) {
            known += (try? PageRevocation.list(value, source: url.path)) ?? []
        }
        if let published {
            known += versions(published.pages, library: false) + versions(published.libraries, library: true) + published.revoked.filter { !$0.isUnnamed }
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: output.path)) ?? []
        let seen = Set(known.map(\.sha256))
        for name in names.sorted() where name.hasSuffix(".json") && !name.hasPrefix(".") && name != PageCache.manifestName {
            guard let data = FileManager.default.contents(atPath: output.appendingPathComponent(name).path), data.count <= PageLimits.standard.pageBytes else { continue }
            let sha = SHA256Hasher.hexDigest(of: data)
            if seen.contains(sha) { continue }
            if let header = try? PageHeader(data: data) {
                known.append(PageRevocation(id: header.id, version: header.version, sha256: sha))
            } else if let library = BlockLibrary.decode(Array(data), file: name).library {
                known.append(PageRevocation(id: library.id, version: library.version, sha256: sha, library: true))
            }
        }
        return unique(known)
    }

    /// `entries` and their rollouts' previous versions, as history items.
    static func versions(_ entries: [PageManifest.Entry], library: Bool) -> [PageRevocation] {
        entries.flatMap { entry in
            [entry, entry.rollout?.previous].compactMap { $0 }.map { PageRevocation(id: $0.id, version: $0.version, sha256: $0.sha256, library: library) }
        }
    }

    /// `items` without repeats (by SHA-256 and kind), sorted by id, version and SHA-256.
    static func unique(_ items: [PageRevocation]) -> [PageRevocation] {
        var seen: Set<String> = []
        return items.filter { seen.insert("\($0.library) \($0.sha256)").inserted }
            .sorted { ($0.library ? 1 : 0, $0.id, $0.version, $0.sha256) < ($1.library ? 1 : 0, $1.id, $1.version, $1.sha256) }
    }

    /// The history file's bytes: `[{"id", "version", "sha256", "library"?}]`, one per version.
    static func historyData(_ items: [PageRevocation]) -> Data {
        Data((PageValue.array(items.map(\.value)).prettyJSONText + "\n").utf8)
    }

    /// The revocations to publish: the published manifest's, and each of `revoke` (`id@version`,
    /// `library:id@version`, or any SHA-256) looked up in the new entries and the folder's
    /// `history`. A SHA-256 nothing there has is revoked unnamed (`PageRevocation.unnamed`).
    func revocations(published: PageManifest?, history: [PageRevocation], pages: [PageManifest.Entry], libraries: [PageManifest.Entry],
                     problems: inout [String]) -> [PageRevocation] {
        var list = published?.revoked ?? []
        let candidates = PagePacker.versions(pages, library: false) + PagePacker.versions(libraries, library: true) + history
        for request in revoke {
            var found: [PageRevocation]
            if SHA256Hasher.isHexDigest(request) {
                found = candidates.first { $0.sha256 == request }.map { [$0] } ?? [.unnamed(sha256: request)]
            } else {
                let library = request.hasPrefix("library:")
                let text = library ? String(request.dropFirst(8)) : request
                let parts = text.split(separator: "@", omittingEmptySubsequences: false)
                guard parts.count == 2, let version = Int(parts[1]) else {
                    problems.append("error: --revoke takes PAGE@VERSION (like dish-edit@7), library:ID@VERSION, or a SHA-256 of 64 lowercase hex digits; got '\(request)'")
                    continue
                }
                let id = String(parts[0])
                // NB: the same number republished with other bytes is revoked with all its files.
                found = PagePacker.unique(candidates.filter { $0.id == id && $0.version == version && $0.library == library })
                if found.isEmpty {
                    let kind = library ? "library" : "page"
                    let same = Set(candidates.filter { $0.id == id && $0.library == library }.map(\.version)).sorted()
                    let known = same.isEmpty
                        ? "it knows no version of the \(kind) '\(id)'" + PagePacker.knownIDs(candidates, library: library)
                        : "it knows \(kind) \(id) " + same.map { "v\($0)" }.joined(separator: ", ")
                    problems.append("error: can't revoke '\(request)': no version published from this folder or packed now has it (\(known)). Pack into the folder you published from, or give the version's SHA-256 (it is in each install's cache/manifest.json)")
                    continue
                }
            }
            for item in found where !list.contains(where: { $0.sha256 == item.sha256 }) { list.append(item) }
        }
        return list.sorted { ($0.id, $0.version, $0.sha256) < ($1.id, $1.version, $1.sha256) }
    }

    /// `; the ids it knows: a, b` for an error message, or nothing.
    private static func knownIDs(_ candidates: [PageRevocation], library: Bool) -> String {
        let ids = Set(candidates.filter { $0.library == library }.map(\.id)).sorted()
        return ids.isEmpty ? "" : "; it knows: " + ids.joined(separator: ", ")
    }
}
