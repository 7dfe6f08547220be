// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Formwork",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "Formwork", targets: ["Formwork"]),
        .library(name: "FormworkTesting", targets: ["FormworkTesting"]),
        .executable(name: "formwork", targets: ["formwork"]),
    ],
    targets: [
        // The engine: values, expressions, pages, registries, stores, binding, runtime, built-ins, delivery.
        .target(name: "Formwork"),
        // Headless page-flow harness and flow files.
        .target(name: "FormworkTesting", dependencies: ["Formwork"]),
        // The small HTTP/1.1 server `formwork preview` runs on 127.0.0.1; it knows nothing about pages.
        .target(name: "PreviewHTTP", dependencies: ["Formwork"]),
        // The command-line tool; `formwork preview`'s browser files are built into it.
        .executableTarget(name: "formwork", dependencies: ["Formwork", "FormworkTesting", "PreviewHTTP"], resources: [
            .embedInCode("Preview/Resources/index.html"),
            .embedInCode("Preview/Resources/page.html"),
            .embedInCode("Preview/Resources/preview.css"),
            .embedInCode("Preview/Resources/icon.svg"),
            .embedInCode("Preview/Resources/dom.js"),
            .embedInCode("Preview/Resources/index.js"),
            .embedInCode("Preview/Resources/page.js"),
            .embedInCode("Preview/Resources/actions.js"),
            .embedInCode("Preview/Resources/components.js"),
            .embedInCode("Preview/Resources/inputs.js"),
            .embedInCode("Preview/Resources/dialogs.js"),
            .embedInCode("Preview/Resources/inspector.js"),
        ]),
        // A tiny HTTP/1.1 server on loopback, used only by tests (real sockets, no stubs).
        .target(name: "LoopbackHTTP", path: "Tests/Support/LoopbackHTTP"),
        .testTarget(name: "FormworkTests", dependencies: ["Formwork", "FormworkTesting", "LoopbackHTTP", "PreviewHTTP"]),
    ],
    swiftLanguageModes: [.v6]
)
