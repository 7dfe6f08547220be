import Foundation

/// Where `$global` is kept between runs of the app.
public protocol GlobalPersistence: Sendable {
    /// The saved store, or nil when nothing was saved yet.
    func load() throws -> PageValue?
    func save(_ value: PageValue) throws
}

/// Keeps `$global` in a JSON file. Saving writes a temporary file next to it and renames it over
/// the old one, so a crash mid-write leaves the previous file whole.
public struct FileGlobalPersistence: GlobalPersistence {
    public let url: URL

    public init(url: URL) { self.url = url }

    public func load() throws -> PageValue? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let bytes = try Data(contentsOf: url)
        do {
            return try JSONReader.parse(bytes: Array(bytes))
        } catch {
            throw PageValue.PathError(message: "the saved globals in \(url.path) are not valid JSON (\(error)); fix or delete the file")
        }
    }

    public func save(_ value: PageValue) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        // The same temp-file-and-rename writer page sync installs pages with.
        try AtomicFile.write(Data(value.prettyJSONText.utf8), to: url)
    }
}
