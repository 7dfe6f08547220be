import Foundation
import Formwork

/// `formwork.json`, the project file: kept next to the pages (or in any folder above them), it
/// names the app's registry file so authors type nothing extra. Found like `.editorconfig`, by
/// walking up from the page or folder a command is given.
///
/// ```json
/// { "registry": "app.registry.json" }
/// ```
///
/// Paths in it are relative to the project file's folder.
struct ProjectFile {
    static let name = "formwork.json"
    static let members = ["$schema", "description", "registry"]

    /// The project file's path.
    let path: String
    /// The registry file it names, resolved against the project file's folder.
    let registry: String?

    /// The nearest `formwork.json` in `start`'s folder (or `start` itself when it is a folder) or
    /// any folder above it; nil when there is none.
    static func find(from start: String) -> String? {
        var isFolder: ObjCBool = false
        var folder = URL(fileURLWithPath: start).standardizedFileURL
        if !(FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) && isFolder.boolValue) {
            folder.deleteLastPathComponent()
        }
        while true {
            let candidate = folder.appendingPathComponent(name)
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate.path }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path || folder.path == "/" { return nil }
            folder = parent
        }
    }

    /// Reads and checks a project file.
    static func load(_ path: String) throws(CLIFailure) -> ProjectFile {
        let value = try PageOptions.readJSON(path, what: "project")
        guard case .object(let object) = value else {
            throw CLIFailure("\(path): the project file is a JSON object like {\"registry\": \"app.registry.json\"}")
        }
        for key in object.keys where !members.contains(key) {
            let hint = Suggestions.nearest(to: key, in: members).map { "; did you mean '\($0)'?" } ?? "; it may have \"registry\" and \"description\""
            throw CLIFailure("\(path): unknown member '\(key)' in the project file" + hint)
        }
        var registry: String?
        if let value = object["registry"] {
            guard case .string(let file) = value, !file.isEmpty else {
                throw CLIFailure("\(path): \"registry\" is the path of the app's registry file, like \"app.registry.json\"")
            }
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
            registry = file.hasPrefix("/") ? file : ProjectFile.display(folder.appendingPathComponent(file).standardizedFileURL.path)
        }
        return ProjectFile(path: path, registry: registry)
    }

    /// A path relative to the working folder when it is under it, for messages.
    static func display(_ path: String) -> String {
        let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.path
        return path.hasPrefix(here + "/") ? String(path.dropFirst(here.count + 1)) : path
    }
}
