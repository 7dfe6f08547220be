/// The Formwork behaviour an app was written and tested against, in the spirit of Android's
/// `targetSdkVersion`: a behaviour a later engine brings — a new built-in id, a new attribute
/// every type of a kind has, a changed default — reaches the app only once its registry states a
/// level that includes it (`BehaviorChange.all` says which level brings what).
///
/// An app that states no level gets `.v1`, forever: `Registry.standard` is the built-ins at
/// level 1, so upgrading Formwork never changes what an unchanged app does. An app raises its
/// level when it has tested the new behaviour:
///
/// ```swift
/// var registry = Registry.standard(behavior: .v2)   // PageHost's languages default to the person's
/// registry.behavior                                 // .v2
/// BehaviorLevel.latest                              // .v2
/// ```
public struct BehaviorLevel: Comparable, Hashable, Sendable, CustomStringConvertible {
    /// The level's number: 1, 2, …
    public let number: Int

    private init(number: Int) { self.number = number }

    /// The level numbered `number`, or nil when this engine has no such level (0, or one a later
    /// Formwork brings).
    public init?(_ number: Int) {
        guard (BehaviorLevel.v1.number...BehaviorLevel.latest.number).contains(number) else { return nil }
        self.number = number
    }

    /// The engine as it was before behaviour levels: what every app that states no level gets.
    public static let v1 = BehaviorLevel(number: 1)
    /// Level 1's behaviour with the changes `BehaviorChange.all` lists for level 2.
    public static let v2 = BehaviorLevel(number: 2)
    /// The newest level this engine has. NB: an app states a number (`.v2`), never `.latest`, in
    /// code it ships: `.latest` moves with each Formwork. The CLI uses it when no registry file
    /// states a level; the package's own tests state the level each one tests (`.standard` is 1).
    public static let latest = v2

    /// Every level this engine has, oldest first.
    public static let all: [BehaviorLevel] = (v1.number...latest.number).map { BehaviorLevel(number: $0) }

    /// "level 2", in messages.
    public var description: String { "level \(number)" }

    /// Whether `left` is an earlier level than `right`.
    public static func < (left: BehaviorLevel, right: BehaviorLevel) -> Bool { left.number < right.number }
}
