import Foundation

/// Gzip streams of zero bytes that compress about 160 to 1, written by hand (no zlib): a literal
/// zero, then back-references "258 bytes, 1 back" in one fixed-Huffman deflate block (RFC 1951
/// §3.2.6), each costing 13 bits. Enough to build a gzip bomb for tests.
///
/// ```swift
/// let body = GzipZeros.gzip(matches: 4)   // 29 bytes that decompress to 1 + 4 × 258 = 1,033 zeros
/// GzipZeros.decompressedSize(matches: 4)  // 1033
/// ```
public enum GzipZeros {
    /// A complete gzip member (with CRC-32 and size) that decompresses to
    /// `decompressedSize(matches:)` zero bytes.
    public static func gzip(matches: Int) -> Data {
        var bits = BitWriter()
        bits.write(1, count: 1)   // BFINAL: the last block
        bits.write(1, count: 2)   // BTYPE 01: fixed Huffman codes
        bits.writeCode(0x30, count: 8)   // literal 0
        for _ in 0..<matches { writeMatch(&bits) }
        bits.writeCode(0, count: 7)   // end of block (256)
        let size = decompressedSize(matches: matches)
        var out = header + bits.bytes
        out += littleEndian(crc32OfZeros(count: size))
        out += littleEndian(UInt32(truncatingIfNeeded: size))
        return Data(out)
    }

    /// How many zero bytes `gzip(matches:)` decompresses to.
    public static func decompressedSize(matches: Int) -> Int { 1 + 258 * matches }

    // MARK: - An unterminated stream, for the loopback server

    /// The gzip header and the first two bytes of a block that never ends (its header bits, the
    /// literal zero and the start of the first match).
    static var endlessPrefix: [UInt8] { header + Array(endlessStream(units: 2).prefix(2)) }

    /// Eight matches (104 bits, 13 bytes) repeated `count` times: after the 2-byte prefix the
    /// stream is periodic, since every 8 matches end on the same bit position.
    static func endlessRepeatingUnit(count: Int) -> [UInt8] {
        let stream = endlessStream(units: 2)
        let unit = Array(stream[2..<15])
        return Array([[UInt8]](repeating: unit, count: count).joined())
    }

    /// The deflate bits of an endless block: its header, a literal zero, then `8 × units` matches.
    private static func endlessStream(units: Int) -> [UInt8] {
        var bits = BitWriter()
        bits.write(0, count: 1)   // BFINAL 0: more blocks follow (they never do)
        bits.write(1, count: 2)
        bits.writeCode(0x30, count: 8)
        for _ in 0..<(8 * units) { writeMatch(&bits) }
        return bits.bytes
    }

    // MARK: - Pieces

    /// ID1 ID2, CM = deflate, no flags, no time, no extra flags, OS unknown.
    private static let header: [UInt8] = [0x1F, 0x8B, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xFF]

    /// Length 258 (code 285, no extra bits), distance 1 (code 0, no extra bits).
    private static func writeMatch(_ bits: inout BitWriter) {
        bits.writeCode(0xC5, count: 8)
        bits.writeCode(0, count: 5)
    }

    private static func littleEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF), UInt8((value >> 16) & 0xFF), UInt8(value >> 24)]
    }

    private static func crc32OfZeros(count: Int) -> UInt32 {
        var table = [UInt32](repeating: 0, count: 256)
        for i in 0..<256 {
            var c = UInt32(i)
            for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
            table[i] = c
        }
        var crc: UInt32 = 0xFFFF_FFFF
        for _ in 0..<count { crc = table[Int(crc & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }

    /// Deflate's bit order: fields least significant bit first, Huffman codes most significant first.
    private struct BitWriter {
        var bytes: [UInt8] = []
        private var used = 0   // bits used in the last byte

        mutating func write(_ value: UInt32, count: Int) {
            for i in 0..<count { append(bit: (value >> i) & 1) }
        }

        mutating func writeCode(_ code: UInt32, count: Int) {
            for i in stride(from: count - 1, through: 0, by: -1) { append(bit: (code >> i) & 1) }
        }

        private mutating func append(bit: UInt32) {
            if used == 0 { bytes.append(0) }
            bytes[bytes.count - 1] |= UInt8(bit) << used
            used = (used + 1) % 8
        }
    }
}
