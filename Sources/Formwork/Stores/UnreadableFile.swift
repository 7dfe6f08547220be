import Foundation

/// Moving a saved file that can't be read out of the way, so nothing in it is lost and nothing
/// is written over it: `$global`'s file and a page's draft are set aside the same way.
///
/// ```swift
/// UnreadableFile.setAside(drafts.appendingPathComponent("dish-edit.draft.json"))
/// // "/app/drafts/dish-edit.draft.json.unreadable-20260301T101500Z"
/// ```
enum UnreadableFile {
    /// Renames the file at `url` to `<name>.unreadable-<UTC time>` in its folder (with `-2`, `-3`,
    /// … when that name is taken).
    ///
    /// - Returns: the new path, or nil when the file can't be moved.
    static func setAside(_ url: URL, at time: Date = Date()) -> String? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withYear, .withMonth, .withDay, .withTime, .withTimeZone]
        let stamp = formatter.string(from: time)
        for attempt in 1...100 {
            let name = url.lastPathComponent + ".unreadable-" + stamp + (attempt == 1 ? "" : "-\(attempt)")
            let target = url.deletingLastPathComponent().appendingPathComponent(name)
            guard !FileManager.default.fileExists(atPath: target.path) else { continue }
            do {
                try FileManager.default.moveItem(at: url, to: target)
                return target.path
            } catch {
                return nil
            }
        }
        return nil
    }
}
