import Foundation
import Testing
import Formwork

/// A page keeps the arrays of its last update, emptied, for the next one (`BindingUpdate`), and
/// tells only observed components what changed. What a host hears must be what it heard when
/// every update started from nothing: each changed component once per update, with exactly the
/// names that changed in that update, also when an update runs inside another one.
@Suite("Kept update buffers")
@MainActor
struct KeptUpdateTests {
    /// `count` labels reading `$data.n` twice (`text` and `hidden`), and one reading `$data.m`.
    static func page(labels count: Int) -> String {
        let labels = (0..<count).map { i in
            #"{"id": "label", "key": "l\#(i)", "attributes": {"text": {"template": "${$data.n + \#(i)}"}, "hidden": {"type": "bool", "mode": "expression", "value": "$data.n > \#(i)"}}}"#
        }
        return #"{"page": "kept", "data": {"n": -1, "m": 0}, "components": [\#(labels.joined(separator: ",")), {"id": "label", "key": "other", "attributes": {"text": {"template": "m=${$data.m}"}}}]}"#
    }

    /// Table: a small update (searched changes) and a large one (changes by table, more than the
    /// kept capacity), each followed by an edit of something else.
    @Test(arguments: [3, 100])
    func eachUpdateReportsOnlyItsOwnChanges(labels count: Int) throws {
        let page = try PageEngine(registry: .standard).open(try EnginePages.load(Self.page(labels: count)))
        let labels = try (0..<count).map { try #require(page.component("l\($0)")) }
        let counters = labels.map { ChangeCounter($0) }
        let other = ChangeCounter(page.component("other"))

        try page.set(.int(Int64(count)), at: StorePath(.data, [.key("n")]))
        for (i, counter) in counters.enumerated() {
            #expect(counter.count == 1, "label \(i)")
            #expect(Set(counter.attributes.first ?? []) == ["text", "hidden"], "label \(i)")
            #expect(counter.attributes.first?.count == 2, "label \(i)")
        }
        #expect(other.count == 0)

        try page.set(5, at: StorePath(.data, [.key("m")]))
        #expect(other.attributes == [["text"]])
        #expect(counters.allSatisfy { $0.count == 1 }, "an earlier update's changes came again")
        #expect(page.component("other")?.attributes["text"] == "m=5")

        // Half the labels change `text` only (`hidden` stays true for i < n).
        try page.set(.int(Int64(count + 1)), at: StorePath(.data, [.key("n")]))
        #expect(counters.allSatisfy { $0.attributes.last == ["text"] })
        #expect(other.count == 1)
    }

    /// A host that writes while it hears about a change starts an update inside the running one;
    /// both report their own changes, and the edits after them too.
    @Test func aWriteWhileHearingAboutAChangeIsAnUpdateOfItsOwn() throws {
        let page = try PageEngine(registry: .standard).open(try EnginePages.load(Self.page(labels: 2)))
        let first = try #require(page.component("l0"))
        let second = ChangeCounter(page.component("l1"))
        let other = ChangeCounter(page.component("other"))
        /// What `l0`'s observer heard; it writes `$data.m` the first time.
        @MainActor final class Heard { var changes: [[String]] = [] }
        let heard = Heard()
        let token = first.observe { [weak page] change in
            heard.changes.append(change.attributes)
            if heard.changes.count == 1 { try? page?.set(7, at: StorePath(.data, [.key("m")])) }
        }

        try page.set(3, at: StorePath(.data, [.key("n")]))
        #expect(heard.changes.count == 1)
        #expect(Set(heard.changes.first ?? []) == ["text", "hidden"])
        #expect(second.count == 1)
        #expect(other.attributes == [["text"]])
        #expect(page.component("other")?.attributes["text"] == "m=7")

        try page.set(4, at: StorePath(.data, [.key("n")]))
        #expect(heard.changes.count == 2)
        #expect(heard.changes.last == ["text"])
        #expect(second.attributes.last == ["text"])
        #expect(other.count == 1)
        token.cancel()
    }

    /// An update notes a change only for a component someone observes when it changes; a
    /// component a host starts observing while it hears about another's change (in the same
    /// update) already holds the new value, and hears from the next update on.
    @Test func aComponentObservedWhileAnotherIsToldHearsFromTheNextUpdate() throws {
        let page = try PageEngine(registry: .standard).open(try EnginePages.load(Self.page(labels: 2)))
        let first = try #require(page.component("l0"))
        let second = try #require(page.component("l1"))
        @MainActor final class Late { var counter: ChangeCounter?; var textWhenObserved: PageValue? }
        let late = Late()
        let token = first.observe { _ in
            guard late.counter == nil else { return }
            late.textWhenObserved = second.attributes["text"]
            late.counter = ChangeCounter(second)
        }

        try page.set(3, at: StorePath(.data, [.key("n")]))
        #expect(late.textWhenObserved == "4", "the new value was there when the host looked")
        #expect(late.counter?.count == 0)

        try page.set(4, at: StorePath(.data, [.key("n")]))
        #expect(late.counter?.attributes == [["text"]])
        #expect(second.attributes["text"] == "5")
        token.cancel()
    }
}
