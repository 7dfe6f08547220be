/// The parameter and result types of the built-in functions (Grammar.md 1.7), attached to them in
/// `BuiltInFunctions.all`, so `check` type-checks their arguments and the registry description
/// lists them exactly like a host function's. A test keeps each signature's arity equal to the
/// function's.
///
/// NB: kept beside the functions rather than inside each definition so the bodies stay readable;
/// `number` accepts an int too.
enum BuiltInSignatures {
    typealias S = FunctionSignature
    typealias P = FunctionSignature.Parameter

    private static let text: [AttributeType] = [.string]
    private static let collection: [AttributeType] = [.string, .array, .object]

    static let all: [String: FunctionSignature] = [
        // Text
        "len": S([P("x", types: collection)], result: [.int], summary: "characters in a string, elements of an array, members of an object; 0 for null"),
        "trim": S([.value("s", .string)], result: text, summary: "s without leading and trailing spaces, tabs and line breaks"),
        "upper": S([.value("s", .string)], result: text, summary: "s in capitals"),
        "lower": S([.value("s", .string)], result: text, summary: "s in small letters"),
        "contains": S([P("x", types: collection), .value("y")], result: [.bool], summary: "string x contains y; array x has an element equal to y; object x has a member named y"),
        "startsWith": S([.value("s", .string), .value("prefix", .string)], result: [.bool], summary: "whether s begins with prefix"),
        "endsWith": S([.value("s", .string), .value("suffix", .string)], result: [.bool], summary: "whether s ends with suffix"),
        "matches": S([.value("s", .string), .value("regex", .string)], result: [.bool], summary: "whether the regular expression matches the whole of s"),
        "replace": S([.value("s", .string), .value("target", .string), .value("replacement", .string)], result: text, summary: "s with every target replaced, literally"),
        "substr": S([.value("s", .string), .value("start", .int), .value("length", .int, optional: true)], result: text, summary: "the characters from start (0-based), at most length of them"),
        "split": S([.value("s", .string), .value("separator", .string)], result: [.array], summary: "the parts of s between separators"),
        "join": S([.value("items", .array), .value("separator", .string, optional: true)], result: text, summary: "the display texts of the elements, separated"),
        // Numbers
        "round": S([.value("x", .number), .value("digits", .int, optional: true)], result: [.int, .number], summary: "x rounded half away from zero to digits decimals"),
        "floor": S([.value("x", .number)], result: [.int, .number], summary: "the nearest whole value below"),
        "ceil": S([.value("x", .number)], result: [.int, .number], summary: "the nearest whole value above"),
        "abs": S([.value("x", .number)], result: [.int, .number], summary: "the magnitude, same type"),
        "min": S([.value("values", .number, .string, .array)], variadic: true, result: [.int, .number, .string], summary: "the smallest of numbers or strings; one array argument means its elements"),
        "max": S([.value("values", .number, .string, .array)], variadic: true, result: [.int, .number, .string], summary: "the largest of numbers or strings; one array argument means its elements"),
        "sum": S([.value("items", .array)], result: [.int, .number], summary: "the total of the numbers, nulls skipped"),
        "avg": S([.value("items", .array)], result: [.number], summary: "the mean, nulls skipped; null for an empty array"),
        "fixed": S([.value("x", .number), .value("digits", .int)], result: text, summary: "text with exactly digits decimals"),
        // Conversion
        "number": S([P("x", types: [.string, .int, .number, .bool])], result: [.number], summary: "a number from an int, a bool or decimal text"),
        "int": S([P("x", types: [.string, .int, .number, .bool])], result: [.int], summary: "an int: a number or decimal text cut toward zero"),
        "string": S([.value("x")], result: text, summary: "the display text"),
        // Collections
        "isEmpty": S([.value("x")], result: [.bool], summary: "true for null, \"\", [] and {} only"),
        "keys": S([.value("object", .object)], result: [.array], summary: "member names in order"),
        "map": S([.value("items", .array), .lambda("transform", parameters: 2)], result: [.array], summary: "the lambda's result for each element"),
        "filter": S([.value("items", .array), .lambda("keep", parameters: 2)], result: [.array], summary: "the elements for which the lambda is truthy"),
        "any": S([.value("items", .array), .lambda("test", parameters: 2)], result: [.bool], summary: "whether the lambda is truthy for some element"),
        "all": S([.value("items", .array), .lambda("test", parameters: 2)], result: [.bool], summary: "whether the lambda is truthy for every element"),
        "find": S([.value("items", .array), .lambda("test", parameters: 2)], result: [], summary: "the first element for which the lambda is truthy, or null"),
        "count": S([.value("items", .array), .lambda("test", parameters: 2, optional: true)], result: [.int], summary: "the number of elements, or of elements for which the lambda is truthy"),
        // Lists
        "reverse": S([.value("items", .array)], result: [.array], summary: "the elements in the opposite order"),
        "slice": S([.value("items", .array), .value("start", .int), .value("end", .int, optional: true)], result: [.array], summary: "the elements from start up to (not including) end; negative counts from the end"),
        "sort": S([.value("items", .array), .lambda("key", parameters: 2, optional: true)], result: [.array], summary: "the elements in order of their key (or themselves): numbers, strings or bools, null last; stable"),
        "unique": S([.value("items", .array), .lambda("key", parameters: 2, optional: true)], result: [.array], summary: "the elements without later ones equal to an earlier one (by key when given)"),
        "minBy": S([.value("items", .array), .lambda("key", parameters: 2)], result: [], summary: "the first element with the smallest key, null keys left out; null when none"),
        "maxBy": S([.value("items", .array), .lambda("key", parameters: 2)], result: [], summary: "the first element with the largest key, null keys left out; null when none"),
        // Time
        "now": S([], result: [.int], summary: "the current time in milliseconds since 1970, from the page's clock"),
        "date": S([.value("ms", .number), .value("pattern", .string), .value("timeZone", .string, optional: true)], result: text, summary: "the time as text, by a Unicode date pattern"),
        // Locales
        "text": S([.value("key", .string), .value("arguments", .object, optional: true)], result: text, summary: "the page's text for key in the person's language, with {name} arguments and plural forms"),
        "formatNumber": S([.value("x", .number), .value("options", .object, optional: true)], result: text, summary: "x with the locale's grouping and decimal mark; options digits, locale"),
        "formatPercent": S([.value("x", .number), .value("options", .object, optional: true)], result: text, summary: "x × 100 with the locale's percent sign; options digits, locale"),
        "formatMoney": S([.value("x", .number), .value("currency", .string), .value("options", .object, optional: true)], result: text, summary: "an amount of an ISO 4217 currency the locale's way; options digits, display ('symbol' or 'code'), locale"),
        "formatDate": S([.value("ms", .number), .value("style", .string), .value("options", .object, optional: true)], result: text, summary: "the time in the locale's language: a style (short, medium, long, full, time, datetime) or a Unicode date pattern; options locale, timeZone"),
        "formatRelative": S([.value("ms", .number), .value("options", .object, optional: true)], result: text, summary: "the time relative to now in the locale's words (in 3 days, vor 2 Stunden, 3天前); options unit (second … year), locale"),
    ]
}
