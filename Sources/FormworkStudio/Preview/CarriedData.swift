import Formwork

/// What `$data` a hot reload keeps: the values the person had, wherever the saved page's initial
/// `data` still has room for them.
///
/// Walking the new page's initial data:
/// - an object keeps, member by member, what the person had; members the old page declared and
///   the new one dropped go, members neither page declared (written by actions) stay;
/// - a value of the same kind as before (text, number, bool, array) keeps the person's value;
/// - a null on either side takes the other side (a field the person filled in stays filled in; a
///   field the page now starts with a value gets it when the person left it empty);
/// - a value whose kind changed (a price that became an object) takes the new page's value.
///
/// ```swift
/// CarriedData.merge(current: ["name": "Tofu", "price": 12],
///                   oldInitial: ["name": "", "price": null],
///                   newInitial: ["name": "", "price": {"amount": 0}, "spicy": false])
/// // ["name": "Tofu", "price": {"amount": 0}, "spicy": false]
/// ```
enum CarriedData {
    static func merge(current: PageValue, oldInitial: PageValue?, newInitial: PageValue) -> PageValue {
        switch (current, newInitial) {
        case (.object(let had), .object(let fresh)):
            var result = fresh
            for (key, value) in fresh {
                if let kept = had[key] { result[key] = merge(current: kept, oldInitial: oldInitial?[key], newInitial: value) }
            }
            for (key, value) in had where fresh[key] == nil && oldInitial?[key] == nil {
                result[key] = value
            }
            return .object(result)
        case (_, .null):
            return current
        case (.null, _):
            return newInitial
        default:
            return sameKind(current, newInitial) ? current : newInitial
        }
    }

    private static func sameKind(_ a: PageValue, _ b: PageValue) -> Bool {
        switch (a, b) {
        case (.string, .string), (.bool, .bool), (.array, .array), (.object, .object): return true
        case (.int, .int), (.int, .number), (.number, .int), (.number, .number): return true
        default: return false
        }
    }
}
