import Foundation
import Formwork

/// A page file's bytes as they were read, with the revision an editor quotes when it saves.
///
/// The revision is the SHA-256 of the bytes: two reads of an unchanged file have the same one,
/// and any change on disk gives another. A file that isn't there has the revision `"none"`.
///
/// ```swift
/// let snapshot = PageFileSnapshot.read(URL(fileURLWithPath: "pages/tip.json"))
/// snapshot.revision       // "5f2c1a9b0d3e…"
/// try snapshot.document() // the page as JSON
/// ```
public struct PageFileSnapshot: Sendable, Equatable {
    /// The revision of a file that doesn't exist.
    public static let missing = "none"

    /// The file's bytes; nil when there is no file.
    public let bytes: [UInt8]?
    /// The SHA-256 of `bytes` in lowercase hex, or `missing`.
    public let revision: String

    /// A snapshot of `bytes` (nil: no file).
    public init(bytes: [UInt8]?) {
        self.bytes = bytes
        revision = bytes.map(PageFileSnapshot.revision(of:)) ?? PageFileSnapshot.missing
    }

    /// Reads the file at `url` as it is now.
    public static func read(_ url: URL) -> PageFileSnapshot {
        PageFileSnapshot(bytes: FileManager.default.contents(atPath: url.path).map { Array($0) })
    }

    /// The revision of these bytes: their SHA-256 in lowercase hex.
    public static func revision(of bytes: [UInt8]) -> String {
        SHA256Hasher.hexDigest(of: Data(bytes))
    }

    /// The bytes as text (invalid UTF-8 repaired), "" when there is no file.
    public var text: String { bytes.map { String(decoding: $0, as: UTF8.self) } ?? "" }

    /// The file's JSON; throws the syntax error (line, column, path) when it isn't valid JSON.
    public func document() throws(JSONReader.Failure) -> PageValue {
        try JSONReader.parse(bytes: bytes ?? [])
    }
}
