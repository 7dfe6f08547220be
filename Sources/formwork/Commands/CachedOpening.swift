import Foundation
import Formwork
import FormworkTesting

/// `formwork run PAGE_ID --cache DIR`: the page an app with this cache would open, with the
/// repository's record of openings kept as an app keeps it (`PageRepository.recordOpening`, …).
@MainActor
struct CachedOpening {
    let repository: PageRepository
    let page: ResolvedPage
    let harness: PageHarness

    /// Resolves page `id` from `cache` (and `bundled`), prints which copy and why, and records
    /// that it is opening.
    init(id: String, cache: String, bundled: String, harness: PageHarness) throws(CLIFailure) {
        let repository = PageRepository(bundled: URL(fileURLWithPath: bundled), cache: URL(fileURLWithPath: cache), registry: harness.registry) { line in
            Console.error("note: \(line)")
        }
        do {
            page = try repository.resolve(id)
        } catch {
            throw CLIFailure("\(error)")
        }
        self.repository = repository
        self.harness = harness
        harness.engine.pages = repository
        Console.out("serving \(page.id) v\(page.version) (\(page.reason))")
        repository.recordOpening(page)
    }

    /// The page's document, read with the repository's libraries; a page that can't be read is a
    /// failed opening.
    func document() throws(CLIFailure) -> PageDocument {
        do {
            return try PageDocument.load(Array(page.data), registry: harness.registry, libraries: repository.libraries(), file: page.url.path, limits: harness.engine.limits)
        } catch {
            finish(failure: "it can't be read: \(error)")
            throw CLIFailure("\(error)")
        }
    }

    /// Records how the opening went, once `loaded` has run: `failure`, else a failure nothing
    /// handled or a limit the page reported while opening, else a good opening.
    func finish(failure: String?) {
        let limit = harness.diagnostics.first { $0.code == "limit" }
        let failed = failure
            ?? harness.failures.first.map { "its loaded chain failed and nothing handled it: " + ($0["message"]?.displayText ?? "something went wrong") }
            ?? limit.map { "its loaded chain went over a limit: \($0.message)" }
        if let failed {
            repository.recordFailedOpening(page, reason: failed)
        } else {
            repository.recordOpened(page)
        }
    }
}
