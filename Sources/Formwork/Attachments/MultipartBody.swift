import Foundation

/// A `multipart/form-data` body (RFC 7578) written to a file part by part, the attached files
/// copied in chunks: however large they are, only one chunk is ever in memory.
///
/// ```swift
/// let body = MultipartBody(fields: [("note", "lunch")], files: [("receipt", attachment)])
/// body.size            // known before anything is written, so a budget refuses it up front
/// try body.write(to: temporaryFile)
/// body.contentType     // multipart/form-data; boundary=formwork-…
/// ```
struct MultipartBody: Sendable {
    let boundary: String
    let fields: [(name: String, value: String)]
    let files: [(name: String, attachment: Attachment, size: Int64)]

    /// How much of a file is read at a time.
    static let chunkBytes = 64 << 10

    init(fields: [(name: String, value: String)], files: [(name: String, attachment: Attachment, size: Int64)],
         boundary: String = "formwork-" + UUID().uuidString.lowercased()) {
        self.fields = fields
        self.files = files
        self.boundary = boundary
    }

    var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    /// The body's size in bytes, counted without writing it.
    var size: Int64 {
        var total: Int64 = 0
        for field in fields { total += Int64(fieldHead(field.name).utf8.count + field.value.utf8.count + 2) }
        for file in files { total += Int64(fileHead(file.name, file.attachment).utf8.count) + file.size + 2 }
        return total + Int64(closing.utf8.count)
    }

    private var closing: String { "--\(boundary)--\r\n" }

    private func fieldHead(_ name: String) -> String {
        "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(MultipartBody.quoted(name))\"\r\n\r\n"
    }

    private func fileHead(_ name: String, _ attachment: Attachment) -> String {
        "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(MultipartBody.quoted(name))\"; filename=\"\(MultipartBody.quoted(attachment.name))\"\r\n"
            + "Content-Type: \(MultipartBody.safeType(attachment.type))\r\n\r\n"
    }

    /// Writes the body to `url` (a new file, owner-only). A file that changed size since it was
    /// counted fails: the body would no longer be what was checked against the budget.
    func write(to url: URL) throws {
        guard FileManager.default.createFile(atPath: url.path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
            throw UploadFailure("can't create a temporary file for the upload at \(url.path)")
        }
        let out = try FileHandle(forWritingTo: url)
        defer { try? out.close() }
        for field in fields {
            try out.write(contentsOf: Data((fieldHead(field.name) + field.value + "\r\n").utf8))
        }
        for file in files {
            try out.write(contentsOf: Data(fileHead(file.name, file.attachment).utf8))
            guard let input = try? FileHandle(forReadingFrom: file.attachment.file) else {
                throw UploadFailure("the attached file \(file.attachment.name) can't be read any more; attach it again")
            }
            defer { try? input.close() }
            var copied: Int64 = 0
            while true {
                let chunk = try autoreleasepoolIfAvailable { try input.read(upToCount: MultipartBody.chunkBytes) ?? Data() }
                if chunk.isEmpty { break }
                copied += Int64(chunk.count)
                guard copied <= file.size else { break }
                try out.write(contentsOf: chunk)
            }
            guard copied == file.size else {
                throw UploadFailure("the attached file \(file.attachment.name) changed while it was being sent; attach it again")
            }
            try out.write(contentsOf: Data("\r\n".utf8))
        }
        try out.write(contentsOf: Data(closing.utf8))
    }

    /// A name inside a quoted header parameter, as browsers write it (WHATWG): `"`, CR and LF
    /// percent-encoded, so a name can't end the header or start another.
    static func quoted(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "%22"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: continue
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `type` when it is a plain `type/subtype` of token characters, else `application/octet-stream`.
    static func safeType(_ type: String) -> String {
        let parts = type.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.unicodeScalars.allSatisfy(HTTPRequestRules.isTokenCharacter) }) else {
            return "application/octet-stream"
        }
        return type
    }
}

/// Runs `body`, inside an autorelease pool where Foundation has one, so chunks read from a file
/// are freed as the loop goes rather than at its end.
@inline(__always)
func autoreleasepoolIfAvailable<T>(_ body: () throws -> T) rethrows -> T {
    #if canImport(ObjectiveC)
    return try autoreleasepool(invoking: body)
    #else
    return try body()
    #endif
}

/// Why the body of an upload couldn't be prepared.
struct UploadFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
