import Foundation
import Formwork

/// `formwork pack SRC_DIR --out DIR`
struct PackCommand: CLICommand {
    static let name = "pack"
    static let abstract = "Check pages and write them with a manifest.json, ready to publish."
    static let help = """
        USAGE: formwork pack SRC_DIR --out DIR [--rollout ID=N%]... [--revoke ID@VERSION|SHA256]... [--registry FILE]

        Checks every page in SRC_DIR (the *.json files directly in it) exactly as 'formwork check'
        does, then
        copies them to DIR as <page id>.json and writes DIR/manifest.json: each page's id, version,
        minEngineVersion, size and SHA-256, and a totalVersion that changes whenever any page does.
        Upload DIR to any static host or CDN; apps pick the pages up with 'formwork sync' (PageSync).

        If any page has an error, nothing is written, the errors are printed as 'formwork check'
        prints them, and pack exits 1. Flow files (*.flow.json) are tests: they are neither
        checked nor packed.

        OPTIONS:
          --out DIR           where to write the pages and manifest.json (created if needed)
          --rollout ID=N%     give the packed version of page ID (library:ID for a block library) to
                              N% of installs only, each install deciding once with a stable bucket; the
                              others get the version published before it in DIR, kept there as
                              ID.vVERSION.json. Pack again with a higher N to widen it; 100% ends it.
                              A rollout stays with its version in later packs until changed.
          --revoke ID@N       take back version N of page ID (library:ID@N for a library), or give the
                              file's SHA-256: apps never serve it again, even from their cache, and fall
                              back to their previous good copy or the bundled one. ID@N is looked up in
                              everything packed into DIR before (kept in DIR/.formwork-history.json),
                              so a version a later release replaced can be revoked; any SHA-256 is
                              accepted. Revocations already published are kept.
        \(RegistryOption.help)
                              each page's "requires" in the manifest lists the app's own types it uses

        EXAMPLE:
          formwork pack pages --out site/pages
          packed dish-edit v4 (engine ≥ 1, 1832 bytes)
          packed menu v2 (engine ≥ 1, 904 bytes) from main-menu.json
          skipped 3 files: flow files are tests, not pages
          wrote site/pages/manifest.json: 2 pages, totalVersion 5f2c1a9b0d3e…

          formwork pack pages --out site/pages --rollout dish-edit=5%
          packed dish-edit v5 (engine ≥ 1, 1901 bytes)
          rollout dish-edit v5 to 5% of installs; the others get v4 (dish-edit.v4.json)
          …
        """

    let source: String
    let output: String
    let registryOption: RegistryOption
    let rollouts: [String: Int]
    let revoke: [String]

    init(_ arguments: inout ArgumentScanner) throws(UsageError) {
        registryOption = try RegistryOption(&arguments)
        var rollouts: [String: Int] = [:]
        for text in try arguments.options("rollout") {
            let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
            let share = parts.count == 2 ? (parts[1].hasSuffix("%") ? String(parts[1].dropLast()) : parts[1]) : ""
            guard parts.count == 2, !parts[0].isEmpty, let percent = Int(share), (0...100).contains(percent) else {
                throw UsageError("--rollout takes a page id and a whole percentage from 0 to 100, like --rollout dish-edit=5% (or library:shop-kit=5%); got '\(text)'")
            }
            rollouts[parts[0]] = percent
        }
        self.rollouts = rollouts
        revoke = try arguments.options("revoke")
        guard let output = try arguments.option("out") else {
            throw UsageError("give the folder to write to with --out DIR, like: formwork pack pages --out site/pages")
        }
        let positionals = arguments.positionals()
        guard positionals.count == 1, let source = positionals.first else {
            throw UsageError(positionals.isEmpty ? "give the folder of pages to pack" : "give exactly one folder of pages to pack")
        }
        self.source = source
        self.output = output
    }

    func run() async -> Int32 {
        let sourceURL = URL(fileURLWithPath: source)
        let registry: Registry
        do {
            registry = try registryOption.load(near: [source]).registry
        } catch {
            Console.error("error: " + error.message)
            return ExitCode.failure
        }
        let report: PagePacker.Report
        do {
            var packer = PagePacker(registry: registry, limits: CLILimits.standard)
            packer.rollouts = rollouts
            packer.revoke = revoke
            report = try packer.pack(from: sourceURL, to: URL(fileURLWithPath: output))
        } catch {
            if case .pagesRejected(let problems) = error {
                for problem in problems { Console.error(problem) }
                let count = problems.count == 1 ? "the error" : "the \(problems.count) errors"
                Console.error("nothing was packed: fix \(count) above (see 'formwork check \(source)') and run pack again")
            } else {
                Console.error("error: \(error)")
            }
            return ExitCode.failure
        }
        for packed in report.libraries {
            let entry = packed.entry
            Console.out("packed library \(entry.id) v\(entry.version) (engine ≥ \(entry.minEngineVersion), \(entry.size) bytes) from \(packed.sourceFile)")
        }
        for packed in report.packed {
            let entry = packed.entry
            let renamed = packed.sourceFile == entry.file ? "" : " from \(packed.sourceFile)"
            let libraries = entry.libraries.sorted { $0.key < $1.key }.map { "library \($0.key) ≥ \($0.value)" }
            let needs = entry.requires.isEmpty && libraries.isEmpty ? "" : ", needs " + ([entry.requires.isEmpty ? nil : entry.requires.sentence].compactMap { $0 } + libraries).joined(separator: ", ")
            Console.out("packed \(entry.id) v\(entry.version) (engine ≥ \(entry.minEngineVersion), \(entry.size) bytes\(needs))\(renamed)")
        }
        for entry in report.manifest.libraries.map({ ($0, "library ") }) + report.manifest.pages.map({ ($0, "") }) {
            guard let rollout = entry.0.rollout else { continue }
            let others = rollout.previous.map { "the others get v\($0.version) (\($0.file))" } ?? "the others keep what they have"
            Console.out("rollout \(entry.1)\(entry.0.id) v\(entry.0.version) to \(rollout.percent)% of installs; \(others)")
        }
        for revocation in report.manifest.revoked {
            if revocation.isUnnamed {
                Console.out("revoked the file with sha256 \(revocation.sha256.prefix(12))… (no version published from \(output) has it): apps never serve it again, as a page or a library. NB: apps built on an earlier Formwork can't read a manifest that revokes a file by SHA-256 alone and stop syncing; give ID@VERSION instead when you know the version")
            } else {
                Console.out("revoked \(revocation.library ? "library " : "")\(revocation.id) v\(revocation.version) (sha256 \(revocation.sha256.prefix(12))…): apps never serve it again")
            }
        }
        var reasons: [String] = []
        for skipped in report.skipped where !reasons.contains(skipped.reason) { reasons.append(skipped.reason) }
        for reason in reasons {
            let files = report.skipped.filter { $0.reason == reason }.map(\.file)
            Console.out("skipped \(files.count == 1 ? files[0] : "\(files.count) files"): \(reason)")
        }
        let count = (report.packed.count == 1 ? "1 page" : "\(report.packed.count) pages") + (report.libraries.isEmpty ? "" : report.libraries.count == 1 ? " and 1 library" : " and \(report.libraries.count) libraries")
        let manifestPath = (output as NSString).appendingPathComponent("manifest.json")
        Console.out("wrote \(manifestPath): \(count), totalVersion \(report.manifest.totalVersion.prefix(12))…")
        return ExitCode.success
    }
}
