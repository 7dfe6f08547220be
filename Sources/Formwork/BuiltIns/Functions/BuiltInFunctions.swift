import Foundation

/// The standard functions, registered in `FunctionLibrary.standard` exactly like a host's own.
enum BuiltInFunctions {
    static var all: [ExpressionFunction] {
        (TextFunctions.all + NumberFunctions.all + CollectionFunctions.all + ListFunctions.all + ConversionFunctions.all + TimeFunctions.all + LocaleFunctions.all)
            .map { $0.described(by: BuiltInSignatures.all[$0.name]) }
    }

    // MARK: - Argument helpers shared by the function files

    static func string(_ value: PageValue, _ function: String, _ position: Int = 1) throws -> String {
        if case .string(let s) = value { return s }
        throw FunctionFailure("\(function)() expects a string as argument \(position), got \(value.typeName)", kind: .type)
    }

    static func double(_ value: PageValue, _ function: String, _ position: Int = 1) throws -> Double {
        if let d = value.doubleValue { return d }
        throw FunctionFailure("\(function)() expects a number as argument \(position), got \(value.typeName)", kind: .type)
    }

    static func int(_ value: PageValue, _ function: String, _ position: Int = 1) throws -> Int {
        if let i = value.intValue, let small = Int(exactly: i) { return small }
        throw FunctionFailure("\(function)() expects an int as argument \(position), got \(value.typeName == "number" ? "a number with a fraction" : value.typeName)", kind: .type)
    }

    static func array(_ value: PageValue, _ function: String, _ position: Int = 1) throws -> [PageValue] {
        if case .array(let a) = value { return a }
        throw FunctionFailure("\(function)() expects an array as argument \(position), got \(value.typeName)", kind: .type)
    }

    /// The time zone a page names (`UTC`, `Asia/Shanghai`, `CET`), or nil when there is none by that
    /// name. NB: only printable ASCII is looked up, since no zone's name has anything else and
    /// Foundation reads the name only up to a NUL ('UTC\u0000junk' was UTC).
    static func timeZone(named name: String) -> TimeZone? {
        guard !name.isEmpty, name.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else { return nil }
        return TimeZone(identifier: name) ?? TimeZone(abbreviation: name)
    }

    /// Whole numbers that fit come back as int, the rest as number.
    static func integral(_ value: Double) -> PageValue {
        if let int = Int64(exactly: value) { return .int(int) }
        return .number(value)
    }
}
