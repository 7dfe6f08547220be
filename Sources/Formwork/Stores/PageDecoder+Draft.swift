/// Reading a page's `"draft"`.
extension PageDecoder {
    /// `true`, `false`, or `{"exclude": [paths], "expires": "7d"}`; nil (no draft) for `false`,
    /// nothing, or something wrong (reported).
    mutating func decodeDraft(_ value: PageValue?) -> DraftPolicy? {
        let shape = "\"draft\" is true (keep a draft of $data while the person edits), false, or an object like {\"exclude\": [\"$data.cardNumber\"], \"expires\": \"7d\"}"
        switch value {
        case nil, .bool(false)?: return nil
        case .bool(true)?: return DraftPolicy()
        case .object(let object)?:
            checkMembers(object, allowed: ["exclude", "expires"], path: "draft", what: "a draft")
            var exclude: [String] = []
            switch object["exclude"] {
            case nil: break
            case .array(let items)?:
                for (index, item) in items.enumerated() {
                    let path = PageDecoder.join(PageDecoder.join("draft", "exclude"), index)
                    guard case .string(let text) = item else {
                        error("type", path, "each path to leave out of the draft is a string like \"$data.cardNumber\", not \(item.jsonText)")
                        continue
                    }
                    switch DraftPath.parse(text) {
                    case .success: exclude.append(text)
                    case .failure(let problem): error("draft", path, problem.message)
                    }
                }
            case let other?:
                error("type", PageDecoder.join("draft", "exclude"), "\"exclude\" is a list of paths to leave out of the draft, like [\"$data.cardNumber\", \"$data.lines[*].note\"]; not \(other.jsonText)")
            }
            var expires = DraftPolicy.defaultExpiryMilliseconds
            if let raw = object["expires"] {
                let path = PageDecoder.join("draft", "expires")
                if case .string(let text) = raw, let milliseconds = DraftPolicy.milliseconds(text) {
                    if milliseconds > DraftPolicy.longestExpiryMilliseconds {
                        error("draft", path, "a draft is kept at most 365 days (\"365d\"); \(raw.jsonText) is longer")
                    } else {
                        expires = milliseconds
                    }
                } else {
                    error("draft", path, "\"expires\" is how long a draft is kept after the last edit: a whole number with s, m, h or d, like \"30m\", \"12h\" or \"7d\"; not \(raw.jsonText)")
                }
            }
            return DraftPolicy(exclude: exclude, expiresMilliseconds: expires)
        case let other?:
            error("type", "draft", shape + "; not \(other.jsonText)")
            return nil
        }
    }
}
