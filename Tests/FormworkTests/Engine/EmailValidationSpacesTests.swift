import Formwork
import FormworkTesting
import Testing

/// login: the page sends trim($data.email), but the `email` validation refused an address with a
/// space after it (as a keyboard's autocompletion leaves), so the trim could never matter.
@MainActor
@Suite("Email validation and surrounding spaces")
struct EmailValidationSpacesTests {
    @Test(arguments: [
        (" li.wei@noodles.example ", nil as String?),
        ("li.wei@noodles.example\n", nil),
        ("   ", nil),   // blank: left to `required`
        ("li wei@noodles.example", "Enter a valid email address"),
        (" li.wei@noodles ", "Enter a valid email address"),
    ])
    func spacesAroundTheAddressAreIgnored(text: String, message: String?) async throws {
        let page = PageHarness(registry: .standard)
        try await page.open(json: """
            {"page": "mail", "data": {"email": ""},
             "components": [{"id": "text-field", "key": "email", "attributes": {"value": {"expr": "$data.email"}, "validateOn": "change"},
                             "validations": [{"id": "email"}]}]}
            """)
        try await page.set("email", .string(text))
        #expect(try page.read("error.email") == (message.map { PageValue.string($0) } ?? .null))
    }
}
