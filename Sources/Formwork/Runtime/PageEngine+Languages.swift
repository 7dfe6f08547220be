import Foundation

extension PageEngine {
    /// The languages pages open in: the host's (`PageHost.languages`) when it gives them; else,
    /// from behaviour level 2 (`Registry.standard(behavior:)`), the person's preferred languages
    /// (`Locale.preferredLanguages`), and at level 1, as before levels, none (each page's default
    /// language).
    ///
    /// ```swift
    /// PageEngine(registry: .standard(behavior: .v2), host: PageHost()).languages   // ["fr-FR", "zh-Hans-CN"]
    /// PageEngine(registry: .standard, host: PageHost()).languages                  // []
    /// ```
    public var languages: [String] {
        if let stated = host.languages { return stated }
        return registry.behavior >= .v2 ? Locale.preferredLanguages : []
    }
}
