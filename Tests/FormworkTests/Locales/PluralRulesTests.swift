import Foundation
import Testing
@testable import Formwork
import FormworkTesting

/// The plural rules against CLDR's own examples: every `@integer` and `@decimal` sample that
/// `supplemental/plurals.json` (CLDR 47) gives for each language, copied as published. Ranges
/// (`2~16`, `0.0~1.5`) are expanded; compact exponents (`1c6`) and `…` are left out, since
/// Formwork's numbers have no exponent operand.
@Suite struct PluralRulesTests {
    static let published: [(language: String, category: PluralCategory, samples: String)] = [
        ("ar", .zero, "@integer 0 @decimal 0.0, 0.00, 0.000, 0.0000"),
        ("ar", .one, "@integer 1 @decimal 1.0, 1.00, 1.000, 1.0000"),
        ("ar", .two, "@integer 2 @decimal 2.0, 2.00, 2.000, 2.0000"),
        ("ar", .few, "@integer 3~10, 103~110, 1003, … @decimal 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 103.0, 1003.0, …"),
        ("ar", .many, "@integer 11~26, 111, 1011, … @decimal 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 111.0, 1011.0, …"),
        ("ar", .other, "@integer 100~102, 200~202, 300~302, 400~402, 500~502, 600, 1000, 10000, 100000, 1000000, … @decimal 0.1~0.9, 1.1~1.7, 10.1, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, …"),
        ("cs", .one, "@integer 1"),
        ("cs", .few, "@integer 2~4"),
        ("cs", .many, "@decimal 0.0~1.5, 10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, …"),
        ("cs", .other, "@integer 0, 5~19, 100, 1000, 10000, 100000, 1000000, …"),
        ("de", .one, "@integer 1"),
        ("de", .other, "@integer 0, 2~16, 100, 1000, 10000, 100000, 1000000, … @decimal 0.0~1.5, 10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, …"),
        ("en", .one, "@integer 1"),
        ("en", .other, "@integer 0, 2~16, 100, 1000, 10000, 100000, 1000000, … @decimal 0.0~1.5, 10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, …"),
        ("es", .one, "@integer 1 @decimal 1.0, 1.00, 1.000, 1.0000"),
        ("es", .many, "@integer 1000000, 1c6, 2c6, 3c6, 4c6, 5c6, 6c6, … @decimal 1.0000001c6, 1.1c6, 2.0000001c6, 2.1c6, 3.0000001c6, 3.1c6, …"),
        ("es", .other, "@integer 0, 2~16, 100, 1000, 10000, 100000, 1c3, 2c3, 3c3, 4c3, 5c3, 6c3, … @decimal 0.0~0.9, 1.1~1.6, 10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, 1.0001c3, 1.1c3, 2.0001c3, 2.1c3, 3.0001c3, 3.1c3, …"),
        ("fr", .one, "@integer 0, 1 @decimal 0.0~1.5"),
        ("fr", .many, "@integer 1000000, 1c6, 2c6, 3c6, 4c6, 5c6, 6c6, … @decimal 1.0000001c6, 1.1c6, 2.0000001c6, 2.1c6, 3.0000001c6, 3.1c6, …"),
        ("fr", .other, "@integer 2~17, 100, 1000, 10000, 100000, 1c3, 2c3, 3c3, 4c3, 5c3, 6c3, … @decimal 2.0~3.5, 10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, 1.0001c3, 1.1c3, 2.0001c3, 2.1c3, 3.0001c3, 3.1c3, …"),
        ("it", .one, "@integer 1"),
        ("it", .many, "@integer 1000000, 1c6, 2c6, 3c6, 4c6, 5c6, 6c6, … @decimal 1.0000001c6, 1.1c6, 2.0000001c6, 2.1c6, 3.0000001c6, 3.1c6, …"),
        ("it", .other, "@integer 0, 2~16, 100, 1000, 10000, 100000, 1c3, 2c3, 3c3, 4c3, 5c3, 6c3, … @decimal 0.0~1.5, 10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, 1.0001c3, 1.1c3, 2.0001c3, 2.1c3, 3.0001c3, 3.1c3, …"),
        ("ja", .other, "@integer 0~15, 100, 1000, 10000, 100000, 1000000, … @decimal 0.0~1.5, 10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, …"),
        ("ko", .other, "@integer 0~15, 100, 1000, 10000, 100000, 1000000, … @decimal 0.0~1.5, 10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, …"),
        ("nl", .one, "@integer 1"),
        ("nl", .other, "@integer 0, 2~16, 100, 1000, 10000, 100000, 1000000, … @decimal 0.0~1.5, 10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, …"),
        ("pl", .one, "@integer 1"),
        ("pl", .few, "@integer 2~4, 22~24, 32~34, 42~44, 52~54, 62, 102, 1002, …"),
        ("pl", .many, "@integer 0, 5~19, 100, 1000, 10000, 100000, 1000000, …"),
        ("pl", .other, "@decimal 0.0~1.5, 10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, …"),
        ("pt", .one, "@integer 0, 1 @decimal 0.0~1.5"),
        ("pt", .many, "@integer 1000000, 1c6, 2c6, 3c6, 4c6, 5c6, 6c6, … @decimal 1.0000001c6, 1.1c6, 2.0000001c6, 2.1c6, 3.0000001c6, 3.1c6, …"),
        ("pt", .other, "@integer 2~17, 100, 1000, 10000, 100000, 1c3, 2c3, 3c3, 4c3, 5c3, 6c3, … @decimal 2.0~3.5, 10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, 1.0001c3, 1.1c3, 2.0001c3, 2.1c3, 3.0001c3, 3.1c3, …"),
        ("ru", .one, "@integer 1, 21, 31, 41, 51, 61, 71, 81, 101, 1001, …"),
        ("ru", .few, "@integer 2~4, 22~24, 32~34, 42~44, 52~54, 62, 102, 1002, …"),
        ("ru", .many, "@integer 0, 5~19, 100, 1000, 10000, 100000, 1000000, …"),
        ("ru", .other, "@decimal 0.0~1.5, 10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, …"),
        ("uk", .one, "@integer 1, 21, 31, 41, 51, 61, 71, 81, 101, 1001, …"),
        ("uk", .few, "@integer 2~4, 22~24, 32~34, 42~44, 52~54, 62, 102, 1002, …"),
        ("uk", .many, "@integer 0, 5~19, 100, 1000, 10000, 100000, 1000000, …"),
        ("uk", .other, "@decimal 0.0~1.5, 10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, …"),
        ("zh", .other, "@integer 0~15, 100, 1000, 10000, 100000, 1000000, … @decimal 0.0~1.5, 10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0, …"),
    ]

    /// `2~4, 1.0, 0.0~0.3` → ["2", "3", "4", "1.0", "0.0", "0.1", "0.2", "0.3"].
    static func expand(_ samples: String, compact: Bool = false) -> [String] {
        var numbers: [String] = []
        for part in samples.replacingOccurrences(of: "@integer", with: ",").replacingOccurrences(of: "@decimal", with: ",").split(separator: ",") {
            let item = part.trimmingCharacters(in: .whitespaces)
            guard !item.isEmpty, item != "…", compact || !item.contains("c") else { continue }
            if item.contains("c") { numbers.append(item); continue }
            let ends = item.split(separator: "~").map(String.init)
            guard ends.count == 2 else { numbers.append(item); continue }
            let decimals = ends[0].split(separator: ".").dropFirst().first?.count ?? 0
            let low = Int(ends[0].replacingOccurrences(of: ".", with: ""))!, high = Int(ends[1].replacingOccurrences(of: ".", with: ""))!
            for n in low...high {
                var digits = String(n)
                guard decimals > 0 else { numbers.append(digits); continue }
                while digits.count <= decimals { digits = "0" + digits }
                digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -decimals))
                numbers.append(digits)
            }
        }
        return numbers
    }

    @Test(arguments: published.indices)
    func cldrExamples(_ row: Int) {
        let (language, category, samples) = Self.published[row]
        let numbers = Self.expand(samples)
        #expect(!numbers.isEmpty || category == .many, "no samples for \(language) \(category)")
        for number in numbers {
            #expect(PluralRules.category(of: number, language: language) == category, "\(language) \(number)")
        }
    }

    /// CLDR's own samples for every category of every language it has rules for
    /// (`Generated/PluralSamples+CLDR.swift`, from cldr-json 47.0.0), compact forms (`1c6`) included:
    /// the generated rules put each sample in its category, and a language has exactly the
    /// categories CLDR lists.
    @Test func everyCLDRLanguageFollowsItsSamples() {
        var listed: [String: Set<PluralCategory>] = [:]
        var checked = 0
        for line in Self.cldrSamples.split(separator: "\n") {
            let fields = line.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 3, let category = PluralCategory(rawValue: fields[1]) else {
                Issue.record("bad sample line \(line)")
                continue
            }
            listed[fields[0], default: []].insert(category)
            for number in Self.expand(fields[2], compact: true) {
                checked += 1
                #expect(PluralRules.category(of: number, language: fields[0]) == category, "\(fields[0]) \(number)")
            }
        }
        #expect(listed.count > 200 && checked > 5000, "\(listed.count) languages, \(checked) samples")
        for (language, categories) in listed {
            #expect(Set(PluralRules.categories(language: language)) == categories, "\(language)")
        }
        #expect(Set(listed.keys) == Set(PluralRules.languages))
    }

    @Test func everyLanguageHasItsCategories() {
        #expect(PluralRules.languages.count > 200)
        for language in Set(Self.published.map(\.language)) {
            let published = Set(Self.published.filter { $0.language == language }.map(\.category))
            #expect(Set(PluralRules.categories(language: language)) == published, "\(language)")
        }
    }

    /// The languages the issue names, as hosts and pages write them (`zh-Hans`, `de-CH`, `ar-EG`):
    /// a text's plural form comes from its language's rules, so every tag of the language follows
    /// CLDR's published samples for it.
    @Test(arguments: ["en-GB", "de-CH", "zh-Hans", "zh-CN", "ar-EG", "ru-RU", "pl-PL"])
    func tagsFollowTheirLanguagesRules(_ tag: String) {
        let language = LocaleTag.language(tag)
        let rows = Self.published.filter { $0.language == language }
        #expect(!rows.isEmpty, "\(tag): CLDR's samples for \(language) are in the table")
        for (_, category, samples) in rows {
            for number in Self.expand(samples) {
                #expect(PluralRules.category(of: number, language: LocaleTag.language(tag)) == category, "\(tag) \(number)")
            }
        }
    }

    /// A page whose label shows the text `items` for `$data.n`: each language's plural forms
    /// written as `LANGUAGE FORM`, so the label says which form the page chose.
    static func pluralPage(count: Int) -> String {
        """
        {"page": "basket", "defaultLocale": "en", "data": {"n": \(count)},
         "strings": {
           "en": {"items": {"one": "en one", "other": "en other"}},
           "de": {"items": {"one": "de one", "other": "de other"}},
           "zh-Hans": {"items": {"other": "zh-Hans other"}},
           "ar": {"items": {"zero": "ar zero", "one": "ar one", "two": "ar two", "few": "ar few", "many": "ar many", "other": "ar other"}},
           "ru": {"items": {"one": "ru one", "few": "ru few", "many": "ru many", "other": "ru other"}},
           "pl": {"items": {"one": "pl one", "few": "pl few", "many": "pl many", "other": "pl other"}}},
         "components": [{"id": "label", "key": "count", "attributes": {"text": {"text": "items", "args": {"count": "$data.n"}}}}]}
        """
    }

    /// A text with plural forms, rendered by a page for a person of each language, takes the form
    /// CLDR gives that language for the count.
    @MainActor
    @Test(arguments: [
        ("en", 1, "en one"), ("en", 2, "en other"), ("de-CH", 1, "de one"), ("de-CH", 0, "de other"),
        ("zh-Hans", 1, "zh-Hans other"), ("zh-Hans", 2, "zh-Hans other"),
        ("ar-EG", 0, "ar zero"), ("ar-EG", 1, "ar one"), ("ar-EG", 2, "ar two"), ("ar-EG", 3, "ar few"), ("ar-EG", 11, "ar many"), ("ar-EG", 100, "ar other"),
        ("ru", 1, "ru one"), ("ru", 21, "ru one"), ("ru", 22, "ru few"), ("ru", 25, "ru many"), ("ru", 11, "ru many"),
        ("pl", 1, "pl one"), ("pl", 22, "pl few"), ("pl", 12, "pl many"), ("pl", 21, "pl many"),
    ] as [(String, Int, String)])
    func textsTakeTheFormOfTheirLocale(tag: String, count: Int, expected: String) async throws {
        let page = PageHarness(registry: .standard, languages: [tag])
        try await page.open(json: Self.pluralPage(count: count))
        #expect(try page.read("component.count.text") == .string(expected), "\(tag) \(count)")
    }

    @Test func expandsRanges() {
        #expect(Self.expand("@integer 2~4, 100 @decimal 0.0~0.2, 1.00, …") == ["2", "3", "4", "100", "0.0", "0.1", "0.2", "1.00"])
    }
}
