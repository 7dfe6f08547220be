import Foundation

extension BlockCatalog {
    /// The folder below a folder of pages where libraries may also be kept.
    public static let libraryFolder = "lib"

    /// The libraries in `folder` and in its `lib/` folder: every `.json` file whose top level has
    /// a `"library"` member. What is wrong with one (bad JSON, a bad header) comes back as a
    /// diagnostic, and that library is left out.
    ///
    /// ```swift
    /// let (catalog, problems) = BlockCatalog.load(folder: URL(fileURLWithPath: "pages"))
    /// catalog["shop-kit"]?.version   // 3
    /// ```
    public static func load(folder: URL, limits: PageLimits = .standard) -> (catalog: BlockCatalog, diagnostics: [PageDiagnostic]) {
        var libraries: [BlockLibrary] = []
        var diagnostics: [PageDiagnostic] = []
        for file in libraryFiles(in: folder) {
            guard let data = FileManager.default.contents(atPath: file) else { continue }
            let (library, found) = BlockLibrary.decode(Array(data), file: file, limits: limits)
            diagnostics += found
            if let library, !found.contains(where: { $0.severity == .error }) { libraries.append(library) }
        }
        return (BlockCatalog(libraries), diagnostics)
    }

    /// The paths of the library files in `folder` and its `lib/` folder, sorted.
    public static func libraryFiles(in folder: URL) -> [String] {
        var found: [String] = []
        for directory in [folder, folder.appendingPathComponent(libraryFolder)] {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { continue }
            // NB: every file in lib/ is meant as a library, so one that isn't JSON is read (and its
            // error reported) rather than skipped; beside the pages it may be a broken page.
            let inLibraryFolder = directory.lastPathComponent == libraryFolder
            for name in names.sorted() where name.hasSuffix(".json") && !name.hasPrefix(".") && PageSet.notAPage(name) == nil {
                let path = directory.appendingPathComponent(name).path
                if isLibraryFile(path, orBroken: inLibraryFolder) { found.append(path) }
            }
        }
        return found
    }

    /// Whether the file's top level has a `"library"` member (or, with `orBroken`, it isn't JSON).
    static func isLibraryFile(_ path: String, orBroken: Bool = false) -> Bool {
        guard let data = FileManager.default.contents(atPath: path) else { return false }
        guard let root = try? JSONReader.parse(bytes: Array(data)) else { return orBroken }
        return BlockLibrary.isLibrary(root)
    }

    /// Whether JSON bytes are a library's (their top level has a `"library"` member).
    ///
    /// NB: bytes without the text `"library"` anywhere can't be one, and aren't parsed: a folder
    /// of pages is looked through on every page a repository resolves and every preview tick.
    public static func looksLikeLibrary(_ bytes: [UInt8]) -> Bool {
        guard contains(bytes, libraryMember), let root = try? JSONReader.parse(bytes: bytes) else { return false }
        return BlockLibrary.isLibrary(root)
    }

    private static let libraryMember = Array(#""library""#.utf8)

    /// Whether `needle` occurs in `bytes`.
    private static func contains(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
        guard let first = needle.first, bytes.count >= needle.count else { return false }
        var i = 0
        let last = bytes.count - needle.count
        while i <= last {
            if bytes[i] == first, bytes[i..<(i + needle.count)].elementsEqual(needle) { return true }
            i += 1
        }
        return false
    }
}
