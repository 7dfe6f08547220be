/// BCP 47 language tags as far as Formwork needs them: written one way, shortened for fallback,
/// and read for their language and direction.
///
/// ```swift
/// LocaleTag.canonical("zh_cn")          // "zh-CN"
/// LocaleTag.fallbackChain("zh-CN")      // ["zh-Hans-CN", "zh-Hans", "zh"]
/// LocaleTag.fallbackChain("de-CH")      // ["de-CH", "de"]
/// ```
public enum LocaleTag {
    /// `tag` with `-` between subtags, the language in small letters, a script capitalised
    /// (`Hans`) and a region in capitals (`CH`); nil when it isn't a language tag.
    public static func canonical(_ tag: String) -> String? {
        let parts = tag.split(separator: "-", omittingEmptySubsequences: false).flatMap { $0.split(separator: "_", omittingEmptySubsequences: false) }
        guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
        var out = [first.lowercased()]
        for part in parts.dropFirst() {
            guard (1...8).contains(part.count), part.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return nil }
            if part.count == 4, part.allSatisfy(\.isLetter) { out.append(part.prefix(1).uppercased() + part.dropFirst().lowercased()) }
            else if part.count == 2, part.allSatisfy(\.isLetter) { out.append(part.uppercased()) }
            else { out.append(part.lowercased()) }
        }
        return out.joined(separator: "-")
    }

    /// The language subtag: `de` for `de-CH`.
    public static func language(_ tag: String) -> String {
        String(tag.split(separator: "-").first ?? "").lowercased()
    }

    /// `tag`, then shorter and shorter: `de-CH` → `de`. Chinese without a script gets the one its
    /// region writes (`zh-TW` → `zh-Hant-TW`, `zh` and `zh-CN` → `zh-Hans`), so a table written for
    /// `zh-Hans` serves a person whose device says `zh-CN`.
    public static func fallbackChain(_ tag: String) -> [String] {
        guard var parts = canonical(tag)?.split(separator: "-").map(String.init) else { return [] }
        if parts[0] == "zh", parts.count == 1 || parts[1].count != 4 {
            let traditional = parts.count > 1 && ["TW", "HK", "MO"].contains(parts[1])
            parts.insert(traditional ? "Hant" : "Hans", at: 1)
        }
        var chain: [String] = []
        while !parts.isEmpty {
            chain.append(parts.joined(separator: "-"))
            parts.removeLast()
        }
        return chain
    }

    /// The order texts are looked for in: each preferred language and its parents, then the
    /// page's default language and its parents; each tag once.
    public static func lookupOrder(preferred: [String], defaultLocale: String) -> [String] {
        var seen = Set<String>()
        return (preferred + [defaultLocale]).flatMap(fallbackChain).filter { seen.insert($0).inserted }
    }

    /// Languages written right to left.
    static let rightToLeft: Set<String> = ["ar", "he", "fa", "ur", "ps", "yi", "dv", "ckb", "sd", "ug"]

    /// `"rtl"` for a language written right to left (Arabic, Hebrew, Persian, Urdu, …), else `"ltr"`.
    public static func direction(_ tag: String) -> String {
        if let script = canonical(tag)?.split(separator: "-").dropFirst().first(where: { (part: Substring) in part.count == 4 }) {
            if ["Arab", "Hebr", "Thaa", "Syrc", "Nkoo", "Adlm", "Rohg"].contains(script) { return "rtl" }
            if ["Latn", "Cyrl"].contains(script) { return "ltr" }
        }
        return rightToLeft.contains(language(tag)) ? "rtl" : "ltr"
    }
}
