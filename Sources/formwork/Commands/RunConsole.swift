import Foundation
import Formwork
import FormworkTesting

/// The command loop of `formwork run`: reads one command at a time, does it on the harness,
/// prints the trace of what happened (and, on a terminal, the form again), and records the
/// steps for `--record`. Bad input prints a message and the loop goes on.
@MainActor
final class RunConsole {
    enum Next { case next, quit }

    static let commands = ["set", "type", "tap", "trigger", "attach", "pick", "confirm", "back", "reopen", "background", "offline", "online", "outbox", "data", "globals", "show", "help", "quit", "exit"]

    let harness: PageHarness
    let recorder: FlowRecorder?
    let interactive: Bool
    private var printedTrace = 0
    private var printedDiagnostics = 0

    init(harness: PageHarness, recorder: FlowRecorder?, interactive: Bool) {
        self.harness = harness
        self.recorder = recorder
        self.interactive = interactive
    }

    /// After the page opened: what `loaded` did, the form, any question, the help hint.
    func opened() {
        printTrace()
        draw()
        recorder?.opened()
        if interactive { Console.out("Type a command (help lists them)."); }
    }

    /// Runs one line; `.quit` ends the loop.
    func execute(_ line: String) async -> Next {
        let text = line.trimmingCharacters(in: .whitespaces)
        if text.isEmpty || text.hasPrefix("#") { return .next }
        if !interactive { Console.out("> " + text) }
        let words = text.split(separator: " ", maxSplits: 1).map(String.init)
        let name = words[0].lowercased(), rest = words.count > 1 ? words[1].trimmingCharacters(in: .whitespaces) : ""
        switch name {
        case "quit", "exit", "q": return .quit
        case "help", "?":
            Console.out(RunConsole.helpText)
            return .next
        case "show":
            draw()
            return .next
        case "data":
            Console.out(harness.data.jsonText)
            return .next
        case "globals":
            Console.out(harness.globals.jsonText)
            return .next
        case "outbox":
            Console.out(harness.engine.outbox?.jsonValue.jsonText ?? "[]")
            return .next
        case "offline":
            harness.engine.networkIsGone()
            Console.out("  network: offline")
            return .next
        case "online":
            Console.out("  network: online")
            await harness.engine.networkIsBack()
            Console.out("  outbox: \(harness.engine.outbox?.entries.count ?? 0) waiting")
            return .next
        default:
            break
        }
        let action: FlowStep.Action
        do {
            action = try parse(name, rest)
        } catch {
            Console.error("error: \(error.message)")
            return .next
        }
        let before = harness.traceEventCount + harness.requests.count + harness.navigation.count
        var failure: (any Error)?
        do {
            try await FlowRunner.perform(action, on: harness)
        } catch {
            failure = error
        }
        let failed = failure != nil
        // NB: a step that did nothing (a misspelled key) is left out of the recording; one that did
        // something and then failed (a request no stub answered) is kept, as it happened.
        let didSomething = harness.traceEventCount + harness.requests.count + harness.navigation.count != before || !failed
        if didSomething { recorder?.record(action) }
        printTrace()
        if let failure { Console.error("error: \(failure)") }
        if interactive { draw() } else { printQuestion() }
        return .next
    }

    private func parse(_ name: String, _ rest: String) throws(UsageError) -> FlowStep.Action {
        func argument(_ usage: String) throws(UsageError) -> String {
            guard !rest.isEmpty else { throw UsageError("\(name) needs an argument: \(usage)") }
            return rest
        }
        switch name {
        case "set":
            let parts = try argument("set KEY VALUE").split(separator: " ", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { throw UsageError("set needs a key and a value: set \(parts[0]) VALUE (use \"\" for empty text)") }
            return .set(key: parts[0], value: PageOptions.looseValue(parts[1].trimmingCharacters(in: .whitespaces)))
        case "type":
            // NB: typed text goes through the field's reading (a mask, the locale's numbers), as a person's does.
            let parts = try argument("type KEY TEXT").split(separator: " ", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { throw UsageError("type needs a key and the text: type \(parts[0]) TEXT") }
            return .type(key: parts[0], text: parts[1].trimmingCharacters(in: .whitespaces))
        case "tap":
            return .tap(try argument("tap KEY"))
        case "trigger":
            let parts = try argument("trigger NAME [EVENT-JSON]").split(separator: " ", maxSplits: 1).map(String.init)
            var event = PageValue.null
            if parts.count == 2 {
                do { event = try PageValue(json: parts[1]) } catch { throw UsageError("the event after 'trigger \(parts[0])' must be JSON: \(error)") }
            }
            return .trigger(parts[0], event: event)
        case "attach":
            let parts = try argument("attach KEY FILE").split(separator: " ", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { throw UsageError("attach needs a file input's key and a file: attach \(parts[0]) receipt.jpg") }
            return .attach(key: parts[0], files: [parts[1].trimmingCharacters(in: .whitespaces)])
        case "pick":
            let choice = try argument("pick N, pick TITLE or pick cancel")
            if choice == "cancel" { return .pick(.cancel) }
            if let index = Int(choice) { return .pick(.index(index)) }
            return .pick(.title(choice))
        case "confirm":
            switch try argument("confirm yes|no").lowercased() {
            case "yes", "y", "true": return .confirm(true)
            case "no", "n", "false": return .confirm(false)
            default: throw UsageError("confirm takes yes or no, not '\(rest)'")
            }
        case "back":
            return .back
        case "reopen":
            return .reopen
        case "background":
            return .background
        default:
            let hint = Suggestions.nearest(to: name, in: RunConsole.commands).map { "; did you mean '\($0)'?" } ?? ""
            throw UsageError("unknown command '\(name)'\(hint.isEmpty ? "." : hint) Type help for the commands.")
        }
    }

    // MARK: - Output

    /// The trace since the last command, then any problem the engine reported (an attribute that
    /// can't be computed, a component type the app doesn't have).
    private func printTrace() {
        // NB: the harness keeps the latest events only; print those made since the last command
        // that it still has.
        let unprinted = harness.traceEventCount - printedTrace
        for event in harness.trace.suffix(unprinted) { Console.out("  " + event.description) }
        printedTrace = harness.traceEventCount
        let diagnostics = harness.diagnostics
        for diagnostic in diagnostics[min(printedDiagnostics, diagnostics.count)...] { Console.error(PageOptions.located(diagnostic)) }
        printedDiagnostics = diagnostics.count
    }

    private func draw() {
        guard let page = try? harness.current else { return }
        Console.out("")
        Console.out(PageTextRenderer.render(page))
        if page.isClosed { Console.out("(the page is closed; quit to leave)") }
        Console.out("")
        printQuestion()
    }

    private func printQuestion() {
        if let picker = harness.pendingPicker {
            let options = picker.options.enumerated().map { "\($0.offset) \($0.element.title)" }.joined(separator: " | ")
            Console.out("? picker \"\(picker.title)\": \(options)   (pick N, pick TITLE or pick cancel)")
        } else if let confirm = harness.pendingConfirm {
            Console.out("? confirm \"\(confirm.title)\" \(confirm.message)   (confirm yes|no)")
        }
    }

    static let helpText = """
        set KEY VALUE     edit an input; VALUE is JSON when it parses, else plain text
                          (a choice takes an option's value or title; set on checkboxes
                          with one option ticks or unticks it: set liked Food)
        type KEY TEXT     type into an input as a person does (through its mask, in the page's locale)
        tap KEY           tap a button, a select, a list
        trigger NAME      run a page interaction (an optional JSON event may follow)
        attach KEY FILE   attach a file (a path) to a file input, as its picker would
        pick N|TITLE      answer the open picker (N from 0); pick cancel cancels it
        confirm yes|no    answer the open confirmation
        back              leave the current page
        reopen            close the page and open it again (a page with "draft" finds its draft)
        background        the app goes to the background (drafts are written at once)
        offline, online   the network goes away (requests that may be queued are) or comes back (they are sent)
        outbox            print what waits in the outbox as one line of JSON
        data, globals     print $data or $global as one line of JSON
        show              draw the form again
        help, quit
        """
}
