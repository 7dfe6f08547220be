/// The JSON paths of an array's elements, `components[3].components[0]` …, written one after
/// another into one reused buffer: what `PageDecoder.join(path, index)` gives for each index.
///
/// ```swift
/// var paths = IndexedPaths("components[3].components")
/// paths.path(0)    // "components[3].components[0]"
/// paths.path(12)   // "components[3].components[12]"
/// ```
///
/// NB: a component's path is made for every component of a page (its identity when it has no
/// key, and every message about it). Appending `[`, the index and `]` to a copy of the parent's
/// path was three string appends (about 480 instructions a component, 2% of opening the
/// 1,000-component page); here the parent's path and `[` are written once, and each element's
/// path is its digits and `]` after them, made into a `String` in one go.
struct IndexedPaths {
    private var bytes: [UInt8]
    /// How many bytes the array's own path and its `[` take: what every element's path starts with.
    private let prefixCount: Int

    init(_ path: String) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(path.utf8.count + 24)
        bytes.append(contentsOf: path.utf8)
        bytes.append(UInt8(ascii: "["))
        self.bytes = bytes
        prefixCount = bytes.count
    }

    /// The path of the element at `index` (not negative): the array's path, `[`, `index`, `]`.
    mutating func path(_ index: Int) -> String {
        bytes.removeLast(bytes.count - prefixCount)
        var divisor = 1
        while divisor <= index / 10 { divisor *= 10 }
        var rest = max(index, 0)
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest / divisor))
            rest %= divisor
            divisor /= 10
        }
        bytes.append(UInt8(ascii: "]"))
        return String(decoding: bytes, as: UTF8.self)
    }
}
