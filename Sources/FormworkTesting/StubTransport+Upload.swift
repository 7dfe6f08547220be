import Foundation
import Formwork

extension StubTransport {
    /// Records an `upload` and answers it as `send` does. The request's body, as a flow reads it,
    /// is what the multipart body held: `{"fields": {NAME: TEXT, …}, "files": [{"field", "name",
    /// "type", "size"}, …]}` (`requests[0].body.files[0].name`), so a flow checks what was sent
    /// without the bytes. Progress is told once, the whole body at once.
    public func upload(_ request: TransportRequest, bodyFile: URL,
                       progress: @escaping @Sendable (_ sent: Int64, _ total: Int64) -> Void) async throws -> TransportResponse {
        // A request no stub answers goes to the real server whole, streamed as the app would send it.
        if let fallback, !hasStub(for: request) { return try await fallback.upload(request, bodyFile: bodyFile, progress: progress) }
        let bytes = (try? Data(contentsOf: bodyFile, options: .mappedIfSafe)) ?? Data()
        let type = request.headers.first { $0.key.lowercased() == "content-type" }?.value ?? ""
        let summary = StubTransport.multipartSummary(bytes, contentType: type)
        var described = request
        described.body = Data(summary.jsonText.utf8)
        progress(Int64(bytes.count), Int64(bytes.count))
        return try await send(described)
    }

    /// The parts of a `multipart/form-data` body: text fields by name, and files described.
    static func multipartSummary(_ body: Data, contentType: String) -> PageValue {
        guard let boundary = contentType.components(separatedBy: "boundary=").last, !boundary.isEmpty, contentType.contains("boundary=") else {
            return .null
        }
        let delimiter = Array("--\(boundary)".utf8)
        let bytes = Array(body)
        var starts: [Int] = []
        var i = 0
        while i + delimiter.count <= bytes.count {
            if bytes[i] == delimiter[0], Array(bytes[i..<(i + delimiter.count)]) == delimiter { starts.append(i); i += delimiter.count } else { i += 1 }
        }
        var fields = PageObject()
        var files: [PageValue] = []
        for (n, start) in starts.enumerated() where n + 1 < starts.count {
            let part = Array(bytes[(start + delimiter.count)..<starts[n + 1]])
            guard let headEnd = find(Array("\r\n\r\n".utf8), in: part) else { continue }
            let head = String(decoding: part[..<headEnd], as: UTF8.self)
            var content = Array(part[(headEnd + 4)...])
            if content.suffix(2) == Array("\r\n".utf8) { content.removeLast(2) }
            let name = parameter("name", in: head) ?? ""
            if let filename = parameter("filename", in: head) {
                let type = head.components(separatedBy: "\r\n").first { $0.lowercased().hasPrefix("content-type:") }
                    .map { String($0.dropFirst("content-type:".count)).trimmingCharacters(in: .whitespaces) } ?? ""
                files.append(.object(PageObject([("field", .string(name)), ("name", .string(filename)), ("type", .string(type)), ("size", .int(Int64(content.count)))])))
            } else {
                fields[name] = .string(String(decoding: content, as: UTF8.self))
            }
        }
        return .object(PageObject([("fields", .object(fields)), ("files", .array(files))]))
    }

    private static func parameter(_ name: String, in head: String) -> String? {
        guard let range = head.range(of: "; \(name)=\"") else { return nil }
        let rest = head[range.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { return nil }
        return String(rest[..<end]).replacingOccurrences(of: "%22", with: "\"")
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count) where Array(haystack[start..<(start + needle.count)]) == needle { return start }
        return nil
    }
}
