/// Facts about this build of the page engine.
///
/// A page declares the oldest engine that can run it (`"minEngineVersion": 2`). Page delivery
/// never installs or serves a downloaded page whose `minEngineVersion` is above `version`, and the
/// engine refuses to open one, so an app keeps its older page until it is updated.
///
/// ```swift
/// FormworkEngine.version   // 1
/// ```
public enum FormworkEngine {
    /// Raised whenever the engine learns something a page may rely on (a component, an action,
    /// an expression function) that older engines don't have.
    public static let version = 1
}
