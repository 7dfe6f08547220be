// swift-tools-version:6.0
// Coverage-guided fuzz targets for Formwork (libFuzzer under AddressSanitizer). A package of its
// own, depending on Formwork by path, so the library keeps zero dependencies and a normal
// `swift build` of it never sees libFuzzer. Build and run with `Fuzz/run TARGET SECONDS`.
import PackageDescription

let targets = ["Expression", "Page", "Flow", "Registry", "Manifest", "HTTP", "JSON"]

let package = Package(
    name: "FormworkFuzz",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "Formwork", path: "..")],
    targets: [
        // libFuzzer's driver entry point, LLVMFuzzerRunDriver (each target has its own main).
        .target(name: "CFuzzer"),
        // What the targets share: running the driver, the main actor, stores from bytes, checks.
        .target(name: "FuzzSupport", dependencies: ["CFuzzer", .product(name: "Formwork", package: "Formwork")]),
        // The preview server's HTTP code, compiled here from the main package's sources (a
        // symbolic link; it is not a product there).
        .target(name: "FuzzPreviewHTTP", dependencies: [.product(name: "Formwork", package: "Formwork")], path: "Sources/PreviewHTTP"),
    ] + targets.map { name in
        .executableTarget(name: "Fuzz\(name)", dependencies: [
            "FuzzSupport", "FuzzPreviewHTTP",
            .product(name: "Formwork", package: "Formwork"),
            .product(name: "FormworkTesting", package: "Formwork"),
        ])
    },
    swiftLanguageModes: [.v6]
)
