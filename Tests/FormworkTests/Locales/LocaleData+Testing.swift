@testable import Formwork

extension LocaleData {
    /// English's data with other separators (and money pattern): CLDR's modern locales have no
    /// separator of more than one character, so tests of such separators make their data here.
    /// Money uses the same separators as numbers unless told otherwise.
    static func english(
        decimal: String, group: String, currencyPattern: String? = nil,
        currencyDecimal: String? = nil, currencyGroup: String? = nil
    ) -> LocaleData {
        let en = LocaleData.forTag("en").data
        return LocaleData(
            decimal: decimal, group: group, percentSign: en.percentSign, minusSign: en.minusSign,
            minimumGrouping: en.minimumGrouping, decimalPattern: en.decimalPattern, percentPattern: en.percentPattern,
            currencyPattern: currencyPattern ?? en.currencyPattern, currencyPatternBesideLetters: en.currencyPatternBesideLetters,
            currencySymbols: en.currencySymbols, currencyDecimal: currencyDecimal ?? decimal, currencyGroup: currencyGroup ?? group,
            am: en.am, pm: en.pm, dateFull: en.dateFull, dateLong: en.dateLong, dateMedium: en.dateMedium,
            dateShort: en.dateShort, timeMedium: en.timeMedium, timeShort: en.timeShort, dateTime: en.dateTime)
    }
}
