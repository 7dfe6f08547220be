import Foundation
import Testing

/// README states what CI runs; `.ci/run` runs exactly that.
@Suite("CI and README agree")
struct ContinuousIntegrationTests {
    static func read(_ name: String) throws -> String {
        try String(contentsOf: FlowFixtures.packageRoot.appendingPathComponent(name), encoding: .utf8)
    }

    /// The commands of `.ci/run`: its lines that aren't comments, blank, or shell set-up (`set`,
    /// `cd`, `export`, and `.ci/install-*`, which installs what the tests need).
    static func ciCommands() throws -> [String] {
        try read(".ci/run").split(separator: "\n").map(String.init).filter { line in
            !line.isEmpty && !line.hasPrefix("#") && !line.hasPrefix("set ") && !line.hasPrefix("cd ") && !line.hasPrefix("export ")
                && !line.hasPrefix(".ci/install-")
        }
    }

    @Test func ciRunsReadmesTestCommandFirstThenTheReleaseFlowsReadmeShows() throws {
        let readme = try Self.read("README.md")
        let commands = try Self.ciCommands()
        let testCommand = "swift test && swift run formwork test pages --min-coverage 90"
        #expect(commands.first == testCommand + " || exit 1")   // set -e alone ignores a failure left of &&
        #expect(readme.contains(testCommand + "   # every test, every page flow"))

        let block = try #require(readme.range(of: "CI (`.ci/run`) runs exactly the second line").flatMap { start in
            readme[start.upperBound...].range(of: "```sh\n").flatMap { open in
                readme[open.upperBound...].range(of: "```").map { close in String(readme[open.upperBound..<close.lowerBound]) }
            }
        })
        let shown = block.split(separator: "\n").map(String.init)
        #expect(Array(commands.dropFirst()) == shown)
        #expect(shown.contains { $0.contains("for run in 1 2 3 4 5") })   // at least five release runs
        #expect(shown.contains { $0.hasPrefix("swift test --sanitize=thread --scratch-path .build-tsan") })
        #expect(shown.contains { $0.hasPrefix("Fuzz/run all ") })
        #expect(shown.contains(".ci/docs"))
        #expect(shown.first == ".ci/warnings")   // a compiler warning fails CI right after the tests
    }

    /// The instruction-count gate runs right after the release build, and builds with the same
    /// flags, so its own build is a no-op rather than a second release build.
    @Test func thePerformanceGateRunsOnCIsReleaseBuild() throws {
        let commands = try Self.ciCommands()
        let release = try #require(commands.firstIndex { $0.hasPrefix("swift build -c release --product formwork") })
        #expect(commands.dropFirst(release + 1).first == ".ci/perf-gate")
        let gate = try Self.read(".ci/perf-gate")
        #expect(gate.contains("\n" + commands[release] + " >/dev/null\n"), "the gate builds with other flags than .ci/run:\n\(gate)")
    }
}
