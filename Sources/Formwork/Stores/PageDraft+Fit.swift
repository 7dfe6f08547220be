/// Whether a saved draft still fits the page it is restored into, and restoring it.
///
/// A draft saved from the same page version always fits. One saved from another version fits
/// when every value in it has a place of the same kind in the page's initial `data`: each member
/// it holds is a member there too, a text where there is a text, a number (whole or not) where
/// there is a number, a list where there is a list (its rows compared with the first row of the
/// initial list, when it has one), an object where there is an object. `null` on either side
/// fits anything. Otherwise the draft is dropped, and the host is told what didn't fit.
extension PageDraft {
    /// Why the draft doesn't fit a page of `version` whose initial `$data` is `initial`; nil when it fits.
    func misfit(version: Int, initial: PageValue) -> String? {
        guard pageVersion != version else { return nil }
        guard let problem = PageDraft.misfit(data, initial, path: "$data") else { return nil }
        return "it was saved from version \(pageVersion) of the page, this is version \(version), and \(problem)"
    }

    private static func misfit(_ saved: PageValue, _ initial: PageValue, path: String) -> String? {
        switch (saved, initial) {
        case (.null, _), (_, .null): return nil
        case (.object(let savedObject), .object(let initialObject)):
            for (key, value) in savedObject.entries {
                let inner = path + StorePath(.data, [.key(key)]).description.dropFirst(5)
                guard let expected = initialObject[key] else { return "\(inner) is no longer part of the page's data" }
                if let problem = misfit(value, expected, path: inner) { return problem }
            }
            return nil
        case (.array(let rows), .array(let initialRows)):
            guard let first = initialRows.first else { return nil }
            for (index, row) in rows.enumerated() {
                if let problem = misfit(row, first, path: path + "[\(index)]") { return problem }
            }
            return nil
        case (.int, .number), (.number, .int), (.int, .int), (.number, .number), (.bool, .bool), (.string, .string): return nil
        default:
            return "\(path) holds \(saved.typeName == "int" ? "a number" : Wording.withArticle(saved.typeName)) where the page now has \(initial.typeName == "int" ? "a number" : Wording.withArticle(initial.typeName))"
        }
    }

    /// `initial` with the draft written over it: objects member by member (so what the draft left
    /// out, like a `secure` field, keeps its initial value), anything else replaced whole.
    func restored(over initial: PageValue) -> PageValue {
        PageDraft.merge(data, over: initial)
    }

    private static func merge(_ saved: PageValue, over initial: PageValue) -> PageValue {
        guard case .object(let savedObject) = saved, case .object(var merged) = initial else { return saved }
        for (key, value) in savedObject.entries {
            merged[key] = merge(value, over: merged[key] ?? .null)
        }
        return .object(merged)
    }
}
