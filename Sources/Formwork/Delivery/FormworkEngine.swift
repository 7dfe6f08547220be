/// Facts about this build of the page engine.
///
/// A page declares the oldest engine that can run it (`"minEngineVersion": 2`). Page delivery
/// never installs or serves a downloaded page whose `minEngineVersion` is above `version`, and the
/// engine refuses to open one, so an app keeps its older page until it is updated.
///
/// ```swift
/// FormworkEngine.version     // 1
/// FormworkEngine.userAgent   // "formwork/0.2.0-dev (engine 1)"
/// ```
public enum FormworkEngine {
    /// Raised whenever the engine learns something a page may rely on (a component, an action,
    /// an expression function) that older engines don't have.
    public static let version = 1

    /// The version of the Formwork package this engine was built from.
    // NB: the one place it is written; a release changes it here.
    public static let packageVersion: String = "0.2.0-dev"

    /// What every request Formwork makes says it is (`User-Agent`): the package version and the
    /// engine version, so a server's logs tell apps apart. `URLSessionTransport(…, userAgent:)`
    /// appends the host's own product after it.
    public static var userAgent: String { "formwork/\(packageVersion) (engine \(version))" }
}
