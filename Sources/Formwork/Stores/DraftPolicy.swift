import Foundation

/// What a page asks of drafts, from its `"draft"` member: keep a draft of `$data`, leave some
/// paths out of it, and let it expire.
///
/// ```json
/// "draft": true
/// "draft": { "exclude": ["$data.cardNumber", "$data.lines[*].note"], "expires": "2d" }
/// ```
///
/// A `secure` field's value is left out whatever the page says (see `DraftPolicy.securePaths`).
public struct DraftPolicy: Sendable, Equatable {
    /// The paths never written to a draft, as written in the page (`$data.cardNumber`,
    /// `$data.lines[*].note`: `[*]` stands for every element of a list).
    public let exclude: [String]
    /// How long a draft is kept after its last save, in milliseconds; an older one is removed
    /// when the page opens instead of restored.
    public let expiresMilliseconds: Int64
    /// The parsed `exclude`.
    let excluded: [DraftPath]

    /// A week: how long a draft is kept when the page doesn't say.
    public static let defaultExpiryMilliseconds: Int64 = 7 * 86_400_000
    /// The longest `expires` a page may give: 365 days.
    public static let longestExpiryMilliseconds: Int64 = 365 * 86_400_000
    /// How often, at most, a page's draft is written while the person edits: every 500 ms.
    public static let saveIntervalMilliseconds: Int64 = 500

    /// A policy leaving out `exclude` (paths into `$data`, `[*]` for every element) and expiring
    /// after `expiresMilliseconds`; nil when a path can't be read (`DraftPath.parse` says why).
    public init?(exclude: [String] = [], expiresMilliseconds: Int64 = DraftPolicy.defaultExpiryMilliseconds) {
        var parsed: [DraftPath] = []
        for text in exclude {
            guard case .success(let path) = DraftPath.parse(text) else { return nil }
            parsed.append(path)
        }
        self.exclude = exclude
        self.expiresMilliseconds = expiresMilliseconds
        excluded = parsed
    }

    /// `3 days`, `5 hours`, `20 minutes`, `12 seconds`: the largest whole unit of `milliseconds`.
    static func describe(milliseconds: Int64) -> String {
        let units: [(Int64, String)] = [(86_400_000, "day"), (3_600_000, "hour"), (60_000, "minute"), (1000, "second")]
        for (size, name) in units where milliseconds >= size {
            let count = milliseconds / size
            return "\(count) \(name)\(count == 1 ? "" : "s")"
        }
        return "\(max(0, milliseconds)) ms"
    }

    /// `2024-01-01T00:00:00Z`: when a draft was saved, for the trace.
    static func timestamp(_ milliseconds: Int64) -> String {
        ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: Double(milliseconds) / 1000))
    }

    /// Reads an expiry like `30m`, `12h`, `7d` (also `s` for seconds) into milliseconds; nil when
    /// it isn't one.
    static func milliseconds(_ text: String) -> Int64? {
        guard let unit = text.last, let count = Int64(text.dropLast()), count > 0, count <= 1_000_000 else { return nil }
        switch unit {
        case "s": return count * 1000
        case "m": return count * 60_000
        case "h": return count * 3_600_000
        case "d": return count * 86_400_000
        default: return nil
        }
    }
}
