/// Facts about this build of the page engine: the page-format version it reads, and the
/// package's release version.
///
/// A page declares the oldest engine that can run it (`"minEngineVersion": 2`), and `formwork
/// pack` works out the lowest one from what the page uses (`features`). Page delivery never
/// installs or serves a downloaded page whose `minEngineVersion` is above `version`, and the
/// engine refuses to open one, so an app keeps its older page until it is updated.
///
/// ```swift
/// FormworkEngine.version          // 2
/// FormworkEngine.packageVersion   // "0.2.0-dev"
/// FormworkEngine.userAgent        // "formwork/0.2.0-dev (engine 2)"
/// ```
public enum FormworkEngine {
    /// The page-format version this engine reads: raised by the change that gives pages something
    /// an older engine can't read (a page member, a built-in id, an expression function or
    /// variable), with its row in `features`. Engines before 0.2.0 all said 1 (see `features`).
    public static let version = 2

    /// The Formwork package's semantic version: the release this build is, or the next one with
    /// `-dev` between releases. `formwork --version` prints it; CHANGELOG.md has a section per
    /// release (README's "Releases and versions"; `scripts/release` sets it).
    // NB: the one place it is written; a release changes it here.
    public static let packageVersion = "0.2.0-dev"

    /// What every request Formwork makes says it is (`User-Agent`): the package version and the
    /// engine version, so a server's logs tell apps apart. `URLSessionTransport(…, userAgent:)`
    /// appends the host's own product after it.
    public static var userAgent: String { "formwork/\(packageVersion) (engine \(version))" }
}
