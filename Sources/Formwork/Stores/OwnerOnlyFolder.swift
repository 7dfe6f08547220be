import Foundation

/// Creating a folder only its owner can enter (0700), such that no one — not another process,
/// not the app itself after being killed — ever finds it under its name with any other mode.
///
/// NB: Foundation creates a folder with `mkdir` and sets the mode asked for afterwards, so an app
/// killed between the two leaves the folder 0755 for good (the drafts kill test found one). Here
/// the folder is made and set to 0700 under a temporary name beside it, then renamed into place:
/// a rename is atomic, so the folder appears complete or not at all. A temporary folder a killed
/// app left behind is empty and is removed by the next creation.
///
/// ```swift
/// try OwnerOnlyFolder.create(at: appSupport.appendingPathComponent("drafts"))
/// // drafts/ exists, mode 0700
/// ```
enum OwnerOnlyFolder {
    /// The start of a folder's temporary name while it is being created.
    static func temporaryPrefix(of url: URL) -> String { "." + url.lastPathComponent + ".creating-" }

    /// Creates the folder at `url` (and its parents) with mode 0700, unless it exists.
    static func create(at url: URL) throws {
        let manager = FileManager.default
        guard !manager.fileExists(atPath: url.path) else { return }
        let parent = url.deletingLastPathComponent()
        try manager.createDirectory(at: parent, withIntermediateDirectories: true)
        removeLeftovers(of: url)
        let temporary = parent.appendingPathComponent(temporaryPrefix(of: url) + UUID().uuidString)
        try manager.createDirectory(at: temporary, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        try manager.setAttributes([.posixPermissions: 0o700], ofItemAtPath: temporary.path)
        do {
            try manager.moveItem(at: temporary, to: url)
        } catch {
            try? manager.removeItem(at: temporary)
            // NB: another process created it first; that one is as good as ours.
            guard manager.fileExists(atPath: url.path) else { throw error }
        }
    }

    /// Removes the empty temporary folders that creations killed midway left beside `url`.
    private static func removeLeftovers(of url: URL) {
        let parent = url.deletingLastPathComponent()
        let prefix = temporaryPrefix(of: url)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: parent.path) else { return }
        for name in names where name.hasPrefix(prefix) {
            let leftover = parent.appendingPathComponent(name)
            // NB: only an empty one: a folder someone else keeps there is never removed.
            if (try? FileManager.default.contentsOfDirectory(atPath: leftover.path))?.isEmpty == true {
                try? FileManager.default.removeItem(at: leftover)
            }
        }
    }
}
