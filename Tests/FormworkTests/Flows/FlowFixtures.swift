import Foundation

/// Where the flow harness's fixture pages and flows live (outside any target, so SwiftPM leaves them alone).
enum FlowFixtures {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("FormworkTestingTests/Fixtures")

    static func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// The package's root folder.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}
