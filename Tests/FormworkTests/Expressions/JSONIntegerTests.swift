import Foundation
import Testing
import Formwork

/// JSON is read without loss: an integer Formwork can't hold exactly is refused, with where it is
/// and what to do, never rounded into a double.
@Suite("JSON integers")
struct JSONIntegerTests {
    @Test("64-bit integers are ints; wider ones are refused, never rounded", arguments: [
        ("9223372036854775807", "9223372036854775807"),
        ("-9223372036854775808", "-9223372036854775808"),
        ("12345678901234567891.0", "1.2345678901234567e+19"),   // a fraction asks for a number
        ("1.2345678901234567891e19", "1.2345678901234567e+19"),
        ("9223372036854775808",
         "error: 1:1: the integer 9223372036854775808 is outside the 64-bit range and can't be read without rounding it; send it as a string (\"9223372036854775808\") if it is an id, or with a fraction (9223372036854775808.0) if an approximate number will do"),
        ("-9223372036854775809",
         "error: 1:1: the integer -9223372036854775809 is outside the 64-bit range and can't be read without rounding it; send it as a string (\"-9223372036854775809\") if it is an id, or with a fraction (-9223372036854775809.0) if an approximate number will do"),
        ("{\"order\": {\"lines\": [1, 12345678901234567891]}}",
         "error: 1:25: the integer 12345678901234567891 is outside the 64-bit range and can't be read without rounding it; send it as a string (\"12345678901234567891\") if it is an id, or with a fraction (12345678901234567891.0) if an approximate number will do (at order.lines[1])"),
    ])
    func integers(json: String, expected: String) {
        do {
            #expect(try JSONReader.parse(json).jsonText == expected)
        } catch {
            #expect("error: \(error)" == expected)
            #expect(error.isUnreadableNumber)
        }
    }

    @Test("an api answer holding such an integer fails the action instead of arriving as text")
    @MainActor
    func apiAnswerWithAWideInteger() async throws {
        let transport = CannedTransport()
        await transport.on("GET /orders/1") { _ in
            TransportResponse(status: 200, headers: ["Content-Type": "application/json"], body: Data(#"{"id": 12345678901234567891}"#.utf8))
        }
        let page = """
        {"page": "order", "interactions": {"load": [
          {"id": "api", "attributes": {"url": "https://shop.example/orders/1"}},
          {"id": "store-var", "attributes": {"key": "$data.order"}}]},
         "onError": [{"id": "ignore"}]}
        """
        let host = PageHost(navigator: StackNavigator(), presenter: QueuedPresenter(), transport: transport)
        let session = try PageEngine(registry: .standard, host: host).open(try EnginePages.load(page))
        let outcome = await session.trigger("load")
        guard case .failed(let error, _) = outcome else {
            Issue.record("expected a failure, got \(outcome)")
            return
        }
        #expect(error["kind"] == "network")
        #expect(error["message"] == "The server's answer couldn't be read.")
        #expect(error["detail"]?.stringValue?.hasPrefix("reading the answer: 1:8: the integer 12345678901234567891 is outside the 64-bit range") == true)
        #expect(session.data["order"] == nil)
    }
}

/// Integers of up to 18 digits are read straight from the bytes; longer ones through `Int64(_:)`.
/// Both paths must agree on every length around the boundary.
@Suite("JSON integers, fast and general paths")
struct JSONIntegerPathTests {
    @Test("every length from 1 to 19 digits, both signs, reads as Int64 reads it")
    func lengths() throws {
        var seed: UInt64 = 0x2545_F491_4F6C_DD1D
        for length in 1...19 {
            for _ in 0..<50 {
                var digits = ""
                for position in 0..<length {
                    seed = seed &* 6364136223846793005 &+ 1442695040888963407
                    let digit = Int(seed >> 60) % 10
                    // NB: a leading zero isn't JSON; a 19-digit number starting 9 may not fit.
                    digits += String(position == 0 && length > 1 ? 1 + digit % 8 : digit)
                }
                for text in [digits, "-" + digits] {
                    let expected = try #require(Int64(text), "\(text) fits in 64 bits")
                    #expect(try JSONReader.parse(text) == .int(expected), "\(text)")
                }
            }
        }
        #expect(try JSONReader.parse("-0") == .int(0))
        #expect(try JSONReader.parse("999999999999999999") == .int(999_999_999_999_999_999))
        #expect(try JSONReader.parse("-999999999999999999") == .int(-999_999_999_999_999_999))
    }
}
