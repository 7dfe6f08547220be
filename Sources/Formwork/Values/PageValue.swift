/// The one runtime value of Formwork: what stores hold, expressions compute and attributes resolve to.
///
/// It mirrors JSON with one refinement: whole numbers written without a fraction or exponent
/// stay `.int` (64-bit), everything else numeric is `.number` (IEEE double).
///
/// ```swift
/// let value = try PageValue(json: #"{"name": "Tofu", "price": 12.5, "qty": 2}"#)
/// value["price"]   // .number(12.5)
/// value["qty"]     // .int(2)
/// value.jsonText   // {"name":"Tofu","price":12.5,"qty":2}
/// ```
public enum PageValue: Sendable {
    /// JSON `null`: nothing, and what a missing member reads as.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A whole number, exact to 64 bits: `2`, and a JSON number written without a fraction.
    case int(Int64)
    /// Any other number: `12.5`.
    case number(Double)
    /// Text.
    case string(String)
    /// An ordered list of values.
    case array([PageValue])
    /// Members by name, in the order they were written.
    case object(PageObject)
}

// MARK: - Literals

extension PageValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    /// `nil` is `.null`.
    public init(nilLiteral: ()) { self = .null }
    /// `true` is `.bool(true)`.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// `2` is `.int(2)`.
    public init(integerLiteral value: Int64) { self = .int(value) }
    /// `12.5` is `.number(12.5)`.
    public init(floatLiteral value: Double) { self = .number(value) }
    /// `"Tofu"` is `.string("Tofu")`.
    public init(stringLiteral value: String) { self = .string(value) }
    /// `[1, "a"]` is an `.array`.
    public init(arrayLiteral elements: PageValue...) { self = .array(elements) }
    /// `["name": "Tofu"]` is an `.object`, its members in the order written.
    public init(dictionaryLiteral elements: (String, PageValue)...) {
        var object = PageObject()
        for (key, value) in elements { object[key] = value }
        self = .object(object)
    }
}

// MARK: - Access

extension PageValue {
    /// The member `key` of an object; `nil` for a missing key or a value that isn't an object.
    public subscript(key: String) -> PageValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    /// The element at `index` of an array; `nil` when out of range or not an array.
    public subscript(index: Int) -> PageValue? {
        if case .array(let array) = self, array.indices.contains(index) { return array[index] }
        return nil
    }

    /// Whether the value is `.null`.
    public var isNull: Bool { if case .null = self { return true } else { return false } }

    /// The text of a `.string`; nil for any other value.
    public var stringValue: String? { if case .string(let s) = self { return s } else { return nil } }
    /// The value of a `.bool`; nil for any other value.
    public var boolValue: Bool? { if case .bool(let b) = self { return b } else { return nil } }
    /// An `.int`, or a `.number` that is a whole number within 64 bits; nil otherwise.
    public var intValue: Int64? {
        switch self {
        case .int(let i): return i
        case .number(let d): return Int64(exactly: d)
        default: return nil
        }
    }
    /// The value as a Double when it is an int or a number.
    public var doubleValue: Double? {
        switch self {
        case .int(let i): return Double(i)
        case .number(let d): return d
        default: return nil
        }
    }
    /// The elements of an `.array`; nil for any other value.
    public var arrayValue: [PageValue]? { if case .array(let a) = self { return a } else { return nil } }
    /// The members of an `.object`; nil for any other value.
    public var objectValue: PageObject? { if case .object(let o) = self { return o } else { return nil } }

    /// The name of this value's type as page authors see it in messages: `null`, `bool`, `int`,
    /// `number`, `string`, `array` or `object`.
    public var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "bool"
        case .int: return "int"
        case .number: return "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }
}
