/// `check`'s warning (level 2, code `unused-data`) about a member of the page's `"data"` that
/// nothing binds, reads or writes — left behind by an input that was removed or renamed:
///
/// ```
/// feedback.json: data.textField1: warning: $data.textField1 is never read or written: no binding, expression or store-var names it; remove it from "data" [unused-data]
/// ```
///
/// A page that reads `$data` whole (`"body": {"expr": "$data"}`), or a path whose key is only known
/// when it runs (`$data[$data.field]`), may read any member: it gets no such warning.
struct UnusedDataCheck {
    /// The first members after `$data` that expressions read.
    private var read: Set<String> = []
    /// Whether an expression reads all of `$data`.
    private var readsAll = false

    /// Notes the paths one expression reads.
    mutating func note(_ dependencies: [StorePath]) {
        for path in dependencies where path.root == .data {
            guard case .key(let name)? = path.components.first else { readsAll = true; continue }
            read.insert(name)
        }
    }

    /// A warning for each member of the page's `"data"` nothing reads or writes.
    func warnings(document: PageDocument, writes: DataPathCheck) -> [PageDiagnostic] {
        guard !readsAll, case .object(let data) = document.data else { return [] }
        return data.keys.compactMap { name in
            guard !read.contains(name), !writes.writes(member: name) else { return nil }
            let path = StorePath(.data, [.key(name)])
            return PageDiagnostic(.warning, code: "unused-data", path: "data." + name,
                                  "\(path) is never read or written: no binding, expression or store-var names it; remove it from \"data\" [unused-data]")
        }
    }
}
