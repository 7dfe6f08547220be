import Foundation
import Testing
import Formwork
import FormworkTesting

/// `number-field` and `date-field` read what a person in the page's locale types, store the same
/// value whatever the locale, and show their value the locale's way.
@MainActor
@Suite struct TypedInputTests {
    static let page = """
        {"page": "typing", "data": {"price": null, "day": null},
         "components": [
           {"id": "number-field", "key": "price", "attributes": {"title": "Price", "value": {"expr": "$data.price"}}},
           {"id": "date-field", "key": "day", "attributes": {"title": "Day", "value": {"expr": "$data.day"}}},
           {"id": "text-field", "key": "note", "attributes": {"title": "Note"}}
         ]}
        """

    func open(_ locale: String) async throws -> (PageHarness, PageSession) {
        let harness = PageHarness(registry: .standard, languages: [locale])
        try await harness.open(try PageDocument.load(Array(Self.page.utf8), registry: .standard, libraries: .empty))
        return (harness, try harness.current)
    }

    nonisolated static let numbers: [(locale: String, typed: String, value: PageValue)] = [
        ("en", "1,234.5", .number(1234.5)), ("en", "1234.5", .number(1234.5)), ("en", "-12", .int(-12)), ("en", ".5", .number(0.5)),
        ("de", "1.234,5", .number(1234.5)), ("de", "1234,5", .number(1234.5)), ("de", "1.234.567", .int(1_234_567)), ("de", "-0,25", .number(-0.25)),
        ("de-AT", "1 234,5", .number(1234.5)),
        ("de-AT", "1.234,5", .number(1234.5)),
        ("de-CH", "1’234.5", .number(1234.5)), ("de-CH", "1'234.5", .number(1234.5)),
        ("ru", "1 234,5", .number(1234.5)), ("ru", "1\u{00A0}234,5", .number(1234.5)), ("ru", "1\u{202F}234,5", .number(1234.5)),
        ("fr", "1 234,5", .number(1234.5)), ("pl", "12 345,5", .number(12345.5)), ("es", "1.234,5", .number(1234.5)),
        ("zh-Hans", "1,234.5", .number(1234.5)), ("zh-CN", "66", .int(66)), ("ar", "‎-1,234.5", .number(-1234.5)), ("ja", " 42 ", .int(42)),
        ("de", "", .null), ("de", "  ", .null),
    ]

    nonisolated static let badNumbers: [(locale: String, typed: String, message: String)] = [
        ("de", "1.5", "Geben Sie eine Zahl ein, z. B. 1.234,5"),
        ("de", "1,2,3", "Geben Sie eine Zahl ein, z. B. 1.234,5"),
        ("en", "1,5", "Enter a number like 1,234.5"),
        ("en", "12a", "Enter a number like 1,234.5"),
        ("ru", "1.234,5", "Введите число, например 1\u{00A0}234,5"),
        ("zh-Hans", "一百", "请输入数字，例如 1,234.5"),
        ("de-CH", "1.234,5", "Geben Sie eine Zahl ein, z. B. 1’234.5"),
        ("en", "-", "Enter a number like 1,234.5"),
    ]

    @Test(arguments: numbers.indices)
    func numberFieldReadsTheLocale(_ row: Int) async throws {
        let (locale, typed, value) = Self.numbers[row]
        let (harness, page) = try await open(locale)
        let field = try harness.component("price")
        #expect(page.valueForText(typed, in: field) == .success(value), "\(locale) \(typed)")
        try await harness.enterText(typed, into: "price")
        #expect(try harness.read("data.price") == value, "\(locale) \(typed)")
        #expect(field.validationError == nil)
    }

    @Test(arguments: badNumbers.indices)
    func numberFieldRefusesOtherWritings(_ row: Int) async throws {
        let (locale, typed, message) = Self.badNumbers[row]
        let (harness, page) = try await open(locale)
        try await harness.set("price", .int(7))
        let outcome = try await harness.enterText(typed, into: "price")
        #expect(outcome == .ignored(message), "\(locale) \(typed)")
        #expect(try harness.read("data.price") == .int(7), "the store keeps the last value that read")
        #expect(try harness.component("price").validationError == message)
        // The next text that reads clears the message.
        try await harness.enterText("8", into: "price")
        #expect(try harness.component("price").validationError == nil)
        #expect(try harness.read("data.price") == .int(8))
        _ = page
    }

    @Test func numberFieldShowsItsValueTheLocalesWay() async throws {
        for (locale, shown) in [("en", "1234.5"), ("de", "1234,5"), ("de-CH", "1234.5"), ("ru", "1234,5"), ("zh-Hans", "1234.5")] {
            let (harness, page) = try await open(locale)
            try await harness.set("price", .number(1234.5))
            #expect(page.textForValue(in: try harness.component("price")) == shown, "\(locale)")
            // What is shown reads back as the same value.
            #expect(page.valueForText(shown, in: try harness.component("price")) == .success(.number(1234.5)))
        }
    }

    nonisolated static let dates: [(locale: String, typed: String)] = [
        ("en", "11/14/23"), ("en", "Nov 14, 2023"), ("en", "November 14, 2023"), ("en", "nov 14, 2023"),
        ("de", "14.11.2023"), ("de", "14.11.23"), ("de", "14. November 2023"), ("de", "Dienstag, 14. November 2023"),
        ("de-CH", "14.11.2023"), ("fr", "14/11/2023"), ("fr", "14 nov. 2023"), ("es", "14/11/23"),
        ("ru", "14.11.2023"), ("ru", "14 нояб. 2023 г."), ("pl", "14.11.2023"),
        ("zh-Hans", "2023/11/14"), ("zh-Hans", "2023年11月14日"), ("ja", "2023/11/14"),
        ("ar", "14‏/11‏/2023"), ("ar", "14/11/2023"),
        ("en", "2023-11-14"), ("de", "2023-11-14"), ("zh-Hans", " 2023-11-14 "),
    ]

    @Test(arguments: dates.indices)
    func dateFieldReadsTheLocale(_ row: Int) async throws {
        let (locale, typed) = Self.dates[row]
        let (harness, page) = try await open(locale)
        #expect(page.valueForText(typed, in: try harness.component("day")) == .success(.string("2023-11-14")), "\(locale) \(typed)")
        try await harness.enterText(typed, into: "day")
        #expect(try harness.read("data.day") == .string("2023-11-14"))
    }

    @Test func dateFieldRefusesWhatIsNoDay() async throws {
        for (locale, typed, message) in [("de", "31.02.2023", "Geben Sie ein Datum ein, z. B. 14.11.2023"), ("en", "14/11/2023", "Enter a date like Nov 14, 2023"),
                                         ("zh-Hans", "明天", "请输入日期，例如 2023年11月14日"), ("de", "14.11.", "Geben Sie ein Datum ein, z. B. 14.11.2023")] {
            let (harness, _) = try await open(locale)
            #expect(try await harness.enterText(typed, into: "day") == .ignored(message), "\(locale) \(typed)")
            #expect(try harness.read("data.day") == .null)
        }
    }

    @Test func twoDigitYearsFollowPOSIX() async throws {
        let (harness, page) = try await open("de")
        let day = try harness.component("day")
        #expect(page.valueForText("1.2.68", in: day) == .success(.string("2068-02-01")))
        #expect(page.valueForText("1.2.69", in: day) == .success(.string("1969-02-01")))
    }

    @Test func dateFieldShowsItsValueTheLocalesWay() async throws {
        for (locale, shown) in [("en", "Nov 14, 2023"), ("de", "14.11.2023"), ("ru", "14 нояб. 2023\u{202F}г."), ("zh-Hans", "2023年11月14日"), ("ar", "14‏/11‏/2023")] {
            let (harness, page) = try await open(locale)
            try await harness.set("day", .string("2023-11-14"))
            let field = try harness.component("day")
            #expect(page.textForValue(in: field) == shown, "\(locale)")
            #expect(page.valueForText(shown, in: field) == .success(.string("2023-11-14")), "\(locale) reads back")
        }
    }

    @Test("page.locale is $page.locale: the host's first language, or the page's default without one")
    func theSessionSaysItsLocale() async throws {
        for locale in ["de-CH", "zh-Hans", "ar"] {
            let (_, page) = try await open(locale)
            #expect(page.locale == locale)
            #expect(page.state["locale"] == .string(locale))
        }
        let engine = PageEngine(registry: .standard, host: PageHost(languages: []))
        let page = try engine.open(try PageDocument.load(Array(#"{"page": "p", "defaultLocale": "fr", "strings": {"fr": {"hi": "Salut"}}}"#.utf8), registry: .standard, libraries: .empty))
        #expect(page.locale == page.state["locale"]?.stringValue)
        #expect(page.locale == "fr")
    }

    @Test func textFieldsTakeTheTextAsItIs() async throws {
        let (harness, page) = try await open("de")
        #expect(page.valueForText("1.5", in: try harness.component("note")) == .success(.string("1.5")))
        try await harness.enterText("1.5", into: "note")
        #expect(page.textForValue(in: try harness.component("note")) == "1.5")
    }

    @Test func aFlowTypesAGermanNumber() async throws {
        let flow = """
            {"page": "typing.json", "locale": "de", "steps": [
              {"type": "price", "text": "1.234,5"},
              {"expect": {"data.price": 1234.5}},
              {"type": "price", "text": "1.5"},
              {"expect": {"data.price": 1234.5, "error.price": "Geben Sie eine Zahl ein, z. B. 1.234,5"}},
              {"type": "day", "text": "14.11.23"},
              {"expect": {"data.day": "2023-11-14"}}
            ]}
            """
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("typed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(Self.page.utf8).write(to: folder.appendingPathComponent("typing.json"))
        try Data(flow.utf8).write(to: folder.appendingPathComponent("typing.flow.json"))
        let result = await FlowRunner(registry: .standard).run(file: folder.appendingPathComponent("typing.flow.json").path)
        #expect(result.failures.isEmpty, "\(result.failures)")
    }

    @Test func aFlowStepNeedsItsText() throws {
        #expect(throws: FlowFileError.self) { try FlowFile.decode(Array(#"{"page": "p.json", "steps": [{"type": "price"}]}"#.utf8), file: "p.flow.json") }
    }
}
