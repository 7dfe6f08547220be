import Foundation
@_spi(Testing) import Formwork

/// `FORMWORK_TEST_DRAFT_WRITER`, a setting for Formwork's own tests only: `formwork run --drafts`
/// writes its drafts with another writer than an app's, so `DraftKillTests` can show that the
/// kill test fails without the atomic write.
///
/// Its value is `METHOD` or `METHOD:MILLISECONDS`: `atomic` (the app's writer) or `in-place`
/// (straight over the draft file), stopping that long halfway through each write. With it set,
/// `run` prints `[test] draft write started` and `[test] draft write finished` around each write,
/// so the test can tell whether its kill came during one. Unset, drafts are written as in an app.
///
/// ```
/// FORMWORK_TEST_DRAFT_WRITER=in-place:20 formwork run order.json --drafts drafts
/// ```
enum TestDraftWriter {
    static let variable = "FORMWORK_TEST_DRAFT_WRITER"
    static let started = "[test] draft write started"
    static let finished = "[test] draft write finished"

    /// The drafts storage for `directory`: an app's, unless the setting asks for another writer.
    static func storage(directory: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws(CLIFailure) -> FileDraftStorage {
        let url = URL(fileURLWithPath: directory)
        guard let writer = try writer(what: "draft", environment: environment) else { return FileDraftStorage(directory: url) }
        return FileDraftStorage(directory: url, writer: writer)
    }

    /// The outbox storage for `directory` (`run --outbox`), written the same way; with the
    /// setting, `run` prints `[test] outbox write started` / `… finished` around each write.
    static func outboxStorage(directory: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws(CLIFailure) -> FileOutboxStorage {
        let url = URL(fileURLWithPath: directory)
        guard let writer = try writer(what: "outbox", environment: environment) else { return FileOutboxStorage(directory: url) }
        return FileOutboxStorage(directory: url, writer: writer)
    }

    /// The writer the setting asks for, printing `[test] WHAT write started/finished`; nil when unset.
    private static func writer(what: String, environment: [String: String]) throws(CLIFailure) -> DraftFileWriter? {
        guard let setting = environment[variable] else { return nil }
        let parts = setting.split(separator: ":", maxSplits: 1).map(String.init)
        guard let first = parts.first, let method = DraftFileWriter.Method(rawValue: first),
              let milliseconds = parts.count > 1 ? Int(parts[1]) : 0, milliseconds >= 0 else {
            throw CLIFailure("\(variable) is '\(setting)', a setting for Formwork's own tests: write atomic or in-place, "
                + "optionally followed by :MILLISECONDS to pause halfway through each write (in-place:20), or unset it")
        }
        return DraftFileWriter(method: method, pause: Double(milliseconds) / 1000) { event in
            Console.out("[test] \(what) write " + (event == .started ? "started" : "finished"))
        }
    }
}
