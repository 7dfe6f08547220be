/// The phone masks a page names by country (`"mask": {"phone": "RU"}`): the country's calling
/// code and the pattern its numbers are written in. Only countries whose numbers all have one
/// length are here; a page writes its own pattern for another.
///
/// ```swift
/// PhoneMasks.table["RU"]   // ("7", "+7 (###) ###-##-##")
/// ```
enum PhoneMasks {
    /// Country (ISO 3166-1 alpha-2) → calling code and pattern.
    static let table: [String: (code: String, pattern: String)] = [
        "BY": ("375", "+375 (##) ###-##-##"),
        "CA": ("1", "+1 (###) ###-####"),
        "ES": ("34", "+34 ### ### ###"),
        "FR": ("33", "+33 # ## ## ## ##"),
        "GB": ("44", "+44 #### ######"),
        "IN": ("91", "+91 ##### #####"),
        "KZ": ("7", "+7 (###) ###-##-##"),
        "PL": ("48", "+48 ### ### ###"),
        "RU": ("7", "+7 (###) ###-##-##"),
        "UA": ("380", "+380 (##) ###-##-##"),
        "US": ("1", "+1 (###) ###-####"),
    ]

    /// The countries, sorted, for messages and docs.
    static var countries: [String] { table.keys.sorted() }
}
