import Foundation
import Formwork
import FormworkDesign

/// The editor's rename refactoring: `POST /api/design/rename/FILE` computes it (the page as it
/// would be, and what it would change in the page's flows) without writing anything; the flows
/// are rewritten when the page is saved, with the renames the save carries.
extension DesignWorkspace {
    /// `{"document", "from", "to"}` → `{"document", "changes", "dataPath": {"from", "to"} | null,
    /// "flows": [{"file", "changes"}]}`.
    func rename(_ segments: [String], body: PageObject) throws(Refusal) -> PageValue {
        let file = try pageFileForRename(segments)
        guard let document = body["document"], case .object = document,
              let from = body["from"]?.stringValue, let to = body["to"]?.stringValue, !from.isEmpty, !to.isEmpty else {
            throw Refusal(status: 400, message: "send the rename as {\"document\": {…}, \"from\": \"textField1\", \"to\": \"name\"}")
        }
        let result = PageRename(from: from, to: to, registry: preview.loaded.registry).apply(to: document)
        let flows = FlowRename(from: from, to: to, dataPath: result.dataPath)
        var touched: [PageValue] = []
        for url in FlowRename.flows(of: file, id: document["page"]?.stringValue, in: URL(fileURLWithPath: folder.root)) {
            guard let data = FileManager.default.contents(atPath: url.path), let flow = try? JSONReader.parse(bytes: Array(data)) else { continue }
            let changes = flows.apply(to: flow).changes
            if !changes.isEmpty {
                touched.append(.object(PageObject([("file", .string(relative(url))), ("changes", .array(changes.map { .string($0) }))])))
            }
        }
        return .object(PageObject([
            ("document", result.document),
            ("changes", .array(result.changes.map { .string($0) })),
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
