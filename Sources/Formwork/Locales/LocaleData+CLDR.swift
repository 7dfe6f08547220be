// From CLDR 47 (unicode-org/cldr-json): number symbols and patterns (latn), currency symbols,
// day-period names, date and time patterns, for the locales Formwork formats in.
// NB: no script in the repository writes this file yet; it was transcribed, and
// Tests/FormworkTests/Locales pin its output. Month and weekday names are generated apart, by
// scripts/cldr/generate-calendar-names.py into Generated/CalendarNames+CLDR.swift.

extension LocaleData {
    /// Every locale with tables of its own, by tag.
    static let tables: [String: LocaleData] = [
        "en": LocaleData(
            decimal: ".", group: ",", percentSign: "%", minusSign: "-", minimumGrouping: 1,
            decimalPattern: "#,##0.###", percentPattern: "#,##0%",
            currencyPattern: "¤#,##0.00", currencyPatternBesideLetters: "¤ #,##0.00",
            currencySymbols: ["CNY": "CN¥", "EUR": "€", "USD": "$", "JPY": "¥", "GBP": "£", "CHF": "CHF", "RUB": "RUB", "PLN": "PLN", "HKD": "HK$", "KRW": "₩", "SAR": "SAR", "AED": "AED"],
            am: "AM", pm: "PM",
            dateFull: "EEEE, MMMM d, y", dateLong: "MMMM d, y", dateMedium: "MMM d, y", dateShort: "M/d/yy",
            timeMedium: "h:mm:ss a", timeShort: "h:mm a", dateTime: "{1}, {0}"),
        "de": LocaleData(
            decimal: ",", group: ".", percentSign: "%", minusSign: "-", minimumGrouping: 1,
            decimalPattern: "#,##0.###", percentPattern: "#,##0 %",
            currencyPattern: "#,##0.00 ¤", currencyPatternBesideLetters: "¤ #,##0.00",
            currencySymbols: ["CNY": "CN¥", "EUR": "€", "USD": "$", "JPY": "¥", "GBP": "£", "CHF": "CHF", "RUB": "RUB", "PLN": "PLN", "HKD": "HK$", "KRW": "₩", "SAR": "SAR", "AED": "AED"],
            am: "AM", pm: "PM",
            dateFull: "EEEE, d. MMMM y", dateLong: "d. MMMM y", dateMedium: "dd.MM.y", dateShort: "dd.MM.yy",
            timeMedium: "HH:mm:ss", timeShort: "HH:mm", dateTime: "{1}, {0}"),
        "de-CH": LocaleData(
            decimal: ".", group: "’", percentSign: "%", minusSign: "-", minimumGrouping: 1,
            decimalPattern: "#,##0.###", percentPattern: "#,##0%",
            currencyPattern: "¤ #,##0.00;¤-#,##0.00", currencyPatternBesideLetters: "¤ #,##0.00",
            currencySymbols: ["CNY": "CN¥", "EUR": "EUR", "USD": "$", "JPY": "¥", "GBP": "£", "CHF": "CHF", "RUB": "RUB", "PLN": "PLN", "HKD": "HK$", "KRW": "₩", "SAR": "SAR", "AED": "AED"],
            am: "AM", pm: "PM",
            dateFull: "EEEE, d. MMMM y", dateLong: "d. MMMM y", dateMedium: "dd.MM.y", dateShort: "dd.MM.yy",
            timeMedium: "HH:mm:ss", timeShort: "HH:mm", dateTime: "{1}, {0}"),
        "fr": LocaleData(
            decimal: ",", group: " ", percentSign: "%", minusSign: "-", minimumGrouping: 1,
            decimalPattern: "#,##0.###", percentPattern: "#,##0 %",
            currencyPattern: "#,##0.00 ¤", currencyPatternBesideLetters: "¤ #,##0.00",
            currencySymbols: ["CNY": "CNY", "EUR": "€", "USD": "$US", "JPY": "JPY", "GBP": "£GB", "CHF": "CHF", "RUB": "RUB", "PLN": "PLN", "HKD": "HKD", "KRW": "₩", "SAR": "SAR", "AED": "AED"],
            am: "AM", pm: "PM",
            dateFull: "EEEE d MMMM y", dateLong: "d MMMM y", dateMedium: "d MMM y", dateShort: "dd/MM/y",
            timeMedium: "HH:mm:ss", timeShort: "HH:mm", dateTime: "{1}, {0}"),
        "es": LocaleData(
            decimal: ",", group: ".", percentSign: "%", minusSign: "-", minimumGrouping: 2,
            decimalPattern: "#,##0.###", percentPattern: "#,##0 %",
            currencyPattern: "#,##0.00 ¤", currencyPatternBesideLetters: "¤ #,##0.00",
            currencySymbols: ["CNY": "CNY", "EUR": "€", "USD": "US$", "JPY": "JPY", "GBP": "GBP", "CHF": "CHF", "RUB": "RUB", "PLN": "PLN", "HKD": "HKD", "KRW": "KRW", "SAR": "SAR", "AED": "AED"],
            am: "a. m.", pm: "p. m.",
            dateFull: "EEEE, d 'de' MMMM 'de' y", dateLong: "d 'de' MMMM 'de' y", dateMedium: "d MMM y", dateShort: "d/M/yy",
            timeMedium: "H:mm:ss", timeShort: "H:mm", dateTime: "{1}, {0}"),
        "ru": LocaleData(
            decimal: ",", group: " ", percentSign: "%", minusSign: "-", minimumGrouping: 1,
            decimalPattern: "#,##0.###", percentPattern: "#,##0 %",
            currencyPattern: "#,##0.00 ¤", currencyPatternBesideLetters: "¤ #,##0.00",
            currencySymbols: ["CNY": "CN¥", "EUR": "€", "USD": "$", "JPY": "¥", "GBP": "£", "CHF": "CHF", "RUB": "₽", "PLN": "PLN", "HKD": "HK$", "KRW": "₩", "SAR": "SAR", "AED": "AED"],
            am: "AM", pm: "PM",
            dateFull: "EEEE, d MMMM y 'г'.", dateLong: "d MMMM y 'г'.", dateMedium: "d MMM y 'г'.", dateShort: "dd.MM.y",
            timeMedium: "HH:mm:ss", timeShort: "HH:mm", dateTime: "{1}, {0}"),
        "pl": LocaleData(
            decimal: ",", group: " ", percentSign: "%", minusSign: "-", minimumGrouping: 2,
            decimalPattern: "#,##0.###", percentPattern: "#,##0%",
            currencyPattern: "#,##0.00 ¤", currencyPatternBesideLetters: "¤ #,##0.00",
            currencySymbols: ["CNY": "CNY", "EUR": "€", "USD": "USD", "JPY": "JPY", "GBP": "GBP", "CHF": "CHF", "RUB": "RUB", "PLN": "zł", "HKD": "HKD", "KRW": "KRW", "SAR": "SAR", "AED": "AED"],
            am: "AM", pm: "PM",
            dateFull: "EEEE, d MMMM y", dateLong: "d MMMM y", dateMedium: "d MMM y", dateShort: "d.MM.y",
            timeMedium: "HH:mm:ss", timeShort: "HH:mm", dateTime: "{1}, {0}"),
        "ar": LocaleData(
            decimal: ".", group: ",", percentSign: "‎%‎", minusSign: "‎-", minimumGrouping: 1,
            decimalPattern: "#,##0.###", percentPattern: "#,##0%",
            currencyPattern: "‏#,##0.00 ¤;‏-#,##0.00 ¤", currencyPatternBesideLetters: "¤ #,##0.00",
            currencySymbols: ["CNY": "CN¥", "EUR": "€", "USD": "US$", "JPY": "JP¥", "GBP": "UK£", "CHF": "CHF", "RUB": "RUB", "PLN": "PLN", "HKD": "HK$", "KRW": "₩", "SAR": "ر.س.‏", "AED": "د.إ.‏"],
            am: "ص", pm: "م",
            dateFull: "EEEE، d MMMM y", dateLong: "d MMMM y", dateMedium: "dd‏/MM‏/y", dateShort: "d‏/M‏/y",
            timeMedium: "h:mm:ss a", timeShort: "h:mm a", dateTime: "{1}، {0}"),
        "zh-Hans": LocaleData(
            decimal: ".", group: ",", percentSign: "%", minusSign: "-", minimumGrouping: 1,
            decimalPattern: "#,##0.###", percentPattern: "#,##0%",
            currencyPattern: "¤#,##0.00", currencyPatternBesideLetters: "¤ #,##0.00",
            currencySymbols: ["CNY": "¥", "EUR": "€", "USD": "US$", "JPY": "JP¥", "GBP": "£", "CHF": "CHF", "RUB": "RUB", "PLN": "PLN", "HKD": "HK$", "KRW": "₩", "SAR": "SAR", "AED": "AED"],
            am: "上午", pm: "下午",
            dateFull: "y年M月d日EEEE", dateLong: "y年M月d日", dateMedium: "y年M月d日", dateShort: "y/M/d",
            timeMedium: "HH:mm:ss", timeShort: "HH:mm", dateTime: "{1} {0}"),
        "ja": LocaleData(
            decimal: ".", group: ",", percentSign: "%", minusSign: "-", minimumGrouping: 1,
            decimalPattern: "#,##0.###", percentPattern: "#,##0%",
            currencyPattern: "¤#,##0.00", currencyPatternBesideLetters: "¤ #,##0.00",
            currencySymbols: ["CNY": "元", "EUR": "€", "USD": "$", "JPY": "￥", "GBP": "£", "CHF": "CHF", "RUB": "RUB", "PLN": "PLN", "HKD": "HK$", "KRW": "₩", "SAR": "SAR", "AED": "AED"],
            am: "午前", pm: "午後",
            dateFull: "y年M月d日EEEE", dateLong: "y年M月d日", dateMedium: "y/MM/dd", dateShort: "y/MM/dd",
            timeMedium: "H:mm:ss", timeShort: "H:mm", dateTime: "{1} {0}"),
    ]

    /// ISO 4217 currencies whose minor unit isn't 2 (CLDR currencyData); any other code has 2 decimals.
    static let currencyDigits: [String: Int] = ["ADP": 0, "AFN": 0, "ALL": 0, "BHD": 3, "BIF": 0, "BYR": 0, "CLF": 4, "CLP": 0, "DJF": 0, "ESP": 0, "GNF": 0, "IQD": 0, "IRR": 0, "ISK": 0, "ITL": 0, "JOD": 3, "JPY": 0, "KMF": 0, "KPW": 0, "KRW": 0, "KWD": 3, "LAK": 0, "LBP": 0, "LUF": 0, "LYD": 3, "MGA": 0, "MGF": 0, "MMK": 0, "MRO": 0, "OMR": 3, "PYG": 0, "RSD": 0, "RWF": 0, "SLL": 0, "SOS": 0, "STD": 0, "SYP": 0, "TMM": 0, "TND": 3, "TRL": 0, "UGX": 0, "UYI": 0, "UYW": 4, "VND": 0, "VUV": 0, "XAF": 0, "XOF": 0, "XPF": 0, "YER": 0, "ZMK": 0, "ZWD": 0]
}
