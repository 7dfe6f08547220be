import Foundation
import Formwork
import FormworkTesting

/// `formwork run PAGE.json|PAGE_ID [--param k=v]… [--params FILE] [--global FILE] [--pages DIR] [--cache DIR] [--api-base URL] [--api-stub FILE] [--script FILE] [--record FILE.flow.json] [--drafts DIR] [--outbox DIR]`
struct RunCommand: CLICommand {
    static let name = "run"
    static let abstract = "Open a page and drive it from the terminal, a script or a pipe."
    static let help = """
        USAGE: formwork run PAGE.json|PAGE_ID [--param KEY=VALUE]... [--params FILE] [--global FILE] [--pages DIR] [--cache DIR]
                                      [--api-base URL] [--api-stub FILE] [--script FILE] [--record FILE.flow.json] [--drafts DIR]
                                      [--outbox DIR] [--registry FILE]

        Opens the page, runs `loaded` and draws the form as text. Then reads commands, from the
        terminal (redrawing the form after each), or from --script or a pipe (printing a trace of
        each action, request, navigation and store change):

          set KEY VALUE     edit an input; VALUE is JSON when it parses, else plain text
                            (a choice takes an option's value or title; set on checkboxes
                            with one option ticks or unticks it: set liked Food)
          tap KEY           tap a button, a select, a list
          trigger NAME      run a page interaction (an optional JSON event may follow)
          attach KEY FILE   attach a file (a path) to a file input, as its picker would
          pick N|TITLE      answer the open picker (N from 0); 'pick cancel' cancels it
          confirm yes|no    answer the open confirmation
          back              leave the current page (a pushed page returns to its opener)
          reopen            close the page and open it again (a page with "draft" finds its draft)
          background        the app goes to the background: drafts are written at once
          offline, online   the network goes away (requests with "offline": "queue" are kept in the
                            outbox) or comes back (what waits is sent, in order)
          outbox            print what waits in the outbox as one line of JSON
          data, globals     print $data or $global as one line of JSON
          show              draw the form again
          help, quit

        Lines starting with # are comments. `now()` is fixed at the moment the page opened (with
        --drafts it runs, so drafts are saved as time passes, as in an app).

        OPTIONS:
          --param KEY=VALUE   a $param; VALUE is the text as typed for a param declared "string",
                              else JSON when it parses as JSON, else the text
          --params FILE       $param from a JSON file (--param values go on top)
          --global FILE       $global from a JSON file
          --pages DIR         where pushed page ids are found (default: the page's folder)
          --cache DIR         open page PAGE_ID as an app would: the copy a sync installed in DIR
                              (formwork sync --cache DIR), else the bundled one in --pages (default .).
                              Prints which version is served and why, and keeps the app's record of
                              openings: a version that fails as it opens (or whose opening this
                              process doesn't survive) twice in a row is set aside on this cache
          --api-stub FILE     canned answers: {"POST /api/dish": {"status": 200, "body": {…}}, "GET /api/x": […]}
                              (a request no stub answers fails as if the server were offline,
                              and is named on standard error); the app's own actions and functions
                              are stubbed there too: "action analytics": {"result": …},
                              "function currency": {"result": "€12.50"}
          --api-base URL      send requests no stub answers to this server (its host is allowed)
          --script FILE       read commands from FILE instead of standard input
          --record FILE       write the session as a flow file whose expect steps pin what was seen
          --drafts DIR        keep the drafts of pages with "draft" in DIR (FileDraftStorage): what
                              was typed is restored when the page is run again; without it, drafts
                              live in memory until the command ends
          --outbox DIR        keep the requests of api actions with "offline": "queue" in DIR
                              (FileOutboxStorage); at launch what waits there is sent, in order.
                              Without it, the outbox lives in memory until the command ends
        \(RegistryOption.help)

        EXAMPLE:
          printf 'set name Tofu\\nset price 12.5\\ntap save\\n' | formwork run pages/dish-edit.json --api-stub stubs.json
        """

    let file: String
    let options: PageOptions
    let pagesDirectory: String?
    let api: APIOptions
    let script: String?
    let record: String?
    let drafts: String?
    let outbox: String?
    let registryOption: RegistryOption
    let cache: String?

    init(_ arguments: inout ArgumentScanner) throws(UsageError) {
        options = try PageOptions(&arguments)
        registryOption = try RegistryOption(&arguments)
        pagesDirectory = try arguments.option("pages")
        api = try APIOptions(&arguments)
        script = try arguments.option("script")
        record = try arguments.option("record")
        drafts = try arguments.option("drafts")
        outbox = try arguments.option("outbox")
        cache = try arguments.option("cache")
        if let record, !record.hasSuffix(".json") { throw UsageError("--record writes a flow file; name it like dish-edit.flow.json (got '\(record)')") }
        let positionals = arguments.positionals()
        guard positionals.count == 1, let file = positionals.first else {
            throw UsageError(positionals.isEmpty ? "give the page file to run" : "give exactly one page file to run")
        }
        self.file = file
    }

    func run() async -> Int32 {
        let harness: PageHarness
        let recorder: FlowRecorder?
        do {
            (harness, recorder) = try await open()
        } catch {
            Console.error("error: \(error.message)")
            return ExitCode.failure
        }
        let interactive = script == nil && isatty(0) != 0
        let console = RunConsole(harness: harness, recorder: recorder, interactive: interactive)
        console.opened()
        var lines: AnyIterator<String>
        if let script {
            let data: [UInt8]
            do {
                data = try CLIFile.read(script, what: "script")
            } catch {
                Console.error("error: \(error.message)")
                return ExitCode.failure
            }
            var remaining = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)[...]
            lines = AnyIterator { remaining.popFirst() }
        } else {
            lines = AnyIterator {
                if interactive { FileHandle.standardOutput.write(Data("> ".utf8)) }
                return readLine()
            }
        }
        while let line = lines.next() {
            if await console.execute(line) == .quit { break }
        }
        harness.close()
        if let record, let recorder {
            let flow = recorder.finish()
            do {
                let target = URL(fileURLWithPath: record)
                try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                try AtomicFile.write(Data(flow.text.utf8), to: target)
                Console.out("recorded \(flow.steps.count) step\(flow.steps.count == 1 ? "" : "s") to \(record); replay with: formwork test \(record)")
            } catch {
                Console.error("error: can't write the flow file '\(record)': \(error.localizedDescription)")
                return ExitCode.failure
            }
        }
        return ExitCode.success
    }

    /// Reads the page and the files, sets up the harness and opens the page.
    private func open() async throws(CLIFailure) -> (PageHarness, FlowRecorder?) {
        let described = try registryOption.load(near: [file]).description
        let globals = try options.globalValue()
        let folder = pagesDirectory ?? URL(fileURLWithPath: file).deletingLastPathComponent().path
        let clock = SystemClock().nowMilliseconds()
        let draftStorage: any DraftStorage = try drafts.map { (path) throws(CLIFailure) in try TestDraftWriter.storage(directory: path) } ?? MemoryDraftStorage()
        // NB: with --drafts (or --outbox) the clock runs, so drafts are saved every 500 ms and the
        // outbox backs off as in an app.
        let harness = PageHarness(described: described, globals: globals, pages: DirectoryPageSource(directory: URL(fileURLWithPath: folder)),
                                  clock: drafts == nil && outbox == nil ? FixedClock(milliseconds: clock) : SystemClock(), timeZone: .current, languages: options.languages,
                                  limits: CLILimits.standard, drafts: draftStorage)
        // NB: decoded with the harness's registry, whose host functions answer from its stubs.
        var opening: CachedOpening?
        if let cache { opening = try CachedOpening(id: file, cache: cache, bundled: pagesDirectory ?? ".", harness: harness) }
        let document: PageDocument
        if let opening { document = try opening.document() } else { document = try PageOptions.loadDocument(file, registry: harness.registry) }
        let params = try options.paramValue(for: document)
        try api.configure(harness.stub, hostStubs: harness.hostStubs)
        // NB: an unanswered request is the server being offline, so a recorded session replays as it ran.
        harness.stub.unmatchedIsOffline = true
        let storage: any OutboxStorage = try outbox.map { (path) throws(CLIFailure) in try TestDraftWriter.outboxStorage(directory: path) } ?? MemoryOutboxStorage()
        harness.engine.outbox = Outbox(storage: storage, limits: harness.limits) { outcome in Console.out("  outbox: \(outcome)") }
        if outbox != nil {
            // As an app does at launch: send what waits, before the page does anything.
            await harness.engine.networkIsBack()
            Console.out("  outbox: \(harness.engine.outbox?.entries.count ?? 0) waiting")
        }
        var recorder: FlowRecorder?
        if let record {
            let flowFolder = URL(fileURLWithPath: record).deletingLastPathComponent().path
            var flow = FlowFile(name: FlowFile.defaultName(record), page: FlowRecorder.relativePath(file, from: flowFolder),
                                params: params, globals: globals, clock: clock, timeZone: TimeZone.current.identifier)
            flow.languages = options.languages
            if let pagesDirectory { flow.pages = FlowRecorder.relativePath(pagesDirectory, from: flowFolder) }
            flow.description = "Recorded with formwork run."
            recorder = FlowRecorder(harness: harness, flow: flow)
        }
        do {
            try await harness.open(document, params: params)
        } catch {
            guard harness.root != nil else {
                opening?.finish(failure: "it can't be opened: \(error)")
                throw CLIFailure("\(error)")
            }
            Console.error("error: \(error)")
        }
        opening?.finish(failure: nil)
        return (harness, recorder)
    }
}
