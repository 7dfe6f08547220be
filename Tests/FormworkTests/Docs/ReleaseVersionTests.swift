import Foundation
import Testing
import Formwork

/// `FormworkEngine.packageVersion`, CHANGELOG.md's release sections and README's latest release
/// agree. NB: reads no git tag (a CI clone may have none).
@Suite("Releases: the version, CHANGELOG and README in step")
struct ReleaseVersionTests {
    static func file(_ name: String) throws -> String {
        try String(contentsOf: FlowFixtures.packageRoot.appendingPathComponent(name), encoding: .utf8)
    }

    /// "0.2.0-dev" → ([0, 2, 0], true); nil when it isn't a version.
    static func parse(_ text: String) -> (numbers: [Int], dev: Bool)? {
        let dev = text.hasSuffix("-dev")
        let parts = (dev ? String(text.dropLast(4)) : text).split(separator: ".", omittingEmptySubsequences: false)
        let numbers = parts.compactMap { Int($0) }
        guard parts.count == 3, numbers.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }) else { return nil }
        return (numbers, dev)
    }

    /// The `## ` headings of CHANGELOG.md, in order.
    static func headings(_ changelog: String) -> [String] {
        changelog.split(separator: "\n", omittingEmptySubsequences: false).filter { $0.hasPrefix("## ") }.map { String($0.dropFirst(3)) }
    }

    /// The released versions, newest first, from headings `X.Y.Z — YYYY-MM-DD`.
    static func releases(_ headings: [String]) -> [(version: String, numbers: [Int], date: String)] {
        headings.dropFirst().compactMap { heading in
            let parts = heading.components(separatedBy: " — ")
            guard parts.count == 2, let parsed = parse(parts[0]), !parsed.dev else { return nil }
            return (parts[0], parsed.numbers, parts[1])
        }
    }

    @Test func changelogHasUnreleasedOnTopThenOneDatedSectionPerReleaseNewestFirst() throws {
        let headings = Self.headings(try Self.file("CHANGELOG.md"))
        #expect(headings.first == "Unreleased", "CHANGELOG.md must start with '## Unreleased' (empty between releases is fine)")
        for heading in headings.dropFirst() {
            let parts = heading.components(separatedBy: " — ")
            let dated = parts.count == 2 && parts[1].range(of: #"^\d{4}-\d{2}-\d{2}$"#, options: .regularExpression) != nil
            #expect(dated && Self.parse(parts[0])?.dev == false, "'## \(heading)': a release section is '## X.Y.Z — YYYY-MM-DD'")
        }
        let numbers = Self.releases(headings).map(\.numbers)
        #expect(!numbers.isEmpty, "CHANGELOG.md has no release section")
        for (newer, older) in zip(numbers, numbers.dropFirst()) {
            #expect(newer.lexicographicallyPrecedes(older) == false && newer != older, "release sections must be newest first: \(newer) before \(older)")
        }
    }

    @Test func thePackageVersionIsTheLatestReleaseOrTheNextOneInDevelopment() throws {
        let version = FormworkEngine.packageVersion
        let parsed = try #require(Self.parse(version), "packageVersion '\(version)' must be X.Y.Z or X.Y.Z-dev")
        let latest = try #require(Self.releases(Self.headings(try Self.file("CHANGELOG.md"))).first)
        if parsed.dev {
            #expect(latest.numbers.lexicographicallyPrecedes(parsed.numbers), "packageVersion \(version) must come after the latest release in CHANGELOG.md, \(latest.version)")
        } else {
            #expect(parsed.numbers == latest.numbers, "packageVersion \(version) is a release: CHANGELOG.md's latest section must be it, not \(latest.version)")
        }
    }

    @Test func readmeNamesTheLatestRelease() throws {
        let latest = try #require(Self.releases(Self.headings(try Self.file("CHANGELOG.md"))).first)
        let readme = try Self.file("README.md")
        let line = "The latest release is **\(latest.version)** (tag `v\(latest.version)`, \(latest.date))"
        #expect(readme.contains(line), "README.md's 'Releases and versions' must say: \(line)")
        #expect(readme.contains("## Releases and versions"))
    }

    @Test(arguments: [("0.2.0-dev", true), ("1.10.3", true), ("0.2", false), ("0.2.x", false), ("v0.1.0", false), ("0.1.0-beta", false), ("0..1", false)])
    func versionsAreRecognised(text: String, valid: Bool) {
        #expect((Self.parse(text) != nil) == valid, "\(text)")
    }
}
