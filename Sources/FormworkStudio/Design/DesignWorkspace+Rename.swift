import Foundation
import Formwork
import FormworkDesign

/// The editor's rename refactoring: `POST /api/design/rename/FILE` computes it (the page as it
/// would be, and what it would change in the page's flows) without writing anything; the flows
/// are rewritten when the page is saved, with the renames the save carries.
extension DesignWorkspace {
    /// `{"document", "from", "to", "path"?}` → `{"document", "changes", "dataPath": {"from", "to"} | null,
    /// "keys": [{"from", "to"}], "flows": [{"file", "changes"}]}`. `path` is the component's, as
    /// a list (`["blocks", "address", "components", 0]`): a key in a block's definition is renamed
    /// there, and as each use of the block names it (`keys`).
    func rename(_ segments: [String], body: PageObject) throws(Refusal) -> PageValue {
        let file = try pageFileForRename(segments)
        guard let document = body["document"], case .object = document,
              let from = body["from"]?.stringValue, let to = body["to"]?.stringValue, !from.isEmpty, !to.isEmpty else {
            throw Refusal(status: 400, message: "send the rename as {\"document\": {…}, \"from\": \"textField1\", \"to\": \"name\"}")
        }
        var block: String?
        if case .array(let path)? = body["path"], path.first?.stringValue == "blocks" {
            guard path.count > 1, let name = path[1].stringValue, document["blocks"]?[name] != nil else {
                throw Refusal(status: 400, message: "the rename's path names a block the page doesn't define; send the component's path, like [\"blocks\", \"address\", \"components\", 0]")
            }
            block = name
        }
        let result = PageRename(from: from, to: to, registry: preview.loaded.registry, block: block).apply(to: document)
        let renames = result.keys.map { FlowRename(from: $0.from, to: $0.to, dataPath: block == nil ? result.dataPath : nil) }
        var touched: [PageValue] = []
        for url in FlowRename.flows(of: file, id: document["page"]?.stringValue, in: URL(fileURLWithPath: folder.root)) {
            guard let data = FileManager.default.contents(atPath: url.path), let flow = try? JSONReader.parse(bytes: Array(data)) else { continue }
            var changes: [String] = []
            var renamed = flow
            for rename in renames {
                let step = rename.apply(to: renamed)
                renamed = step.flow
                changes += step.changes
            }
            if !changes.isEmpty {
                touched.append(.object(PageObject([("file", .string(relative(url))), ("changes", .array(changes.map { .string($0) }))])))
            }
        }
        return .object(PageObject([
            ("document", result.document),
            ("changes", .array(result.changes.map { .string($0) })),
            ("keys", .array(result.keys.map { .object(PageObject([("from", .string($0.from)), ("to", .string($0.to))])) })),
            ("dataPath", result.dataPath.map { .object(PageObject([("from", .string($0.from.description)), ("to", .string($0.to.description))])) } ?? .null),
            ("flows", .array(touched)),
        ]))
    }

    /// After a save: the page's flows rewritten for each rename the editor made since the last
    /// save (`[{"from", "to", "dataFrom"?, "dataTo"?}]`, in order); the files changed.
    func renameFlows(_ segments: [String], document: PageValue, renames: [PageValue]) throws(Refusal) -> [String] {
        let file = try pageFileForRename(segments)
        let list: [FlowRename] = renames.compactMap { rename in
            guard let from = rename["from"]?.stringValue, let to = rename["to"]?.stringValue else { return nil }
            var dataPath: (from: StorePath, to: StorePath)?
            if let a = rename["dataFrom"]?.stringValue.flatMap({ StorePath($0) }), let b = rename["dataTo"]?.stringValue.flatMap({ StorePath($0) }) { dataPath = (a, b) }
            return FlowRename(from: from, to: to, dataPath: dataPath)
        }
        guard !list.isEmpty else { return [] }
        var written: [String] = []
        for url in FlowRename.flows(of: file, id: document["page"]?.stringValue, in: URL(fileURLWithPath: folder.root)) {
            guard let data = FileManager.default.contents(atPath: url.path), let flow = try? JSONReader.parse(bytes: Array(data)) else { continue }
            var renamed = flow
            for rename in list { renamed = rename.apply(to: renamed).flow }
            guard renamed != flow else { continue }
            do {
                try AtomicFile.write(Data(PreservingJSONWriter.rewrite(Array(data), to: renamed)), to: url)
            } catch {
                throw Refusal(status: 500, message: "the page was saved, but \(relative(url)) could not be rewritten for the rename: \(error)")
            }
            written.append(relative(url))
            preview.report("renamed in \((folder.displayName as NSString).appendingPathComponent(relative(url)))")
        }
        return written
    }

    private func relative(_ url: URL) -> String {
        let root = URL(fileURLWithPath: folder.root).standardizedFileURL.path
        let path = url.standardizedFileURL.path
        return path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : url.lastPathComponent
    }

    private func pageFileForRename(_ segments: [String]) throws(Refusal) -> String {
        do {
            return try preview.pageFile(segments)
        } catch {
            switch error {
            case .notFound(let message): throw Refusal(status: 404, message: message)
            case .forbidden(let message): throw Refusal(status: 403, message: message)
            }
        }
    }
}
