import PreviewHTTP

/// The browser side of `formwork preview`: plain HTML, CSS and JavaScript files kept readable in
/// `Preview/Resources` and built into the binary (SwiftPM's `embedInCode`), so the preview works
/// offline with nothing else installed.
package enum PreviewAssets {
    /// The files under `/assets/`, with their content types.
    package static let files: [String: (bytes: [UInt8], type: String)] = [
        "index.html": (PackageResources.index_html, "text/html; charset=utf-8"),
        "page.html": (PackageResources.page_html, "text/html; charset=utf-8"),
        "preview.css": (PackageResources.preview_css, "text/css; charset=utf-8"),
        "icon.svg": (PackageResources.icon_svg, "image/svg+xml"),
        "dom.js": (PackageResources.dom_js, "text/javascript; charset=utf-8"),
        "index.js": (PackageResources.index_js, "text/javascript; charset=utf-8"),
        "page.js": (PackageResources.page_js, "text/javascript; charset=utf-8"),
        "actions.js": (PackageResources.actions_js, "text/javascript; charset=utf-8"),
        "components.js": (PackageResources.components_js, "text/javascript; charset=utf-8"),
        "inputs.js": (PackageResources.inputs_js, "text/javascript; charset=utf-8"),
        "choices.js": (PackageResources.choices_js, "text/javascript; charset=utf-8"),
        "files.js": (PackageResources.files_js, "text/javascript; charset=utf-8"),
        "dialogs.js": (PackageResources.dialogs_js, "text/javascript; charset=utf-8"),
        "inspector.js": (PackageResources.inspector_js, "text/javascript; charset=utf-8"),
        "a11y.js": (PackageResources.a11y_js, "text/javascript; charset=utf-8"),
        "announcer.js": (PackageResources.announcer_js, "text/javascript; charset=utf-8"),
        "network.js": (PackageResources.network_js, "text/javascript; charset=utf-8"),
        "outbox.js": (PackageResources.outbox_js, "text/javascript; charset=utf-8"),
    ]

    /// The asset as a response; 404 for a name that isn't one.
    package static func response(_ name: String) -> HTTPResponse {
        guard let asset = files[name] else { return .text("there is no asset '\(name)'\n", status: 404) }
        var headers: [(name: String, value: String)] = [("Content-Type", asset.type)]
        if asset.type.hasPrefix("text/html") {
            // NB: the page's own scripts and styles only; pictures may come from anywhere, as a page's `image` urls do.
            headers.append(("Content-Security-Policy", "default-src 'self'; img-src * data: blob:; base-uri 'none'; form-action 'none'; frame-ancestors 'self'"))
            headers.append(("Referrer-Policy", "no-referrer"))
        }
        return HTTPResponse(status: 200, headers: headers, body: .bytes(asset.bytes))
    }

    /// A content type for a file of the served folder, by its extension.
    static func contentType(of path: String) -> String {
        let ext = path.split(separator: ".").last.map { $0.lowercased() } ?? ""
        switch ext {
        case "png": return "image/png"
        case "jpg", "jpeg": return "image/jpeg"
        case "gif": return "image/gif"
        case "webp": return "image/webp"
        case "svg": return "image/svg+xml"
        case "json": return "application/json; charset=utf-8"
        case "txt", "md": return "text/plain; charset=utf-8"
        default: return "application/octet-stream"
        }
    }
}
