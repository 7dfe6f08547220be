extension JSONReader {
    /// The short strings pages write over and over — member names (`id`, `attributes`, `expr`,
    /// `template`), attribute names and built-in type ids — found by their bytes and handed out
    /// as the `String` constant they equal, instead of a `String` made from the bytes each time.
    ///
    /// ```
    /// KnownStrings.shared.text(Array("attributes".utf8)[...])   // "attributes", no String made
    /// KnownStrings.shared.text(Array("v12".utf8)[...])          // nil: made from the bytes as usual
    /// ```
    ///
    /// NB: making a `String` from a run of bytes (checking it is UTF-8, then copying it in) was
    /// about 200 instructions a string, and a page of 1,000 components has about 9,000 strings,
    /// two thirds of them these names. A string of 2 to 16 bytes is packed into two integers
    /// (its bytes, the first in the lowest byte, zero after the last) and looked for in a table
    /// of those: a run of plain string bytes has no zero byte (control characters must be
    /// escaped, and an escaped string doesn't come here), so two different strings never pack
    /// the same. The table is open-addressed (a full slot that isn't the string moves to the
    /// next), so every listed string has a place and a lookup stops at the first empty slot.
    /// Any string not listed is made from its bytes as before: the answer is the same string
    /// either way (`JSONKnownStringsTests` checks every listed one and near misses).
    struct KnownStrings: Sendable {
        /// The strings handed out as constants: the page format's member names, the attribute
        /// names and values pages write most, and the built-in types' ids.
        static let texts: [String] = [
            // The page and its parts.
            "$schema", "description", "page", "version", "minEngineVersion", "libraries", "title", "params", "data",
            "computed", "blocks", "chains", "handlers", "components", "interactions", "watchers", "onError",
            "whileRunning", "strings", "defaultLocale", "draft", "id", "key", "attributes", "validations", "fallback",
            "use", "events", "state",
            // Attributes: the canonical form, the compact form, types and modes.
            "name", "type", "mode", "value", "expr", "template", "literal", "expression", "args",
            "string", "int", "number", "bool", "array", "object", "any", "actions",
            // Attribute names and events pages write most.
            "text", "label", "placeholder", "hidden", "enabled", "validateOn", "accessibility", "items", "itemKey",
            "options", "message", "min", "max", "step", "unit", "url", "method", "body", "path", "query", "headers",
            "then", "else", "condition", "when", "style", "onTap", "onChange", "onSave", "loaded", "appear",
            "disappear", "change", "submit", "required", "default", "secure", "keyboard", "retry",
            // Built-in components, actions, validations and error handlers.
            "section", "group", "status", "list", "button", "image", "text-field", "number-field", "date-field",
            "slider", "stepper", "switch", "alert", "all", "api", "confirm", "discard-draft", "if", "picker", "pop",
            "push", "raise", "response", "route", "show-errors", "store-var", "toast", "trigger", "upload",
            "validate", "attachments", "count", "email", "iban", "length", "luhn", "range", "regex", "server",
            "ignore", "run",
        ]

        /// The table shared by every reader.
        static let shared = KnownStrings()

        /// Slots of the table; a slot's two packed words are at `2 * slot` and `2 * slot + 1`,
        /// both zero when the slot is empty.
        private let words: [UInt64]
        /// The string of each full slot.
        private let strings: [String]
        /// How many slots: a power of two, about four times the strings, so a lookup rarely
        /// looks at more than one or two.
        private static let slotCount = 512

        private init() {
            var words = [UInt64](repeating: 0, count: 2 * KnownStrings.slotCount)
            var strings = [String](repeating: "", count: KnownStrings.slotCount)
            for text in KnownStrings.texts {
                let bytes = Array(text.utf8)
                guard let (low, high) = KnownStrings.pack(bytes[...]) else { continue }
                var slot = KnownStrings.slot(low, high)
                while words[2 * slot] != 0, !(words[2 * slot] == low && words[2 * slot + 1] == high) {
                    slot = (slot + 1) & (KnownStrings.slotCount - 1)
                }
                words[2 * slot] = low
                words[2 * slot + 1] = high
                strings[slot] = text
            }
            self.words = words
            self.strings = strings
        }

        /// The listed string whose bytes are `run`, or nil when it isn't listed.
        @inline(__always)
        func text<Bytes: Collection<UInt8>>(_ run: Bytes) -> String? {
            guard let (low, high) = KnownStrings.pack(run) else { return nil }
            var slot = KnownStrings.slot(low, high)
            while true {
                let first = words[2 * slot]
                if first == low, words[2 * slot + 1] == high { return strings[slot] }
                if first == 0 { return nil }
                slot = (slot + 1) & (KnownStrings.slotCount - 1)
            }
        }

        /// A run of 2 to 16 bytes as two words (the first byte lowest, zeros after the last);
        /// nil for a shorter or longer one, or one holding a zero byte.
        @inline(__always)
        static func pack<Bytes: Collection<UInt8>>(_ run: Bytes) -> (low: UInt64, high: UInt64)? {
            let count = run.count
            guard count >= 2, count <= 16 else { return nil }
            var low: UInt64 = 0
            var high: UInt64 = 0
            var shift: UInt64 = 0
            for byte in run {
                if byte == 0 { return nil }
                if shift < 64 { low |= UInt64(byte) << shift } else { high |= UInt64(byte) << (shift - 64) }
                shift += 8
            }
            return (low, high)
        }

        @inline(__always)
        private static func slot(_ low: UInt64, _ high: UInt64) -> Int {
            Int(truncatingIfNeeded: ((low ^ (high &* 0x100_0000_01B3)) &* 0x9E37_79B9_7F4A_7C15) >> 55)
        }
    }
}
