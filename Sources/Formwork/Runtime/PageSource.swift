import Foundation

/// Where the engine finds pages by id, for `push` and `PageEngine.open(pageID:)`.
public protocol PageSource: Sendable {
    /// The bytes of the page with this id, and the file they came from (for messages).
    func page(_ id: String) throws -> (bytes: [UInt8], file: String?)
    /// The block libraries pages from here may name (see `BlockCatalog`); none unless the
    /// source has some.
    func libraries() -> BlockCatalog
}

extension PageSource {
    /// None: a source that keeps no libraries serves pages that use none.
    public func libraries() -> BlockCatalog { .empty }
}

/// Pages in a folder: `<id>.json`, or any `*.json` whose `"page"` is the id. For tools and tests;
/// an app uses `PageRepository`, which also verifies downloaded pages.
///
/// NB: not built on `PageRepository`: that one requires the `version` and `minEngineVersion` that
/// publishing needs, while a page being written may leave them to their defaults.
public struct DirectoryPageSource: PageSource {
    /// The folder.
    public let directory: URL

    /// Pages in `directory`.
    public init(directory: URL) { self.directory = directory }

    /// The libraries in the folder and its `lib/` folder (a library that can't be read is left
    /// out; `formwork check` says why).
    public func libraries() -> BlockCatalog {
        BlockCatalog.load(folder: directory).catalog
    }

    /// The bytes of page `id` and its file; throws when no file in the folder holds it.
    public func page(_ id: String) throws -> (bytes: [UInt8], file: String?) {
        // NB: the engine checks ids too; checking here keeps a host calling the source itself safe.
        guard PageHeader.isValidID(id) else { throw PageError(.error("page", "", "no page \(PageValue.string(id).preview()) in \(directory.path): \(PageHeader.idRule)")) }
        let direct = directory.appendingPathComponent(id + ".json")
        if let data = try? Data(contentsOf: direct) { return (Array(data), direct.path) }
        let files = (try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)) ?? []
        var ids: [String] = []
        for file in files where PageRepository.isPageFileName(file.lastPathComponent) {
            guard let data = try? Data(contentsOf: file), case .string(let pageID)? = (try? JSONReader.parse(bytes: Array(data)))?["page"] else { continue }
            if pageID == id { return (Array(data), file.path) }
            ids.append(pageID)
        }
        let hint = Suggestions.nearest(to: id, in: ids).map { " Did you mean '\($0)'?" } ?? (ids.isEmpty ? "" : " Pages there: " + ids.sorted().joined(separator: ", ") + ".")
        throw PageError(.error("page", "", "no page '\(id)' in \(directory.path).\(hint)"))
    }
}
