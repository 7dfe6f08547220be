// The compile comparison of README's Performance section: Formwork's `CompiledExpression` against
// DivKit's expression parser, side by side in one process. Built and run by run.sh, which says
// how; not part of the package (it links the release build's objects and DivKit's parser).
//
//   harness list                 the cases, and how many expressions of each both accept
//   harness measure CASE ENGINE  compiles CASE's set once untimed, then once inside the measured
//                                function named `measure_ENGINE` (formwork or divkit), for
//                                callgrind's --toggle-collect
//   harness time ROUNDS          interleaved timed rounds of every case: Formwork, DivKit, …
//   harness dump CASE            the set, as each engine reads it (Formwork's, then DivKit's)

import DivKit
import Foundation
import Formwork

/// One expression or template, in Formwork's syntax and in DivKit's.
struct Source {
    let formwork: String
    let divkit: String
    let isTemplate: Bool
}

struct Case {
    let name: String
    let sources: [Source]
    /// How many the page has before keeping those both accept.
    let total: Int
}

// MARK: - The sets

/// Formwork's syntax written as DivKit's: `$data.x` → `data.x`, `??` → `!:`, `${…}` → `@{…}`.
/// What DivKit can't express (lambdas, object and array literals) it refuses, and the set drops.
func divkitSyntax(_ source: String, template: Bool) -> String {
    var text = source
    if template { text = text.replacingOccurrences(of: "${", with: "@{") }
    text = text.replacingOccurrences(of: "??", with: "!:")
    var out = ""
    var previous: Character = " "
    for character in text {
        if previous == "$", !(character.isLetter || character == "_") { out.append("$") }
        if character != "$" { out.append(character) }
        previous = character
    }
    if previous == "$" { out.append("$") }
    return out
}

/// Every expression and template of a page: `{"mode": "expression"|"template", "value": …}`,
/// `{"expr": …}` and `{"template": …}`, in document order.
func pageSources(_ path: String) throws -> [(String, Bool)] {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    var found: [(String, Bool)] = []
    func walk(_ value: Any) {
        if let object = value as? [String: Any] {
            if let expr = object["expr"] as? String { found.append((expr, false)) }
            if let template = object["template"] as? String { found.append((template, true)) }
            if let mode = object["mode"] as? String, let text = object["value"] as? String {
                if mode == "expression" { found.append((text, false)) }
                if mode == "template" { found.append((text, true)) }
            }
            for key in object.keys.sorted() { walk(object[key] as Any) }
        } else if let array = value as? [Any] {
            for item in array { walk(item) }
        }
    }
    walk(try JSONSerialization.jsonObject(with: data))
    return found
}

func accepted(_ all: [(String, Bool)]) -> [Source] {
    all.compactMap { text, template in
        // NB: DivKit has no lambdas; its parser reads `x => …` as an operator it doesn't know,
        // which fails only when evaluated, so such sources are left out here.
        if text.contains("=>") { return nil }
        let divkit = divkitSyntax(text, template: template)
        let formworkAccepts = template
            ? (try? CompiledExpression(template: text, functions: .standard)) != nil
            : (try? CompiledExpression(text, functions: .standard)) != nil
        guard formworkAccepts, divkitAccepts(divkit, template: template) else { return nil }
        return Source(formwork: text, divkit: divkit, isTemplate: template)
    }
}

func cases() throws -> [Case] {
    let sum = (0..<30).map { "$data.a\($0)" }.joined(separator: " + ")
    var result = [Case(name: "sum30", sources: accepted([(sum, false)]), total: 1)]
    for (name, file) in [("cashier", "perf/pages/cashier-settings.json"), ("order", "perf/pages/order.json")] {
        let all = try pageSources(file)
        result.append(Case(name: name, sources: accepted(all), total: all.count))
    }
    return result
}

// MARK: - The work

/// Compiles the set with Formwork; returns how many dependencies it found (kept, so nothing is optimized away).
@inline(never)
func formworkCompile(_ sources: [Source]) -> Int {
    var dependencies = 0
    for source in sources {
        let compiled = source.isTemplate
            ? try? CompiledExpression(template: source.formwork, functions: .standard)
            : try? CompiledExpression(source.formwork, functions: .standard)
        dependencies += compiled?.dependencies.count ?? 0
    }
    return dependencies
}

@inline(never)
func divkitRun(_ texts: [String], _ templates: [Bool]) -> Int {
    let (accepted, names) = divkitCompile(texts, templates: templates)
    return accepted + names
}

var sink = 0

// NB: fixed symbol names, so callgrind's --toggle-collect can name them without Swift's mangling.
@inline(never) @_silgen_name("measure_formwork")
func measureFormwork(_ sources: [Source]) { sink &+= formworkCompile(sources) }

@inline(never) @_silgen_name("measure_divkit")
func measureDivKit(_ texts: [String], _ templates: [Bool]) { sink &+= divkitRun(texts, templates) }

func nanoseconds(_ body: () -> Void) -> UInt64 {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return DispatchTime.now().uptimeNanoseconds - start
}

// MARK: - Main

let arguments = CommandLine.arguments
let all = try cases()
func named(_ name: String) -> Case {
    guard let found = all.first(where: { $0.name == name }) else {
        FileHandle.standardError.write(Data("no case '\(name)'; the cases are \(all.map(\.name).joined(separator: ", "))\n".utf8))
        exit(64)
    }
    return found
}

switch arguments.count > 1 ? arguments[1] : "" {
case "list":
    for c in all { print("\(c.name) \(c.sources.count) \(c.total)") }
case "dump" where arguments.count > 2:
    for source in named(arguments[2]).sources { print("\(source.isTemplate ? "template" : "expr")\t\(source.formwork)\t\(source.divkit)") }
case "measure" where arguments.count > 3:
    let c = named(arguments[2])
    let texts = c.sources.map(\.divkit), templates = c.sources.map(\.isTemplate)
    // Once untimed (one-time costs: metadata, caches), then once counted.
    switch arguments[3] {
    // NB: the untimed run calls the work directly, outside the measured function.
    case "formwork":
        sink &+= formworkCompile(c.sources)
        measureFormwork(c.sources)
    case "divkit":
        sink &+= divkitRun(texts, templates)
        measureDivKit(texts, templates)
    default:
        FileHandle.standardError.write(Data("the engine is formwork or divkit\n".utf8))
        exit(64)
    }
    print(sink)
case "one" where arguments.count > 3:
    // One expression of a case, by its place in `dump`'s list, compiled as `measure` compiles the set.
    let c = named(arguments[2])
    guard let place = Int(arguments[3]), c.sources.indices.contains(place) else {
        FileHandle.standardError.write(Data("no expression \(arguments[3]) in '\(c.name)': it has \(c.sources.count), from 0\n".utf8))
        exit(64)
    }
    let one = [c.sources[place]]
    sink &+= formworkCompile(one)
    measureFormwork(one)
    print(sink)
case "time" where arguments.count > 2:
    let rounds = Int(arguments[2]) ?? 7
    for c in all {
        let texts = c.sources.map(\.divkit), templates = c.sources.map(\.isTemplate)
        // Enough repetitions for a round to take about 20 ms.
        var repetitions = 1
        while nanoseconds({ for _ in 0..<repetitions { measureFormwork(c.sources) } }) < 20_000_000 { repetitions *= 2 }
        var ratios: [Double] = [], formworkTimes: [Double] = [], divkitTimes: [Double] = []
        for _ in 0..<rounds {
            let f = Double(nanoseconds { for _ in 0..<repetitions { measureFormwork(c.sources) } }) / Double(repetitions)
            let d = Double(nanoseconds { for _ in 0..<repetitions { measureDivKit(texts, templates) } }) / Double(repetitions)
            formworkTimes.append(f)
            divkitTimes.append(d)
            ratios.append(d / f)
        }
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        let lowest = ratios.min() ?? 0, highest = ratios.max() ?? 0
        print(c.name + String(format: " time: Formwork %.1f µs, DivKit %.1f µs (medians of %d rounds); DivKit %.2f× Formwork (rounds %.2f–%.2f×)",
                     median(formworkTimes) / 1000, median(divkitTimes) / 1000, rounds, median(ratios), lowest, highest))
    }
default:
    FileHandle.standardError.write(Data("usage: harness list | measure CASE formwork|divkit | one CASE PLACE | time ROUNDS | dump CASE\n".utf8))
    exit(64)
}
