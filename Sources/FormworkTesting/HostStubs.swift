import Foundation
import Formwork

/// Runs the app's own types in place of its Swift code, for a harness given the app's registry
/// file: each action, function and validation answers from its stub (`HostStub`), and every run
/// of a host action or error handler is recorded with its attributes, for `host.NAME` in flows.
///
/// Without a stub, a host action passes `$result` on, a validation passes, a handler takes the
/// error, and a function fails naming the stub to add. Each of these is noted in `missing`, so a
/// flow step that fails says which stub to add.
///
/// A harness given the app's real registry records the runs of its own actions and handlers here
/// too, and a stub given for one of its types answers in place of the Swift code, so a flow gives
/// the same result with the registry file (the CLI) and with the app's types (Swift).
///
/// ```swift
/// let page = PageHarness(described: try RegistryDescription(bytes: registryFile, source: "app.registry.json"))
/// page.hostStubs.add([HostStub(.function, "currency", answers: [.init(result: "€12.50")])])
/// try await page.open(file: "pages/basket.json")
/// page.hostStubs.calls("analytics")   // [{"event": "basket-opened"}]
/// ```
public final class HostStubs: HostStandIn, @unchecked Sendable {
    // NB: functions are called off the main actor (at compile time, in constant folding), so the
    // state is behind a lock rather than main-actor isolated.
    private let lock = NSLock()
    private var stubs: [String: HostStub] = [:]
    private var used: [String: Int] = [:]
    private var recorded: [String: [PageValue]] = [:]
    private var recordedOrder: [String] = []
    private var missingAdvice: [String] = []
    /// What a missing function stub's message tells the author to do, given the stub's key.
    public var advice: @Sendable (String) -> String = { key in "add \"\(key)\": {\"result\": …} to the flow's \"stubs\"" }

    /// No stubs yet.
    public init() {}

    /// Adds stubs; a stub for a name already stubbed replaces it.
    public func add(_ stubs: [HostStub]) {
        lock.withLock {
            for stub in stubs {
                self.stubs[stub.key] = stub
                used[stub.key] = 0
            }
        }
    }

    /// Every run of the host action or error handler `name`, in order: its attributes as evaluated.
    public func calls(_ name: String) -> [PageValue] { lock.withLock { recorded[name] ?? [] } }

    /// The names of the host actions and handlers that ran, in the order they first did.
    public var calledNames: [String] { lock.withLock { recordedOrder } }

    /// What to add for each of the app's types that ran with no stub to answer, once each, in the
    /// order they first did: `the app's own function currency() has no stub here; add …`.
    public var missing: [String] { lock.withLock { missingAdvice } }

    private func noteMissing(_ advice: String) {
        lock.withLock { if !missingAdvice.contains(advice) { missingAdvice.append(advice) } }
    }

    /// Whether a stub answers for the app's `kind` `name`.
    func has(_ kind: HostStub.Kind, _ name: String) -> Bool {
        lock.withLock { stubs["\(kind.rawValue) \(name)"] != nil }
    }

    private func stub(_ kind: HostStub.Kind, _ name: String) -> (HostStub, Int)? {
        lock.withLock {
            let key = "\(kind.rawValue) \(name)"
            guard let stub = stubs[key] else { return nil }
            let count = used[key, default: 0]
            used[key] = count + 1
            return (stub, count)
        }
    }

    func record(_ name: String, _ attributes: PageValue) {
        lock.withLock {
            if recorded[name] == nil { recordedOrder.append(name) }
            recorded[name, default: []].append(attributes)
        }
    }

    /// The attributes the page gave, evaluated (a handler's `when` left out: it held).
    @MainActor static func attributes(_ context: ActionContext, leaving common: [AttributeSpec] = []) -> PageValue {
        var object = PageObject()
        for item in context.attributes.items where !item.type.holdsNodes && !common.contains(where: { $0.name == item.name }) {
            object[item.name] = (try? context.value(item.name)) ?? .null
        }
        return .object(object)
    }

    // MARK: - HostStandIn

    /// Runs the app's action `id` from its stub: the stub's next answer, or `$result` passed on when there is none.
    @MainActor public func runAction(_ id: String, _ context: ActionContext) async throws -> PageValue {
        record(id, HostStubs.attributes(context))
        guard let answer = try answerAction(id) else {
            noteMissing("the app's own action '\(id)' has no stub here, so it passed $result on; if the page needs its answer, \(advice("action \(id)"))")
            return context.result
        }
        return answer
    }

    /// The stub's next answer for action `id` (a failure is thrown); nil when no stub answers.
    func answerAction(_ id: String) throws -> PageValue? {
        guard let (stub, count) = stub(.action, id), let answer = stub.answers.isEmpty ? nil : stub.answers[min(count, stub.answers.count - 1)] else {
            return nil
        }
        if let error = answer.error { throw ActionFailure(kind: answer.errorKind ?? "error", message: error) }
        return answer.result
    }

    /// Checks the app's validation `id` from its stub: the message of the first answer matching `$value`, or nil (passes).
    @MainActor public func checkValidation(_ id: String, _ context: ValidationContext) throws -> String? {
        guard has(.validation, id) else {
            noteMissing("the app's own validation '\(id)' has no stub here, so every value passed it; to make it fail, add \"validation \(id)\": {\"value\": …, \"result\": \"message\"} to the flow's \"stubs\"")
            return nil
        }
        return answerValidation(id, value: context.value)
    }

    /// The message the stub of validation `id` gives for `value` (nil: passes).
    func answerValidation(_ id: String, value: PageValue) -> String? {
        guard let (stub, _) = stub(.validation, id) else { return nil }
        let answer = stub.answers.first { $0.match == nil || $0.match == value }
        return answer?.result.isNull == false ? answer?.result.displayText : nil
    }

    /// Runs the app's error handler `id`: it records the run and handles the failure.
    @MainActor public func handleError(_ id: String, _ context: ActionContext) async throws {
        // NB: a handler's own `retry` or `when` (one it declares) is recorded like its other attributes.
        let type = context.session.engine.registry.errorHandlers[id]
        let common = ErrorHandlerType.commonAttributes.filter { type?.engineReads($0.name) ?? true }
        record(id, HostStubs.attributes(context, leaving: common))
    }

    /// Calls the app's function `name` from its stub: the first answer whose `args` equal `arguments`; throws, naming the stub to add, when none does.
    public func callFunction(_ name: String, _ arguments: [PageValue]) throws -> PageValue {
        guard let (stub, _) = stub(.function, name) else {
            let message = "\(name)() is the app's own function and has no stub here; \(advice("function \(name)"))"
            noteMissing(message)
            throw FunctionFailure(message)
        }
        guard let answer = stub.answers.first(where: { $0.match == nil || $0.match == .array(arguments) }) else {
            let message = "no stub of \(name)() answers \(PageValue.array(arguments).jsonText); add {\"args\": \(PageValue.array(arguments).jsonText), \"result\": …} to \"function \(name)\""
            noteMissing(message)
            throw FunctionFailure(message)
        }
        if let error = answer.error { throw FunctionFailure(error) }
        return answer.result
    }
}
