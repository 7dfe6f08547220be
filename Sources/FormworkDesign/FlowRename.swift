import Foundation
import Formwork

/// A page's rename (`PageRename`) carried into its flow files: steps that name the key (`set`,
/// `type`, `tap`, `attach`; `"name[1]"` for a row, `"name.street"` for a component inside a use
/// of a block), expectations that read the component
/// (`component.KEY…`, `error.KEY`, `errors`' members, `focus`) or the renamed data path
/// (`data.textField1…`).
///
/// ```
/// {"tap": "textField1"}, {"expect": {"data.textField1": "Ann", "error.textField1": null}}
/// // after textField1 → name:
/// {"tap": "name"}, {"expect": {"data.name": "Ann", "error.name": null}}
/// ```
package struct FlowRename: Sendable {
    package let from: String
    package let to: String
    /// The data path the page's rename moved (`$data.textField1` → `$data.name`), if any.
    package let dataPath: (from: StorePath, to: StorePath)?

    package init(from: String, to: String, dataPath: (from: StorePath, to: StorePath)?) {
        self.from = from
        self.to = to
        self.dataPath = dataPath
    }

    /// The flow afterwards, and what changed in it (`steps[2].tap`), as a person reads it.
    package func apply(to flow: PageValue) -> (flow: PageValue, changes: [String]) {
        guard case .object(var object) = flow, case .array(let steps)? = object["steps"] else { return (flow, []) }
        var changes: [String] = []
        var renamed: [PageValue] = []
        for (index, step) in steps.enumerated() {
            guard case .object(let members) = step else { renamed.append(step); continue }
            var entries: [(String, PageValue)] = []
            for (name, value) in members {
                let at = "steps[\(index)].\(name)"
                if ["set", "type", "tap", "attach"].contains(name), let key = value.stringValue, let rest = PageRename.keyReference(key, naming: from) {
                    changes.append("\(at): \"\(key)\" → \"\(to + rest)\"")
                    entries.append((name, .string(to + rest)))
                } else if name == "expect", case .object(let expectations) = value {
                    entries.append((name, .object(expect(expectations, at: at, changes: &changes))))
                } else {
                    entries.append((name, value))
                }
            }
            renamed.append(.object(PageObject(entries)))
        }
        object["steps"] = .array(renamed)
        return (.object(object), changes)
    }

    private func expect(_ expectations: PageObject, at: String, changes: inout [String]) -> PageObject {
        PageObject(expectations.entries.map { entry -> (String, PageValue) in
            var key = entry.key
            var value = entry.value
            if let renamed = renamedPath(key) { key = renamed }
            if entry.key == "errors", case .object(let errors) = value {
                value = .object(PageObject(errors.entries.map { (PageRename.keyReference($0.key, naming: from).map { to + $0 } ?? $0.key, $0.value) }))
            }
            if entry.key == "focus", let focused = value.stringValue, let rest = PageRename.keyReference(focused, naming: from) { value = .string(to + rest) }
            if key != entry.key || value != entry.value {
                changes.append(key != entry.key ? "\(at): \"\(entry.key)\" → \"\(key)\"" : "\(at).\(entry.key)")
            }
            return (key, value)
        })
    }

    /// An expectation's path with the key or data path renamed; nil when it names neither.
    private func renamedPath(_ path: String) -> String? {
        for prefix in ["component.", "error."] where path.hasPrefix(prefix) {
            let rest = path.dropFirst(prefix.count)
            for end in [".", "["] where rest.hasPrefix(from + end) { return prefix + to + rest.dropFirst(from.count) }
            if rest == from { return prefix + to }
        }
        guard let dataPath else { return nil }
        let old = String(dataPath.from.description.dropFirst())
        let new = String(dataPath.to.description.dropFirst())
        if path == old { return new }
        for end in [".", "["] where path.hasPrefix(old + end) { return new + path.dropFirst(old.count) }
        return nil
    }

    // MARK: - The flows of a page

    /// The flow files in `folder` (and below) whose `page` is `pageFile` (relative to the
    /// flow) or the page's id, sorted.
    package static func flows(of pageFile: String, id: String?, in folder: URL) -> [URL] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        let page = folder.appendingPathComponent(pageFile).standardizedFileURL.path
        var found: [URL] = []
        while let relative = enumerator.nextObject() as? String {
            guard relative.hasSuffix(".flow.json") else { continue }
            let url = folder.appendingPathComponent(relative)
            guard let data = FileManager.default.contents(atPath: url.path),
                  let named = (try? JSONReader.parse(bytes: Array(data)))?["page"]?.stringValue else { continue }
            let resolved = url.deletingLastPathComponent().appendingPathComponent(named).standardizedFileURL.path
            if resolved == page || (id != nil && named == id) { found.append(url) }
        }
        return found.sorted { $0.path < $1.path }
    }
}
