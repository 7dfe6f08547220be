import Formwork

/// Reads an input as several parts: the bytes up to the first NUL are the text under test, the
/// rest seeds the stores. A corpus entry written as text (an expression, a page) is all text.
public struct FuzzInput {
    public let text: String
    public let textBytes: [UInt8]
    public let seed: [UInt8]

    public init(_ bytes: [UInt8]) {
        if let split = bytes.firstIndex(of: 0) {
            textBytes = Array(bytes[..<split])
            seed = Array(bytes[(split + 1)...])
        } else {
            textBytes = bytes
            seed = []
        }
        text = String(decoding: textBytes, as: UTF8.self)
    }
}

/// Builds store values from seed bytes: objects whose strings may hold any Unicode scalar
/// (control characters, NUL, U+FFFF, astral planes), numbers at the edges of Int64 and Double,
/// nested arrays and objects, always under the same names the corpus's expressions read.
public struct StoreBuilder {
    private var bytes: ArraySlice<UInt8>

    public init(_ seed: [UInt8]) { bytes = seed[...] }

    /// Field names the grammar examples and pages use, so a seed reaches the paths they read.
    public static let names = ["name", "price", "qty", "items", "a", "b", "x", "n", "list", "user", "text", "id", "value", "tags", "count"]

    /// Text a server answer may hold that string functions have got wrong: NUL alone, after a
    /// letter and between letters (Foundation's search read 'x\u{0}' as found in 'xxxxxxx', and
    /// replacing it crashed), a mark that combines with the letter before, CRLF (one character),
    /// invisible and ignorable scalars, the last BMP scalar, an astral one, final sigma, empty.
    public static let unusualStrings = [
        "xxxxxxx", "x\u{0}", "\u{0}", "a\u{0}b", "e\u{301}", "\u{301}", "a\r\nb", "\r\n", "\r", "x\u{AD}",
        "\u{200B}", "\u{200D}", "\u{FEFF}x", "\u{FFFF}", "😀", "ΟΔΟΣ", "ß", "İ", " \u{A0}\u{3000}", "", "\u{E9}",
    ]

    /// The stores an input without seed bytes reads (every grammar example and page expression
    /// in the seeds): each name holds unusual text, a list of it, or rows of it, so a text-only
    /// seed such as `replace($data.name, $data.x, '-')` already meets NUL, marks and CRLF.
    public static var sample: PageValue {
        var object = PageObject()
        for (i, name) in names.enumerated() { object[name] = .string(unusualStrings[i % unusualStrings.count]) }
        object["list"] = .array(unusualStrings.map { .string($0) })
        object["tags"] = .array(unusualStrings.prefix(6).map { .string($0) })
        object["items"] = .array(unusualStrings.enumerated().map { i, text in
            var row = PageObject()
            row["name"] = .string(text)
            row["price"] = i % 3 == 0 ? .null : .int(Int64(i * 7 % 5))
            row["n"] = .number(Double(i) / 4)
            return .object(row)
        })
        return .object(object)
    }

    private mutating func next() -> UInt8? { bytes.popFirst() }

    public mutating func value(depth: Int = 0) -> PageValue {
        guard let tag = next() else { return .null }
        switch tag % 9 {
        case 0: return .null
        case 1: return .bool(tag & 0x10 != 0)
        case 2: return .int(int64())
        case 3: return .number(double())
        case 4: return .string(string())
        case 5: return .string(StoreBuilder.unusualStrings[Int(next() ?? 0) % StoreBuilder.unusualStrings.count])
        case 6 where depth < 4:
            let count = Int(next() ?? 0) % 5
            return .array((0..<count).map { _ in value(depth: depth + 1) })
        case 7 where depth < 4:
            return object(depth: depth + 1)
        default: return .int(Int64(tag))
        }
    }

    public mutating func object(depth: Int = 0) -> PageValue {
        if depth == 0 && bytes.isEmpty { return StoreBuilder.sample }
        let count = Int(next() ?? 3) % 6 + 1
        var object = PageObject()
        for _ in 0..<count {
            let key = next().map { $0 < 200 ? StoreBuilder.names[Int($0) % StoreBuilder.names.count] : string() } ?? "name"
            object[key] = value(depth: depth)
        }
        return .object(object)
    }

    private mutating func int64() -> Int64 {
        guard let kind = next() else { return 0 }
        switch kind % 6 {
        case 0: return .max
        case 1: return .min
        case 2: return -1
        default:
            var raw: UInt64 = 0
            for _ in 0..<Int(kind % 8 + 1) { raw = raw << 8 | UInt64(next() ?? 0) }
            return Int64(bitPattern: raw)
        }
    }

    private mutating func double() -> Double {
        guard let kind = next() else { return 0 }
        switch kind % 8 {
        case 0: return .infinity
        case 1: return -.infinity
        case 2: return .nan
        case 3: return .greatestFiniteMagnitude
        case 4: return .leastNonzeroMagnitude
        case 5: return -0.0
        default:
            var raw: UInt64 = 0
            for _ in 0..<8 { raw = raw << 8 | UInt64(next() ?? 0) }
            return Double(bitPattern: raw)
        }
    }

    /// A string of any Unicode scalars: each from 1–3 bytes, surrogates stepped over.
    private mutating func string() -> String {
        let count = Int(next() ?? 0) % 12
        var scalars = String.UnicodeScalarView()
        for _ in 0..<count {
            guard let first = next() else { break }
            var code = UInt32(first)
            if first >= 0xF0 { code = (UInt32(first & 0x0F) << 16 | UInt32(next() ?? 0) << 8 | UInt32(next() ?? 0)) % 0x110000 }
            else if first >= 0xC0 { code = UInt32(first & 0x3F) << 8 | UInt32(next() ?? 0) }
            if let scalar = Unicode.Scalar(code) { scalars.append(scalar) }
        }
        return String(scalars)
    }
}
