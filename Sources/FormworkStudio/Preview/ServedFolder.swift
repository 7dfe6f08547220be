#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Formwork

/// The folder `formwork preview` serves, and the only one: every path a browser asks for is
/// resolved to a real path (symbolic links followed) and must land inside it.
///
/// ```swift
/// let folder = try ServedFolder("pages")
/// folder.file(["dish-edit.json"])         // .file("/…/pages/dish-edit.json", size: 6120)
/// folder.file(["link-to-etc", "passwd"])  // .forbidden("… leads outside the served folder")
/// ```
package struct ServedFolder: Sendable {
    package enum Resolution: Equatable {
        case file(path: String, size: Int)
        case notFound
        case forbidden(String)
    }

    /// The folder's real path, without a trailing slash.
    package let root: String
    /// The folder as the person named it, for messages.
    package let displayName: String

    /// - Throws: when `path` doesn't exist or isn't a folder.
    package init(_ path: String) throws(ToolFailure) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue,
              let real = ServedFolder.realPath(path) else {
            throw ToolFailure("'\(path)' is not a folder; give the folder that holds your pages")
        }
        root = real
        displayName = path
    }

    /// The regular file at these path segments (already percent-decoded), if it is inside the folder.
    package func file(_ segments: [String]) -> Resolution {
        guard !segments.isEmpty else { return .notFound }
        for segment in segments {
            if segment == "." || segment == ".." || segment.contains("/") || segment.contains("\\") || segment.contains("\0") {
                return .forbidden("the path may not hold '.', '..' or slashes inside a name")
            }
            if segment.hasPrefix(".") { return .notFound }
        }
        let joined = prefix + segments.joined(separator: "/")
        guard let real = ServedFolder.realPath(joined) else { return .notFound }
        guard real.hasPrefix(prefix) else { return .forbidden("'\(segments.joined(separator: "/"))' leads outside the served folder") }
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: real),
              attributes[.type] as? FileAttributeType == .typeRegular,
              let size = (attributes[.size] as? NSNumber)?.intValue else { return .notFound }
        return .file(path: real, size: size)
    }

    /// The page files in the folder (every `*.json` except flows, manifests and block libraries,
    /// as `check` reads a folder), relative to it, sorted.
    ///
    /// NB: the `*.json` files `formwork check DIR` reads (`PageSet.jsonFiles`, those not skipped),
    /// less the block libraries among them.
    package func pageFiles() -> [String] {
        let libraries = Set(libraryFiles())
        let listing = (try? PageSet.jsonFiles(in: URL(fileURLWithPath: root))) ?? []
        return listing.filter { $0.skipped == nil && !libraries.contains(absolute($0.name)) }.map(\.name)
    }

    /// The block libraries kept with the pages (in the folder and its `lib/` folder), absolute.
    func libraryFiles() -> [String] {
        BlockCatalog.libraryFiles(in: URL(fileURLWithPath: root))
    }

    /// The absolute path of a relative page file.
    package func absolute(_ relative: String) -> String { prefix + relative }

    /// The root with one trailing slash: what every path inside starts with.
    private var prefix: String { root.hasSuffix("/") ? root : root + "/" }

    /// The canonical absolute path with every symbolic link resolved; nil when it doesn't exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
