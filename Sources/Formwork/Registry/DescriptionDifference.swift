/// Where two descriptions of a type differ, for the message that refuses a registry file whose
/// built-in differs from this engine's: `attributes[2] ("method").values: this Formwork has 5
/// items, the file 14`.
///
/// NB: only the first difference is named; it is enough to tell an app's own type from a
/// built-in described by another version of Formwork, and the file is written again as a whole.
enum DescriptionDifference {
    /// The first place `file` differs from `engine`, or nil when they are the same.
    static func first(engine: PageValue, file: PageValue, path: String = "") -> String? {
        switch (engine, file) {
        case (.object(let mine), .object(let theirs)):
            // NB: a summary is last: a changed wording matters less than a changed attribute.
            for (key, value) in mine.entries.filter({ $0.key != "summary" }) + mine.entries.filter({ $0.key == "summary" }) {
                let at = path.isEmpty ? key : path + "." + key
                guard let other = theirs[key] else { return "\(at): this Formwork has it, the file doesn't" }
                if let found = first(engine: value, file: other, path: at) { return found }
            }
            for key in theirs.keys where mine[key] == nil {
                return "\(path.isEmpty ? key : path + "." + key): the file has it, this Formwork doesn't"
            }
            return nil
        case (.array(let mine), .array(let theirs)):
            for (index, (value, other)) in zip(mine, theirs).enumerated() {
                if let found = first(engine: value, file: other, path: "\(path)[\(index)]\(name(of: value))") { return found }
            }
            if mine.count != theirs.count {
                return "\(path): this Formwork has \(mine.count) \(mine.count == 1 ? "item" : "items"), the file \(theirs.count)"
            }
            return nil
        default:
            if engine == file { return nil }
            return "\(path): this Formwork has \(brief(engine)), the file \(brief(file))"
        }
    }

    /// ` ("method")` after an attribute's index, so the path reads without counting.
    private static func name(of value: PageValue) -> String {
        guard case .object(let object) = value, case .string(let name)? = object["name"] ?? object["id"] else { return "" }
        return " (\"\(name)\")"
    }

    private static func brief(_ value: PageValue) -> String {
        let text = value.jsonText
        return text.count <= 40 ? text : String(text.prefix(37)) + "…"
    }
}
