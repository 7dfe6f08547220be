/// The texts a page can show, by locale and key: the page's `"strings"`, then its libraries',
/// and the texts it writes in place (`{"text": {"en": …, "zh-Hans": …}}`).
///
/// Looking a key up walks `LocaleTag.lookupOrder`: `de-CH` → `de` → the page's default language,
/// so a translation that is missing falls back and a person never sees a raw key (`check` makes
/// sure the default language has every key a page uses).
public final class StringTable: Sendable {
    /// The language the page is written in, where every lookup ends (`"defaultLocale"`, `en` when not given).
    public let defaultLocale: String
    /// Locale → key → text.
    let messages: [String: [String: LocalizedMessage]]

    init(defaultLocale: String, messages: [String: [String: LocalizedMessage]]) {
        self.defaultLocale = defaultLocale
        self.messages = messages
    }

    /// No texts, in English: a page without `"strings"`.
    public static let empty = StringTable(defaultLocale: "en", messages: [:])

    /// Every locale with texts, in order.
    public var locales: [String] { messages.keys.sorted() }

    /// Every key, in any locale.
    public var keys: Set<String> { Set(messages.values.flatMap(\.keys)) }

    /// The text for `key` in the first locale of the lookup order that has one, and that locale.
    func lookup(_ key: String, preferred: [String]) -> (locale: String, message: LocalizedMessage)? {
        for locale in LocaleTag.lookupOrder(preferred: preferred, defaultLocale: defaultLocale) {
            if let message = messages[locale]?[key] { return (locale, message) }
        }
        return nil
    }

    /// The text for `key` written for exactly `locale`.
    func message(_ key: String, locale: String) -> LocalizedMessage? { messages[locale]?[key] }
}

/// The person's languages and the page's texts, as an evaluation sees them.
///
/// The host gives the languages (`PageHost.languages`, BCP 47, most preferred first); the page
/// gives its `StringTable`. `locale` is what `$page.locale` reads and what the formatting
/// functions use when they aren't given one.
public struct PageLocale: Sendable {
    /// Preferred languages, most preferred first, as canonical tags.
    public var languages: [String]
    /// The page's texts (with its libraries'), by language and key.
    public var strings: StringTable

    /// The locale of a person preferring `languages` (BCP 47 tags; ones that aren't tags are
    /// left out) on a page with `strings`.
    public init(languages: [String] = [], strings: StringTable = .empty) {
        self.languages = languages.compactMap(LocaleTag.canonical)
        self.strings = strings
    }

    /// No languages and no texts: what a scope reads unless it is given a locale.
    static let standard = PageLocale()

    /// The person's locale: the first preferred language, or the page's default language.
    public var locale: String { languages.first ?? strings.defaultLocale }

    /// `"rtl"` or `"ltr"`, for the locale.
    public var direction: String { LocaleTag.direction(locale) }
}
