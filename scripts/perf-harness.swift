// The program behind README's issue-34 instruction counts: runs one thing k times.
//   swift build -c release --target Formwork
//   R=.build/release; swiftc -O -I $R/Modules scripts/perf-harness.swift $R/Formwork.build/*.o -o /tmp/harness
//   valgrind --tool=callgrind --callgrind-out-file=/dev/null /tmp/harness open 5 1000   # and with 0; (difference) / 5
// Modes: new old fresh built (scopes), classfloor structfloor (built against these), json load open (a page of SIZE components), edit editfloor editobserved
// (an edit with a no-op observer on every component: what an edit adds when a host listens).
// Arguments: MODE K [SIZE]. Not part of the package: it links the release build's objects.

import Foundation
import Formwork

struct InlineScope {
    var data: PageValue
    var global: PageValue
    var param: PageValue
    var computed: PageValue = .null
    var page: PageValue = .null
    var result: PageValue = .null
    var event: PageValue = .null
    var error: PageValue = .null
    var value: PageValue = .null
    var item: PageValue = .null
    var index: PageValue = .null
    var state: PageValue = .null
    var clock: any PageClock
    var timeZone: TimeZone
    var locale = PageLocale()
    var isFoldingConstants = false
    var limits: PageLimits
    init(data: PageValue = .null, global: PageValue = .null, param: PageValue = .null,
         clock: any PageClock = SystemClock(), timeZone: TimeZone = .current, limits: PageLimits = .standard) {
        self.data = data; self.global = global; self.param = param; self.clock = clock; self.timeZone = timeZone; self.limits = limits
    }
}

@inline(never) @_optimize(none) func sink<T>(_ value: T) {}
@inline(never) @_optimize(none) func opaque<T>(_ value: T) -> T { value }

/// The floors of `formwork bench expressions` for `$data.price * $data.qty`.
final class Model: Sendable {
    let price = 12.5
    let qty: Int64 = 2
}
struct Values {
    var price = 12.5
    var qty: Int64 = 2
    var first = "Ada"
    var terms: [Int64] = [1, 2, 3]
}

func page(components: Int) -> String {
    let pairs = components / 2
    var data: [String] = []
    var nodes: [String] = []
    for i in 0..<pairs {
        data.append("\"v\(i)\": \(i)")
        nodes.append(#"{"id": "number-field", "key": "v\#(i)", "attributes": {"title": "Value \#(i)", "value": {"expr": "$data.v\#(i)"}}}"#)
        nodes.append(#"{"id": "label", "attributes": {"text": {"template": "${$data.v\#(i) * 2} pcs"}}}"#)
    }
    return #"{"page": "bench", "data": {\#(data.joined(separator: ","))}, "components": [{"id": "section", "components": [\#(nodes.joined(separator: ","))]}]}"#
}

let args = CommandLine.arguments
guard args.count > 2, let n = Int(args[2]) else { fatalError("usage: harness MODE K [SIZE]") }
let what = args[1]
let data: PageValue = .object(PageObject([("price", .number(12.5)), ("qty", .int(2))]))
let compiled = try CompiledExpression("$data.price * $data.qty")
let built = ExpressionScope(data: data)
let size = args.count > 3 ? Int(args[3]) ?? 1000 : 1000
let bytes = Array(page(components: size).utf8)
let json = Data(bytes)
let classFloor = opaque({ @Sendable (m: Model) -> PageValue in .number(m.price * Double(m.qty)) })
let structFloor = opaque({ @Sendable (v: Values) -> PageValue in .number(v.price * Double(v.qty)) })
let model = opaque(Model())
let values = opaque(Values())
MainActor.assumeIsolated {
    let engine = PageEngine()
    if what == "edit" || what == "editfloor" || what == "editobserved" {
        let session = try! engine.open(try! PageDocument.load(bytes))
        session.traceLimit = 0   // as `bench edits` and the gate's edit-10000: the trace off
        let tokens = what == "editobserved" ? session.components.flatMap(\.allComponents).map { $0.observe { sink($0) } } : []
        let paths = (0..<size / 2).map { StorePath(.data, [.key("v\($0)")]) }
        var store = session.data
        let fields = paths.map { try! CompiledExpression("\($0)") }
        let labels = paths.map { try! CompiledExpression(template: "${\($0) * 2} pcs") }
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        for count in 0..<n {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            let i = Int((seed >> 33) % UInt64(paths.count))
            if what != "editfloor" {
                try? session.set(.int(Int64(count)), at: paths[i])
            } else {
                try? store.set(.int(Int64(count)), at: paths[i].components[...])
                let scope = ExpressionScope(data: store)
                sink(try? (fields[i].evaluate(in: scope), labels[i].evaluate(in: scope)))
            }
        }
        sink(session)
        sink(tokens)
        return
    }
    for _ in 0..<n {
        switch what {
        case "new": sink(ExpressionScope(data: data))
        case "old": sink(InlineScope(data: data))
        case "fresh": sink(try? compiled.evaluate(in: ExpressionScope(data: data)))
        case "built": sink(try? compiled.evaluate(in: built))
        case "open":
            let session = try? engine.open(try PageDocument.load(bytes))
            session?.close()
            sink(session)
        case "classfloor": sink(classFloor(model))
        case "structfloor": sink(structFloor(values))
        case "load": sink(try? PageDocument.load(bytes))
        case "json": sink(try? JSONSerialization.jsonObject(with: json))
        default: fatalError()
        }
    }
}
