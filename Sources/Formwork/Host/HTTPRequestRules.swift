import Foundation

/// What a page may put in a request's method and headers, so it can't smuggle a second request
/// (`"GET /x HTTP/1.1\r\n…"` as a method), address another virtual host (`Host`), or take over how
/// the connection is framed (`Content-Length`, `Transfer-Encoding`, `Connection`, …).
///
/// The `api` action checks its request with these rules before sending (and `formwork check`
/// checks literal methods and headers); `URLSessionTransport` checks again, so a host's own code
/// can't slip past them either.
///
/// ```swift
/// HTTPRequestRules.methodProblem("GET /x HTTP/1.1\r\nX-Injected: yes\r\n\r\nGET")
/// // "'GET /x HTTP/1.1\r\nX-Injected: yes\r\n\r\nGET' is not an HTTP method; use one of GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS"
/// HTTPRequestRules.headerProblem(name: "Host", value: "admin.internal")
/// // "the header 'Host' can't be set by a page: the app and the network decide it"
/// ```
public enum HTTPRequestRules {
    /// The methods a request may use, in upper case. A page may write them in any case (`post`).
    public static let methods = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]

    /// Headers the transport and the connection own (lower case): the target host, how the body
    /// is framed, and the hop-by-hop headers of RFC 9110 §7.6.1.
    public static let reservedHeaders: Set<String> = [
        "host", "content-length", "transfer-encoding", "connection", "keep-alive", "proxy-connection",
        "te", "trailer", "upgrade", "expect", "proxy-authenticate", "proxy-authorization",
    ]

    /// Why `method` can't be sent (it must be one of `methods`, in any case), or nil.
    public static func methodProblem(_ method: String) -> String? {
        if methods.contains(method.uppercased()) { return nil }
        return "'\(printable(method))' is not an HTTP method; use one of " + methods.joined(separator: ", ")
    }

    /// Why a header can't be sent, or nil: the name must be an HTTP token and not reserved, and the
    /// value may hold no line breaks or other control characters (a tab is fine).
    public static func headerProblem(name: String, value: String) -> String? {
        guard !name.isEmpty, name.unicodeScalars.allSatisfy(isTokenCharacter) else {
            return "'\(printable(name))' is not a header name; use letters, digits and '-' (like X-Shop-Id)"
        }
        if reservedHeaders.contains(name.lowercased()) {
            return "the header '\(name)' can't be set by a page: the app and the network decide it"
        }
        if value.unicodeScalars.contains(where: { ($0.value < 0x20 && $0 != "\t") || $0.value == 0x7F }) {
            return "the value of the header '\(name)' contains a line break or another control character, which would end the header early; remove it"
        }
        return nil
    }

    /// The first problem with `request`'s method or headers, or nil when it may be sent.
    public static func problem(in request: TransportRequest) -> String? {
        if let problem = methodProblem(request.method) { return problem }
        for (name, value) in request.headers.sorted(by: { $0.key < $1.key }) {
            if let problem = headerProblem(name: name, value: value) { return problem }
        }
        return nil
    }

    // MARK: - Literal checks for `formwork check`

    /// The problem with a literal `method` attribute, for `check`.
    static func methodAttributeProblem(_ value: PageValue) -> String? {
        guard case .string(let method) = value else { return nil }
        return methodProblem(method)
    }

    /// The first problem with a literal `headers` object, for `check`.
    static func headersAttributeProblem(_ value: PageValue) -> String? {
        guard case .object(let headers) = value else { return nil }
        for (name, value) in headers {
            if let problem = headerProblem(name: name, value: value.displayText) { return problem }
        }
        return nil
    }

    // MARK: - Helpers

    /// RFC 9110 `tchar`: letters, digits and ``!#$%&'*+-.^_`|~``.
    static func isTokenCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9": return true
        default: return "!#$%&'*+-.^_`|~".unicodeScalars.contains(scalar)
        }
    }

    /// `text` with control characters written as escapes (`\r`, `\n`, `\u{0}`), so a message shows them.
    static func printable(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\r": out += "\\r"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: out += "\\u{\(String(scalar.value, radix: 16))}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
