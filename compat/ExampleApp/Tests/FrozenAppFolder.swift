import Foundation

// NB: not frozen: the glue the frozen ExampleAppRegistry.swift needs outside Formwork's own tests,
// where `FlowFixtures.packageRoot` was the repository. Here it is the frozen app's folder, so
// `ExampleApp.folder` is compat/ExampleApp/examples/app.
enum FlowFixtures {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
}
