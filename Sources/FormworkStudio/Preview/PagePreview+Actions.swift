import Foundation
import Formwork

/// What a person does in the browser, done on the page: each action runs as a step, and the
/// answer goes back once the pages settle (every step is done, or waits for the person).
extension PagePreview {
    /// Something a person did in the browser.
    enum Action {
        /// Typed or chose a value in an input.
        case edit(ComponentRef, PageValue)
        /// Typed text into an input, read in the page's locale (`1.234,5` in `de`).
        case type(ComponentRef, String)
        /// Edited a masked field: the engine's mask says what it shows, where the caret goes and what is stored.
        case mask(ComponentRef, MaskEdit)
        /// Tapped a button, a select, a list row.
        case tap(ComponentRef)
        /// Ran a page interaction (a nav-bar button's `onSave`).
        case trigger(String)
        /// Answered a picker (an option, or nil to cancel), a confirmation, or dismissed an alert.
        case answer(question: Int, PreviewHost.Answer)
        /// The back button: the page on top closes.
        case back
        /// Opens the page again from the start.
        case restart
        /// Shows the page in another language (nil: the `--locale` the preview was given).
        case locale(String?)
        /// Chose a file in a `file` input's `<input type=file>`: its name, media type and bytes.
        case attach(ComponentRef, name: String, type: String, bytes: [UInt8])
        /// Turned the network switch off or on (`PreviewConnection`).
        case network(online: Bool)
    }

    /// A component named by the number the browser got, or by its key (the first one).
    enum ComponentRef {
        case id(Int)
        case key(String)
    }

    /// How an action went: the revision the views will see its effect in, and a note when the
    /// engine ignored it or it failed.
    struct ActionResult {
        let revision: Int
        let note: String?
        let failed: Bool
        /// What a masked field shows after a `mask` action, where its caret goes and what was stored.
        var masked: MaskedText? = nil
    }

    /// One piece of work in flight on a page.
    @MainActor
    final class Step {
        let page: PageSession
        var isDone = false
        /// Why it failed or was ignored, if it did.
        var note: String?

        init(_ page: PageSession) { self.page = page }
    }

    // MARK: - Doing

    func perform(_ action: Action) async -> ActionResult {
        var note: String?
        var failed = false
        switch action {
        case .restart:
            await restart()
        case .locale(let tag):
            await show(locale: tag)
        case .network(let online):
            await setNetwork(online: online)
        case .back:
            if let page = top {
                host.remove(page)
                page.close()
                await settle()
            } else {
                note = "no page is open; open it again"
                failed = true
            }
        case .answer(let question, let answer):
            if host.answer(question, answer) {
                await settle()
            } else {
                note = "that question isn't waiting any more"
                failed = true
            }
        case .trigger(let name):
            switch live() {
            case .success(let page):
                note = await run(on: page) { await PagePreview.describe(page.trigger(name)) }
            case .failure(let reason):
                note = reason.message
                failed = true
            }
        case .tap(let ref), .edit(let ref, _), .type(let ref, _), .mask(let ref, _), .attach(let ref, _, _, _):
            let page: PageSession
            switch live() {
            case .success(let open): page = open
            case .failure(let reason):
                note = reason.message
                failed = true
                return ActionResult(revision: publish(), note: note, failed: failed)
            }
            guard let component = resolve(ref, on: page) else {
                note = "that component isn't on the page any more (it may have been rebuilt); try again"
                failed = true
                break
            }
            if case .edit(_, let value) = action {
                note = await run(on: page) {
                    do {
                        return PagePreview.describe(try await page.edit(component, to: value))
                    } catch let error as PageError {
                        return "error: " + error.diagnostics.map(\.message).joined(separator: "; ")
                    } catch {
                        return "error: \(error)"
                    }
                }
            } else if case .mask(_, let edit) = action {
                var shown: MaskedText?
                note = await run(on: page) {
                    do {
                        shown = try await page.editText(edit, in: component)
                        return nil
                    } catch let error as PageError {
                        return "error: " + error.diagnostics.map(\.message).joined(separator: "; ")
                    } catch {
                        return "error: \(error)"
                    }
                }
                failed = note?.hasPrefix("error: ") ?? false
                return ActionResult(revision: publish(), note: note, failed: failed, masked: shown)
            } else if case .attach(_, let name, let type, let bytes) = action {
                note = await run(on: page) { await PagePreview.attach(bytes, name: name, type: type, to: component, on: page) }
            } else if case .type(_, let text) = action {
                note = await run(on: page) {
                    do {
                        // NB: text that doesn't read shows under the field; it isn't a failure of the preview.
                        let outcome = try await page.enterText(text, into: component)
                        if case .ignored = outcome { return nil }
                        return PagePreview.describe(outcome)
                    } catch let error as PageError {
                        return "error: " + error.diagnostics.map(\.message).joined(separator: "; ")
                    } catch {
                        return "error: \(error)"
                    }
                }
            } else {
                note = await run(on: page) { await PagePreview.describe(page.tap(component)) }
            }
            failed = note?.hasPrefix("error: ") ?? false
        }
        return ActionResult(revision: publish(), note: note, failed: failed)
    }

    /// Keeps the browser's file as the host's picker would hand it over (a file of its own, owner-only,
    /// in the preview's temporary folder) and adds it to the input's value, as choosing it does.
    static func attach(_ bytes: [UInt8], name: String, type: String, to component: PageComponent, on page: PageSession) async -> String? {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("formwork-preview-attachments-\(ProcessInfo.processInfo.processIdentifier)")
        let file = folder.appendingPathComponent(UUID().uuidString.lowercased())
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            guard FileManager.default.createFile(atPath: file.path, contents: Data(bytes), attributes: [.posixPermissions: 0o600]) else {
                return "error: the file couldn't be kept in \(folder.path)"
            }
        } catch {
            return "error: the file couldn't be kept: \(error.localizedDescription)"
        }
        guard let attachment = page.engine.attach(PickedFile(file: file, name: name, type: type.isEmpty ? nil : type)) else {
            return "error: the file couldn't be read back"
        }
        let current = component.value?.arrayValue ?? []
        do {
            return describe(try await page.edit(component, to: .array(current + [attachment.pageValue])))
        } catch {
            return "error: " + error.diagnostics.map(\.message).joined(separator: "; ")
        }
    }

    /// Why a person can't act on the page now.
    struct Unavailable: Error {
        let message: String
    }

    /// The page on top, when a person can act on it.
    private func live() -> Result<PageSession, Unavailable> {
        if isBroken { return .failure(Unavailable(message: "the saved page has errors; fix them and save first")) }
        guard let page = top, !page.isClosed else { return .failure(Unavailable(message: "the page is closed; open it again")) }
        return .success(page)
    }

    private func resolve(_ ref: ComponentRef, on page: PageSession) -> PageComponent? {
        let shown = page.allComponents
        switch ref {
        case .id(let id):
            guard let component = ids.component(id), shown.contains(where: { $0 === component }) else { return nil }
            return component
        case .key(let key):
            return shown.first { $0.key == key }
        }
    }

    /// Starts `body` as a step on `page`, waits until the pages settle, and returns the step's note.
    private func run(on page: PageSession, _ body: @escaping @MainActor () async -> String?) async -> String? {
        let step = track(page, body)
        await settle()
        return step.note
    }

    /// What a chain's outcome tells the person, when it isn't plain success.
    private static func describe(_ outcome: ChainOutcome) -> String? {
        switch outcome {
        case .completed, .cancelled: return nil
        case .ignored(let reason): return reason
        case .failed(let error, let handler): return handler == nil ? "error: " + (error["message"]?.displayText ?? error.jsonText) : nil
        }
    }

    // MARK: - Settling

    /// Starts `body` as a task the preview waits for in `settle`.
    @discardableResult
    func track(_ page: PageSession, _ body: @escaping @MainActor () async -> String?) -> Step {
        let step = Step(page)
        steps.append(step)
        Task { @MainActor in
            step.note = await body()
            step.isDone = true
            self.wakeSettlers()
        }
        return step
    }

    /// Waits until every step is done or waits for the person (a question is open, or a page
    /// is pushed above its page), then until every open page is idle.
    ///
    /// NB: it waits on what the host and the steps report (a step ending, a question asked, a page
    /// shown), never on time.
    func settle() async {
        while steps.contains(where: { !$0.isDone && !waitsForPerson($0.page) }) {
            await withCheckedContinuation { changeWaiters.append($0) }
        }
        steps.removeAll { $0.isDone }
        for session in host.stack { await session.waitUntilIdle() }
    }

    private func waitsForPerson(_ page: PageSession) -> Bool {
        !host.questions.isEmpty || (host.stack.contains { $0 === page } && host.top !== page)
    }

    /// Lets every `settle` look again.
    func wakeSettlers() {
        let waiters = changeWaiters
        changeWaiters = []
        for waiter in waiters { waiter.resume() }
    }
}
