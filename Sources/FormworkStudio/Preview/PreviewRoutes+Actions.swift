import Foundation
import Formwork

/// The actions the browser sends to `POST /api/preview/FILE/actions`, as JSON:
///
/// ```json
/// {"do": "edit", "component": 4, "value": "Mapo tofu"}     (or "key": "name" instead of "component")
/// {"do": "type", "component": 4, "text": "1.234,5"}        (read in the page's locale)
/// {"do": "mask", "component": 4, "text": "+7 (912) ", "selection": [9, 9], "replaced": [8, 9], "inserted": ""}
///                                                           (one edit of a masked field: the engine's mask decides)
/// {"do": "tap", "component": 9}
/// {"do": "trigger", "name": "onSave"}
/// {"do": "answer", "question": 2, "option": 1}              (a picker; "option": null cancels)
/// {"do": "answer", "question": 3, "yes": true}               (a confirmation)
/// {"do": "answer", "question": 4, "dismiss": true}           (an alert)
/// {"do": "attach", "component": 6, "name": "receipt.jpg", "type": "image/jpeg", "data": "BASE64"}  (a file input)
/// {"do": "back"}
/// {"do": "restart"}
/// {"do": "locale", "locale": "zh-Hans"}                     (null: the --locale given to preview)
/// {"do": "network", "online": false}                        (the network switch: false queues, true sends what waits)
/// ```
extension PreviewRoutes {
    /// An action the preview can't understand, with what to send instead.
    struct BadAction: Error {
        let message: String
        init(_ message: String) { self.message = message }
    }

    static let actionNames = ["edit", "type", "mask", "tap", "trigger", "answer", "attach", "back", "restart", "locale", "network"]

    static func decodeAction(_ value: PageValue) throws(BadAction) -> PagePreview.Action {
        guard case .object(let object) = value else { throw BadAction("an action is a JSON object like {\"do\": \"tap\", \"component\": 4}") }
        guard let name = object["do"]?.stringValue else { throw BadAction("say what to do with \"do\": one of \(actionNames.joined(separator: ", "))") }
        switch name {
        case "edit":
            guard let value = object["value"] else { throw BadAction("an edit needs the new \"value\"") }
            return .edit(try component(object), value)
        case "type":
            guard let text = object["text"]?.stringValue else { throw BadAction("typing needs the field's \"text\", as a string") }
            return .type(try component(object), text)
        case "mask":
            guard let text = object["text"]?.stringValue, let inserted = object["inserted"]?.stringValue else {
                throw BadAction("a masked edit needs the field's \"text\" before it and the \"inserted\" text (\"\" for a deletion)")
            }
            func range(_ name: String) throws(BadAction) -> Range<Int> {
                guard let pair = object[name]?.arrayValue, pair.count == 2, let start = pair[0].intValue.flatMap({ Int(exactly: $0) }),
                      let end = pair[1].intValue.flatMap({ Int(exactly: $0) }), start >= 0, end >= start else {
                    throw BadAction("\"\(name)\" is [start, end] in the field's text (UTF-16 offsets, start <= end)")
                }
                return start..<end
            }
            return .mask(try component(object), MaskEdit(text: text, selection: try range("selection"), replaced: try range("replaced"), inserted: inserted))
        case "tap":
            return .tap(try component(object))
        case "trigger":
            guard let interaction = object["name"]?.stringValue, !interaction.isEmpty else { throw BadAction("a trigger needs the interaction's \"name\"") }
            return .trigger(interaction)
        case "answer":
            guard let question = object["question"]?.intValue, let id = Int(exactly: question) else { throw BadAction("an answer needs the \"question\" number") }
            if let option = object["option"] {
                if option.isNull { return .answer(question: id, .pick(nil)) }
                guard let index = option.intValue.flatMap({ Int(exactly: $0) }) else { throw BadAction("\"option\" is the chosen option's number, from 0, or null to cancel") }
                return .answer(question: id, .pick(index))
            }
            if let yes = object["yes"]?.boolValue { return .answer(question: id, .confirm(yes)) }
            if object["dismiss"]?.boolValue == true { return .answer(question: id, .dismiss) }
            throw BadAction("an answer needs \"option\" (a picker), \"yes\" (a confirmation) or \"dismiss\": true (an alert)")
        case "attach":
            guard let name = object["name"]?.stringValue, !name.isEmpty else { throw BadAction("attaching needs the file's \"name\"") }
            guard let encoded = object["data"]?.stringValue, let bytes = Data(base64Encoded: encoded) else {
                throw BadAction("attaching needs the file's bytes as base64 in \"data\"")
            }
            return .attach(try component(object), name: name, type: object["type"]?.stringValue ?? "", bytes: Array(bytes))
        case "back":
            return .back
        case "restart":
            return .restart
        case "locale":
            switch object["locale"] {
            case .null?, nil: return .locale(nil)
            case .string(let tag)?:
                guard let canonical = LocaleTag.canonical(tag) else { throw BadAction("'\(tag)' isn't a language tag; use one like zh-Hans, de-CH or en") }
                return .locale(canonical)
            case let other?: throw BadAction("\"locale\" is a language tag such as \"zh-Hans\", or null, not \(other.jsonText)")
            }
        case "network":
            guard let online = object["online"]?.boolValue else { throw BadAction("the network switch needs \"online\": true or false") }
            return .network(online: online)
        default:
            let hint = Suggestions.nearest(to: name, in: actionNames).map { "; did you mean '\($0)'?" } ?? "; use one of \(actionNames.joined(separator: ", "))"
            throw BadAction("unknown action '\(name)'" + hint)
        }
    }

    private static func component(_ object: PageObject) throws(BadAction) -> PagePreview.ComponentRef {
        if let number = object["component"]?.intValue, let id = Int(exactly: number) { return .id(id) }
        if let key = object["key"]?.stringValue, !key.isEmpty { return .key(key) }
        throw BadAction("name the component with \"component\" (its number in the state) or \"key\"")
    }
}
