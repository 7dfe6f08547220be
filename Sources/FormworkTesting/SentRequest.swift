import Foundation

/// A request the page sent, as a test reads it: method, URL, headers and the body decoded from
/// JSON, with the answer it got.
///
/// ```swift
/// let request = harness.requests.last!
/// request.method           // "POST"
/// request.path             // "/api/dishes"
/// request.body["price"]    // .number(12.5)
/// ```
public struct SentRequest: Sendable, Equatable {
    /// The HTTP method, in capitals.
    public let method: String
    /// The URL as the page wrote it (relative URLs stay relative).
    public let url: String
    /// The URL's path, without the query.
    public let path: String
    /// The URL's query, without the `?`; nil when there is none.
    public let query: String?
    /// The headers the page set, by name as written.
    public let headers: [String: String]
    /// The body decoded as JSON; text when it isn't JSON; null when there is none.
    public let body: PageValue
    /// The answer it got (from a stub or the real server); nil when it failed or nothing matched.
    public internal(set) var response: StubResponse?

    init(_ request: TransportRequest) {
        method = request.method.uppercased()
        url = request.url.absoluteString
        path = request.url.path.isEmpty ? "/" : request.url.path
        query = request.url.query
        headers = request.headers
        body = SentRequest.decode(request.body)
        response = nil
    }

    /// `METHOD path`, the way stubs are named.
    public var line: String { "\(method) \(path)" + (query.map { "?" + $0 } ?? "") }

    /// `{method, url, path, query, headers, body, status}` as flows read it (`request.body.price`).
    public var jsonValue: PageValue {
        .object(PageObject([
            ("method", .string(method)), ("url", .string(url)), ("path", .string(path)),
            ("query", query.map { .string($0) } ?? .null),
            ("headers", .object(PageObject(headers.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) }))),
            ("body", body),
            ("status", response.map { $0.networkFailure == nil ? .int(Int64($0.status)) : .null } ?? .null),
        ]))
    }

    static func decode(_ data: Data?) -> PageValue {
        guard let data, !data.isEmpty else { return .null }
        if let value = try? JSONReader.parse(bytes: Array(data)) { return value }
        return .string(String(decoding: data, as: UTF8.self))
    }
}
