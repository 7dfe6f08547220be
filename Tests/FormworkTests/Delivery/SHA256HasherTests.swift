import Foundation
import Testing
@testable import Formwork

@Suite struct SHA256HasherTests {
    /// The short and long message examples from NIST's "Cryptographic Algorithm Validation" examples
    /// for SHA-256 (FIPS 180-4 appendix examples).
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        ("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
         "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"),
    ])
    func nistVectors(message: String, expected: String) {
        #expect(SHA256Hasher.hexDigest(of: Data(message.utf8)) == expected)
    }

    @Test func oneMillionA() {
        let message = Data(repeating: UInt8(ascii: "a"), count: 1_000_000)
        #expect(SHA256Hasher.hexDigest(of: message) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// Lengths around the padding boundary (55 bytes fit one block with the length; 56 need two).
    @Test(arguments: [
        (55, "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318"),
        (56, "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a"),
        (63, "7d3e74a05d7db15bce4ad9ec0658ea98e3f06eeecf16b4c6fff2da457ddc2f34"),
        (64, "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb"),
        (65, "635361c48bb9eab14198e76ea8ab7f1a41685d6ad62aa9146d301d4f17eb0ae0"),
        (119, "31eba51c313a5c08226adf18d4a359cfdfd8d2e816b13f4af952f7ea6584dcfb"),
        (120, "2f3d335432c70b580af0e8e1b3674a7c020d683aa5f73aaaedfdc55af904c21c"),
    ])
    func paddingBoundaries(count: Int, expected: String) {
        #expect(SHA256Hasher.hexDigest(of: Data(repeating: UInt8(ascii: "a"), count: count)) == expected)
    }

    @Test(arguments: [1, 3, 7, 55, 63, 64, 65, 127, 1000])
    func streamingInChunksMatchesOneShot(chunkSize: Int) {
        // Pseudo-random bytes; the one-shot digest is itself pinned by the vectors above.
        var generator = SplitMix(seed: 42)
        let message = (0..<1000).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        var hasher = SHA256Hasher()
        var offset = 0
        while offset < message.count {
            let end = min(offset + chunkSize, message.count)
            hasher.update(Array(message[offset..<end]))
            offset = end
        }
        #expect(SHA256Hasher.hex(hasher.finalize()) == SHA256Hasher.hexDigest(of: Data(message)))
    }

    @Test func streamingOneMillionAInUnevenChunks() {
        var hasher = SHA256Hasher()
        var remaining = 1_000_000
        var size = 1
        while remaining > 0 {
            let count = min(size, remaining)
            hasher.update(Data(repeating: UInt8(ascii: "a"), count: count))
            remaining -= count
            size = size * 7 % 9973 + 1
        }
        #expect(SHA256Hasher.hex(hasher.finalize()) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func hexDigestShape() {
        #expect(SHA256Hasher.isHexDigest("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"))
        #expect(!SHA256Hasher.isHexDigest("BA7816BF8F01CFEA414140DE5DAE2223B00361A396177A9CB410FF61F20015AD"))
        #expect(!SHA256Hasher.isHexDigest("ba7816bf"))
        #expect(!SHA256Hasher.isHexDigest("zz7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"))
    }
}

/// A tiny deterministic generator so test data is the same on every run.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
