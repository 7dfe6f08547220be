import Foundation

/// One file a person attached with a `file` input: what the page sees of it, and where its bytes
/// are (a file URL, never the bytes in memory).
///
/// The page sees the value `{"id", "name", "type", "size", "thumbnail"}`: `type` is the media
/// type (`image/jpeg`), `size` is in bytes, `thumbnail` is `attachment:ID` for an image (a
/// reference the host resolves with `PageEngine.attachmentFile(_:)`) and null otherwise. The file
/// itself stays with the engine; the page names it by `id`.
///
/// ```swift
/// let receipt = Attachment(id: "att-1", name: "receipt.jpg", type: "image/jpeg", size: 48_213, file: url)
/// receipt.pageValue.jsonText
/// // {"id":"att-1","name":"receipt.jpg","type":"image/jpeg","size":48213,"thumbnail":"attachment:att-1"}
/// ```
public struct Attachment: Sendable, Equatable {
    /// The engine's id for it, unique while the app runs (`att-…`).
    public let id: String
    /// The file's name as the person knows it (`receipt.jpg`), without folders.
    public let name: String
    /// The media type, like `image/jpeg`; `application/octet-stream` when unknown.
    public let type: String
    /// The size in bytes.
    public let size: Int64
    /// Where the bytes are.
    public let file: URL

    /// An attachment `id` of the file at `file`.
    public init(id: String, name: String, type: String, size: Int64, file: URL) {
        self.id = id
        self.name = name
        self.type = type
        self.size = size
        self.file = file
    }

    /// The start of every attachment id.
    public static let idPrefix = "att-"
    /// The start of a thumbnail reference: `attachment:ID`.
    public static let thumbnailScheme = "attachment:"

    /// What the page sees: `{"id", "name", "type", "size", "thumbnail"}`.
    public var pageValue: PageValue {
        .object(PageObject([
            ("id", .string(id)), ("name", .string(name)), ("type", .string(type)), ("size", .int(size)),
            ("thumbnail", type.lowercased().hasPrefix("image/") ? .string(Attachment.thumbnailScheme + id) : .null),
        ]))
    }

    /// The id of the attachment `value` describes, or nil when it isn't one (an object with a
    /// string `id` starting `att-`, a string `type` and an int `size`).
    static func id(of value: PageValue) -> String? {
        guard case .object(let object) = value, case .string(let id)? = object["id"], id.hasPrefix(idPrefix),
              case .string? = object["type"], case .int? = object["size"] else { return nil }
        return id
    }

    /// Every attachment id inside `value`, however deep, in the order met.
    static func ids(in value: PageValue) -> [String] {
        var found: [String] = []
        func walk(_ value: PageValue) {
            if let id = id(of: value) { found.append(id); return }
            switch value {
            case .array(let items): items.forEach(walk)
            case .object(let object): for (_, member) in object { walk(member) }
            default: break
            }
        }
        walk(value)
        return found
    }

    /// The media type for a file name's extension; `application/octet-stream` when unknown.
    public static func mediaType(forName name: String) -> String {
        let ext = (name as NSString).pathExtension.lowercased()
        return mediaTypes[ext] ?? "application/octet-stream"
    }

    static let mediaTypes: [String: String] = [
        "jpg": "image/jpeg", "jpeg": "image/jpeg", "png": "image/png", "gif": "image/gif", "webp": "image/webp",
        "heic": "image/heic", "heif": "image/heif", "svg": "image/svg+xml", "pdf": "application/pdf",
        "txt": "text/plain", "csv": "text/csv", "json": "application/json", "zip": "application/zip",
        "mp4": "video/mp4", "mov": "video/quicktime", "mp3": "audio/mpeg", "m4a": "audio/mp4",
        "doc": "application/msword", "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        "xls": "application/vnd.ms-excel", "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    ]

    /// Whether `type` matches one of `accept`'s entries: a media type (`application/pdf`), a
    /// family (`image/*`), or an extension (`.pdf`) checked against `name`. An empty list accepts all.
    static func accepts(_ accept: [String], type: String, name: String) -> Bool {
        if accept.isEmpty { return true }
        let type = type.lowercased()
        let ext = "." + (name as NSString).pathExtension.lowercased()
        return accept.contains { entry in
            let entry = entry.lowercased().trimmingCharacters(in: .whitespaces)
            if entry == "*/*" || entry == "*" { return true }
            if entry.hasPrefix(".") { return entry == ext }
            if entry.hasSuffix("/*") { return type.hasPrefix(String(entry.dropLast())) }
            return entry == type
        }
    }
}

/// The files the attachments of an engine's pages point at, by id.
@MainActor
final class AttachmentTable {
    private var files: [String: Attachment] = [:]

    var isEmpty: Bool { files.isEmpty }

    /// Adds the file at `file` and returns its attachment; nil when it can't be read (gone, a folder).
    func add(file: URL, name: String?, type: String?) -> Attachment? {
        guard file.isFileURL,
              let attributes = try? FileManager.default.attributesOfItem(atPath: file.path),
              (attributes[.type] as? FileAttributeType) != .typeDirectory,
              let size = (attributes[.size] as? NSNumber)?.int64Value else { return nil }
        let shown = Attachment.cleanName(name ?? file.lastPathComponent)
        let attachment = Attachment(id: Attachment.idPrefix + UUID().uuidString.lowercased(), name: shown,
                                    type: type ?? Attachment.mediaType(forName: shown), size: size, file: file)
        files[attachment.id] = attachment
        return attachment
    }

    /// Keeps `attachment` under its own id (a draft's, restored).
    func keep(_ attachment: Attachment) { files[attachment.id] = attachment }

    subscript(id: String) -> Attachment? { files[id] }
}

extension Attachment {
    /// A file name safe to show and to send: no folders, no control characters, not empty.
    static func cleanName(_ raw: String) -> String {
        let last = raw.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
        let kept = last.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }
        let name = String(String.UnicodeScalarView(kept)).trimmingCharacters(in: .whitespaces)
        return name.isEmpty ? "file" : name
    }
}
