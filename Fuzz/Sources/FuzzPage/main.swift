import Formwork
import FormworkTesting
import FuzzSupport

// Page bytes → decode → check → open headlessly and run `loaded`, under the standard budgets
// (requests fail: no stubs; pickers and confirmations wait for a person who never comes).
//
// Holds for every input: decoding gives a page or an error diagnostic; a page that checks clean
// opens (or refuses to, with a message) and settles within flowStepSeconds.
FuzzDriver.run { data, size in
    let bytes = FuzzDriver.bytes(data, size)
    let decoded = PageDocument.decode(bytes, file: "fuzz.json")
    for diagnostic in decoded.diagnostics {
        expect(!diagnostic.message.isEmpty, "a diagnostic without a message")
        _ = diagnostic.rendered
    }
    guard let document = decoded.document else {
        expect(decoded.diagnostics.contains { $0.severity == .error }, "no page and no error")
        return 0
    }
    let checked = PageSet(files: [("fuzz.json", bytes)], checkPushes: false).diagnostics
    guard !checked.contains(where: { $0.severity == .error }) else { return 0 }
    MainActorRunner.run {
        let harness = PageHarness()
        defer { harness.close() }
        do {
            try await harness.open(document)
            _ = try harness.current.document.id
        } catch {
            let message = "\(error)"
            expect(!message.isEmpty, "opening failed without a message")
            expect(!message.contains("still working"), "the page didn't settle after loaded: \(message)")
        }
    }
    return 0
}
