import Foundation
import Formwork
import FuzzSupport

// Manifest bytes → PageManifest, under the standard budgets. Holds for every input: a manifest
// within manifestPages whose entries look themselves up, or an error with a message.
FuzzDriver.run { data, size in
    let bytes = FuzzDriver.bytes(data, size)
    let limits = PageLimits.standard
    do {
        let manifest = try PageManifest(data: Data(bytes), source: "fuzz/manifest.json", limits: limits)
        expect(manifest.pages.count <= limits.manifestPages, "a manifest of \(manifest.pages.count) pages, past manifestPages")
        for entry in manifest.pages {
            expect(manifest.entry(for: entry.id) != nil, "the manifest entry '\(entry.id)' can't be looked up")
            _ = entry.matches(Data())
        }
    } catch {
        expect(!"\(error)".isEmpty, "a manifest error without a message")
    }
    return 0
}
