/// How a JSON file is written, so that new text added to it looks like the rest of it.
///
/// Each choice is the one the file makes most often (ties go to the first seen); a file that
/// never makes it gets the standard choice, which is how Formwork's own pages are written:
///
/// ```
/// {
///   "title": { "text": "title" },
///   "lines": [{ "id": "d1", "qty": 1 }, { "id": "d2", "qty": 2 }],
///   "empty": {}
/// }
/// ```
struct JSONSourceStyle: Sendable {
    /// The line break: `\n`, or `\r\n` when most lines end so.
    var newline: [UInt8] = [0x0A]
    /// One level of indentation: two spaces, four, a tab…
    var indentUnit: [UInt8] = [0x20, 0x20]
    /// What goes between a member's key and its value: `": "`, `":"`, `" : "`.
    var colon: [UInt8] = [UInt8(ascii: ":"), 0x20]
    /// What goes between the items of a one-line container: `", "` or `","`.
    var comma: [UInt8] = [UInt8(ascii: ","), 0x20]
    /// The space inside the braces of a one-line object: `{ "a": 1 }` has `" "`, `{"a": 1}` none.
    var objectPadding: [UInt8] = [0x20]
    /// The space inside the brackets of a one-line array: `[1, 2]` has none, `[ 1, 2 ]` `" "`.
    var arrayPadding: [UInt8] = []
    /// Whether the file writes any object or array with items on one line; a file that puts
    /// every item on its own line gets new values written that way too.
    var allowsOneLine = true

    /// The style of Formwork's pages, for a file that tells nothing about its own.
    static let standard = JSONSourceStyle()

    /// The style of the file `bytes`, whose nodes are `root`.
    init(bytes: [UInt8], root: JSONSourceNode) {
        var survey = Survey(bytes: bytes)
        survey.visit(root)
        if survey.lineFeeds > 0, survey.carriageReturnLineFeeds * 2 > survey.lineFeeds { newline = [0x0D, 0x0A] }
        if let unit = survey.indentUnits.mostCommon { indentUnit = unit }
        if let colon = survey.colons.mostCommon { self.colon = colon }
        if let comma = survey.commas.mostCommon {
            self.comma = comma
        } else if colon.last != 0x20 {
            comma = [UInt8(ascii: ",")]
        }
        if let padding = survey.objectPaddings.mostCommon { objectPadding = padding }
        if let padding = survey.arrayPaddings.mostCommon { arrayPadding = padding }
        allowsOneLine = survey.oneLineContainers > 0 || survey.multiLineContainers <= 1
    }

    private init() {}

    // MARK: - Survey

    /// Counts of each way the file writes something.
    private struct Tally {
        private var counts: [(text: [UInt8], count: Int)] = []

        mutating func add(_ text: [UInt8]) {
            if let position = counts.firstIndex(where: { $0.text == text }) {
                counts[position].count += 1
            } else {
                counts.append((text, 1))
            }
        }

        /// The text seen most often; the first seen among equals.
        var mostCommon: [UInt8]? {
            var best: (text: [UInt8], count: Int)?
            for entry in counts where entry.count > (best?.count ?? 0) { best = entry }
            return best?.text
        }
    }

    /// What a walk over the file's nodes found.
    private struct Survey {
        let bytes: [UInt8]
        /// How many line feeds come before each offset, so a node's being on one line is a
        /// subtraction, not a search of its text.
        private let lineFeedsBefore: [Int]
        var indentUnits = Tally()
        var colons = Tally()
        var commas = Tally()
        var objectPaddings = Tally()
        var arrayPaddings = Tally()
        var oneLineContainers = 0
        var multiLineContainers = 0

        /// How many lines end with `\n`, and how many of them with `\r\n`.
        let lineFeeds: Int
        let carriageReturnLineFeeds: Int

        init(bytes: [UInt8]) {
            self.bytes = bytes
            var counts = [Int](repeating: 0, count: bytes.count + 1)
            var crlf = 0
            bytes.withUnsafeBufferPointer { buffer in
                var lines = 0
                var offset = 0
                while offset < buffer.count {
                    if buffer[offset] == 0x0A {
                        lines += 1
                        if offset > 0, buffer[offset - 1] == 0x0D { crlf += 1 }
                    }
                    offset += 1
                    counts[offset] = lines
                }
            }
            lineFeedsBefore = counts
            lineFeeds = counts[bytes.count]
            carriageReturnLineFeeds = crlf
        }

        mutating func visit(_ node: JSONSourceNode) {
            let items = node.itemRanges
            switch node.content {
            case .scalar:
                return
            case .object(let members):
                for member in members {
                    let colon = bytes[member.keyEnd..<member.value.start]
                    if !JSONText.hasNewline(colon) { colons.add(Array(colon)) }
                    visit(member.value)
                }
            case .array(let elements):
                for element in elements { visit(element) }
            }
            guard let first = items.first, let last = items.last else { return }
            let lead = bytes[(node.start + 1)..<first.lowerBound]
            for (left, right) in zip(items, items.dropFirst()) {
                let separator = bytes[left.upperBound..<right.lowerBound]
                if !JSONText.hasNewline(separator) { commas.add(JSONText.normalizedSeparator(separator)) }
            }
            if lineFeedsBefore[node.end] > lineFeedsBefore[node.start] {
                multiLineContainers += 1
                if let childIndent = JSONText.textAfterLastNewline(lead) {
                    // The container's own level is the indentation of its closing bracket's
                    // line when the bracket starts it (`{"a": {` opens deeper than its line).
                    let close = node.end - 1
                    let ownIndent = JSONText.indent(in: bytes, at: JSONText.startsLine(bytes, at: close) ? close : node.start)
                    if childIndent.count > ownIndent.count, childIndent.starts(with: ownIndent) {
                        indentUnits.add(Array(childIndent[ownIndent.count...]))
                    }
                }
            } else {
                oneLineContainers += 1
                // Padding counts only when both sides agree: `{ "a": 1 }`, not `{ "a": 1}`.
                let trail = bytes[last.upperBound..<(node.end - 1)]
                if lead.elementsEqual(trail) {
                    if case .object = node.content { objectPaddings.add(Array(lead)) } else { arrayPaddings.add(Array(lead)) }
                }
            }
        }
    }
}
