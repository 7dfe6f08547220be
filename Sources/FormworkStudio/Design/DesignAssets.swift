import Foundation
import PreviewHTTP

/// The browser side of `formwork design`: plain HTML, CSS and JavaScript in `Design/Resources`,
/// one file per panel, built into the binary and served under `/assets/design/`.
///
/// NB: for people working on the editor itself, `FORMWORK_DESIGN_ASSETS=DIR` serves the files from
/// DIR instead (read at each request), so a change shows on reload without building again.
package enum DesignAssets {
    /// The files, with their content types.
    package static let files: [String: (bytes: [UInt8], type: String)] = [
        "design.html": (PackageResources.design_html, "text/html; charset=utf-8"),
        "design.css": (PackageResources.design_css, "text/css; charset=utf-8"),
        "api.js": (PackageResources.api_js, "text/javascript; charset=utf-8"),
        "attributes.js": (PackageResources.attributes_js, "text/javascript; charset=utf-8"),
        "canvas.js": (PackageResources.canvas_js, "text/javascript; charset=utf-8"),
        "chains.js": (PackageResources.chains_js, "text/javascript; charset=utf-8"),
        "design.js": (PackageResources.design_js, "text/javascript; charset=utf-8"),
        "dnd.js": (PackageResources.dnd_js, "text/javascript; charset=utf-8"),
        "field.js": (PackageResources.field_js, "text/javascript; charset=utf-8"),
        "keys.js": (PackageResources.keys_js, "text/javascript; charset=utf-8"),
        "pages.js": (PackageResources.pages_js, "text/javascript; charset=utf-8"),
        "palette.js": (PackageResources.palette_js, "text/javascript; charset=utf-8"),
        "problems.js": (PackageResources.problems_js, "text/javascript; charset=utf-8"),
        "a11yfields.js": (PackageResources.a11yfields_js, "text/javascript; charset=utf-8"),
        "properties.js": (PackageResources.properties_js, "text/javascript; charset=utf-8"),
        "publish.js": (PackageResources.publish_js, "text/javascript; charset=utf-8"),
        "raw.js": (PackageResources.raw_js, "text/javascript; charset=utf-8"),
        "settings.js": (PackageResources.settings_js, "text/javascript; charset=utf-8"),
        "state.js": (PackageResources.state_js, "text/javascript; charset=utf-8"),
        "tree.js": (PackageResources.tree_js, "text/javascript; charset=utf-8"),
        "types.js": (PackageResources.types_js, "text/javascript; charset=utf-8"),
        "fields.css": (PackageResources.fields_css, "text/css; charset=utf-8"),
        "exprfield.js": (PackageResources.exprfield_js, "text/javascript; charset=utf-8"),
        "nodelist.js": (PackageResources.nodelist_js, "text/javascript; charset=utf-8"),
        "strings.js": (PackageResources.strings_js, "text/javascript; charset=utf-8"),
        "translations.js": (PackageResources.translations_js, "text/javascript; charset=utf-8"),
        "suggest.js": (PackageResources.suggest_js, "text/javascript; charset=utf-8"),
        "literal.js": (PackageResources.literal_js, "text/javascript; charset=utf-8"),
        "textfield.js": (PackageResources.textfield_js, "text/javascript; charset=utf-8"),
        "subtrees.js": (PackageResources.subtrees_js, "text/javascript; charset=utf-8"),
        "newcomponent.js": (PackageResources.newcomponent_js, "text/javascript; charset=utf-8"),
        "treerows.js": (PackageResources.treerows_js, "text/javascript; charset=utf-8"),
        "treemenu.js": (PackageResources.treemenu_js, "text/javascript; charset=utf-8"),
        "chainlist.js": (PackageResources.chainlist_js, "text/javascript; charset=utf-8"),
        "pagechains.js": (PackageResources.pagechains_js, "text/javascript; charset=utf-8"),
        "adopt.js": (PackageResources.adopt_js, "text/javascript; charset=utf-8"),
        "conditions.js": (PackageResources.conditions_js, "text/javascript; charset=utf-8"),
        "rename.js": (PackageResources.rename_js, "text/javascript; charset=utf-8"),
        "merge.js": (PackageResources.merge_js, "text/javascript; charset=utf-8"),
        "conflict.js": (PackageResources.conflict_js, "text/javascript; charset=utf-8"),
    ]

    /// The asset as a response; 404 for a name that isn't one.
    package static func response(_ name: String) -> HTTPResponse {
        guard var asset = files[name] ?? workingCopy(name) else { return .text("there is no design asset '\(name)'\n", status: 404) }
        if let folder = ProcessInfo.processInfo.environment["FORMWORK_DESIGN_ASSETS"],
           let bytes = FileManager.default.contents(atPath: (folder as NSString).appendingPathComponent(name)) {
            asset.bytes = Array(bytes)
        }
        var headers: [(name: String, value: String)] = [("Content-Type", asset.type), ("Cache-Control", "no-store")]
        if asset.type.hasPrefix("text/html") {
            headers.append(("Content-Security-Policy", "default-src 'self'; img-src * data: blob:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"))
            headers.append(("Referrer-Policy", "no-referrer"))
        }
        return HTTPResponse(status: 200, headers: headers, body: .bytes(asset.bytes))
    }

    /// With `FORMWORK_DESIGN_ASSETS`, a file of that folder not built in yet (a new panel).
    private static func workingCopy(_ name: String) -> (bytes: [UInt8], type: String)? {
        guard ProcessInfo.processInfo.environment["FORMWORK_DESIGN_ASSETS"] != nil, !name.contains("/"), !name.hasPrefix("."),
              let type = ["html": "text/html; charset=utf-8", "css": "text/css; charset=utf-8", "js": "text/javascript; charset=utf-8"][(name as NSString).pathExtension]
        else { return nil }
        return ([], type)
    }
}
