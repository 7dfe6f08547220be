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
        // What `formwork design` does besides HTTP and the browser: edits that keep a page file's
        // bytes where nothing changed, saving without overwriting a change made on disk, publishing.
        .target(name: "FormworkDesign", dependencies: ["Formwork", "FormworkTesting"]),
        // `formwork preview` and `formwork design`: the page workspace, the preview and the editor as
        // HTTP routes, and their browser files, built in (embedInCode). The CLI serves them; tests import it.
        .target(name: "FormworkStudio", dependencies: ["Formwork", "FormworkTesting", "PreviewHTTP", "FormworkDesign"], resources: [
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
            .embedInCode("Preview/Resources/choices.js"),
            .embedInCode("Preview/Resources/files.js"),
            .embedInCode("Preview/Resources/dialogs.js"),
            .embedInCode("Preview/Resources/inspector.js"),
            .embedInCode("Preview/Resources/a11y.js"),
            .embedInCode("Preview/Resources/announcer.js"),
            .embedInCode("Preview/Resources/network.js"),
            .embedInCode("Preview/Resources/outbox.js"),
            // formwork design (Design/Resources): one file per panel.
            .embedInCode("Design/Resources/design.html"),
            .embedInCode("Design/Resources/design.css"),
            .embedInCode("Design/Resources/api.js"),
            .embedInCode("Design/Resources/attributes.js"),
            .embedInCode("Design/Resources/canvas.js"),
            .embedInCode("Design/Resources/chains.js"),
            .embedInCode("Design/Resources/design.js"),
            .embedInCode("Design/Resources/dnd.js"),
            .embedInCode("Design/Resources/field.js"),
            .embedInCode("Design/Resources/keys.js"),
            .embedInCode("Design/Resources/pages.js"),
            .embedInCode("Design/Resources/palette.js"),
            .embedInCode("Design/Resources/problems.js"),
            .embedInCode("Design/Resources/a11yfields.js"),
            .embedInCode("Design/Resources/properties.js"),
            .embedInCode("Design/Resources/publish.js"),
            .embedInCode("Design/Resources/raw.js"),
            .embedInCode("Design/Resources/settings.js"),
            .embedInCode("Design/Resources/state.js"),
            .embedInCode("Design/Resources/tree.js"),
            .embedInCode("Design/Resources/types.js"),
            .embedInCode("Design/Resources/fields.css"),
            .embedInCode("Design/Resources/exprfield.js"),
            .embedInCode("Design/Resources/nodelist.js"),
            .embedInCode("Design/Resources/strings.js"),
            .embedInCode("Design/Resources/translations.js"),
            .embedInCode("Design/Resources/suggest.js"),
            .embedInCode("Design/Resources/literal.js"),
            .embedInCode("Design/Resources/textfield.js"),
            .embedInCode("Design/Resources/subtrees.js"),
            .embedInCode("Design/Resources/newcomponent.js"),
            .embedInCode("Design/Resources/treerows.js"),
            .embedInCode("Design/Resources/treemenu.js"),
            .embedInCode("Design/Resources/chainlist.js"),
            .embedInCode("Design/Resources/pagechains.js"),
            .embedInCode("Design/Resources/adopt.js"),
            .embedInCode("Design/Resources/conditions.js"),
            .embedInCode("Design/Resources/rename.js"),
            .embedInCode("Design/Resources/merge.js"),
            .embedInCode("Design/Resources/conflict.js"),
        ]),
        // The command-line tool: a thin shell of commands over the libraries above.
        .executableTarget(name: "formwork", dependencies: ["Formwork", "FormworkTesting", "PreviewHTTP", "FormworkDesign", "FormworkStudio"]),
        // A tiny HTTP/1.1 server on loopback, used only by tests (real sockets, no stubs).
        .target(name: "LoopbackHTTP", path: "Tests/Support/LoopbackHTTP"),
        .testTarget(name: "FormworkTests", dependencies: ["Formwork", "FormworkTesting", "LoopbackHTTP", "PreviewHTTP", "FormworkDesign", "FormworkStudio"],
                    exclude: ["Locales/Conformance/icu-cases.tsv", "Locales/Conformance/allowances.tsv"]),
    ],
    swiftLanguageModes: [.v6]
)
