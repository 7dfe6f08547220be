// swift-tools-version:6.0
import PackageDescription

// The compatibility suite: host apps frozen at an earlier release of Formwork, built unchanged
// against this checkout (the package one folder up) and run with their tests and flows. NB: one
// package for every frozen app, so Formwork builds once. README.md says what is frozen, from where,
// and what may never be edited.
let package = Package(
    name: "FormworkCompat",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [.package(name: "Formwork", path: "..")],
    targets: [
        // examples/app as it was at 8290e77: its registration, pages, flows and registry file.
        .testTarget(name: "ExampleApp", dependencies: [.product(name: "Formwork", package: "Formwork"), .product(name: "FormworkTesting", package: "Formwork")],
                    path: "ExampleApp", exclude: ["examples"]),
        // An app written for the suite at 8290e77: names it shares with the engine, stated; an id a
        // later built-in may take; views keyed by component identity; drafts; an order through
        // 401 → sign in → retry.
        .testTarget(name: "OrderShop", dependencies: [.product(name: "Formwork", package: "Formwork"), .product(name: "FormworkTesting", package: "Formwork")],
                    path: "OrderShop", exclude: ["pages"]),
    ]
)
