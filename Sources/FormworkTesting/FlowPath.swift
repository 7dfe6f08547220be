/// A path into what a flow can read: `data.dish.price`, `component.save.enabled`,
/// `requests[-1].body.name`, `component["odd key"].value`.
///
/// Members follow dots (a name may hold any character but `.`, `[`, `]` and spaces), or are
/// quoted JSON strings in brackets; indexes are in brackets and may count from the end (`[-1]`
/// is the last element).
public struct FlowPath: Sendable, Hashable, CustomStringConvertible {
    /// One step of a path: a member name or an index.
    public enum Segment: Sendable, Hashable {
        /// A member by name: `price` in `data.dish.price`.
        case key(String)
        /// An element by index from 0, or from the end when negative: `[1]`, `[-1]`.
        case index(Int)
    }

    /// The path's steps, in order.
    public let segments: [Segment]

    /// A path of these steps.
    public init(segments: [Segment]) { self.segments = segments }

    /// Parses a path; the message says what is wrong where.
    public init(_ text: String) throws(FlowFileError.Problem) {
        var segments: [Segment] = []
        let chars = Array(text)
        var i = 0
        func fail(_ message: String) -> FlowFileError.Problem {
            FlowFileError.Problem("", "'\(text)' is not a path: \(message)")
        }
        func readName() -> String {
            var name = ""
            while i < chars.count, chars[i] != ".", chars[i] != "[", chars[i] != "]", chars[i] != " " {
                name.append(chars[i])
                i += 1
            }
            return name
        }
        let first = readName()
        guard !first.isEmpty else { throw fail("it must start with a name like data, component or request") }
        segments.append(.key(first))
        while i < chars.count {
            switch chars[i] {
            case ".":
                i += 1
                let name = readName()
                guard !name.isEmpty else { throw fail("a name must follow '.' (at character \(i + 1))") }
                segments.append(.key(name))
            case "[":
                i += 1
                if i < chars.count, chars[i] == "\"" {
                    guard let close = (i + 1..<chars.count).first(where: { chars[$0] == "\"" && chars[$0 - 1] != "\\" }),
                          close + 1 < chars.count, chars[close + 1] == "]",
                          case .string(let key)? = try? JSONReader.parse(String(chars[i...close]))
                    else { throw fail("a quoted member must look like [\"name\"]") }
                    segments.append(.key(key))
                    i = close + 2
                } else {
                    var digits = ""
                    while i < chars.count, chars[i] != "]" { digits.append(chars[i]); i += 1 }
                    guard i < chars.count, let index = Int(digits) else { throw fail("an index must be a whole number in brackets, like [0] or [-1]") }
                    segments.append(.index(index))
                    i += 1
                }
            default:
                throw fail("unexpected '\(chars[i])' at character \(i + 1)")
            }
        }
        self.segments = segments
    }

    /// The first name: `data`, `component`, `request`, …
    public var root: String {
        if case .key(let name)? = segments.first { return name }
        return ""
    }

    /// The path as a flow file writes it: `requests[-1].body.name`.
    public var description: String {
        var text = ""
        for (n, segment) in segments.enumerated() {
            switch segment {
            case .key(let key):
                if !key.isEmpty, !key.contains(where: { ".[] \"".contains($0) }) {
                    text += (n == 0 ? "" : ".") + key
                } else {
                    text += "[" + PageValue.string(key).jsonText + "]"
                }
            case .index(let index): text += "[\(index)]"
            }
        }
        return text
    }

    /// This path, one step further.
    public func appending(_ segment: Segment) -> FlowPath { FlowPath(segments: segments + [segment]) }

    /// Reads `segments` below `value`; null where the path leads nowhere. Negative indexes
    /// count from the end.
    public static func read(_ segments: ArraySlice<Segment>, in value: PageValue) -> PageValue {
        var current = value
        for segment in segments {
            switch (segment, current) {
            case (.key(let key), .object(let object)): current = object[key] ?? .null
            case (.index(let index), .array(let array)):
                let at = index < 0 ? array.count + index : index
                current = array.indices.contains(at) ? array[at] : .null
            default: return .null
            }
        }
        return current
    }
}
