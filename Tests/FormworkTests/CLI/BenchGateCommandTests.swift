import Foundation
import Testing

/// `formwork bench gate`: the scenarios `.ci/perf-gate` counts under callgrind. Their counts are
/// checked by the gate itself (in CI, on the release build); here, that each scenario does its
/// work from the package folder and that the list, the baseline and the gate agree.
@Suite("formwork bench gate")
struct BenchGateCommandTests {
    static let package = BenchDesignCommandTests.package

    static func scenarios() async throws -> [String] {
        let output = try await CLIRunner.run(["bench", "gate"], in: package)
        #expect(output.status == 0, "\(output.stderr)")
        return output.stdout.split(separator: "\n").dropFirst().filter { $0.hasPrefix("  ") }.compactMap { $0.split(separator: " ").first.map(String.init) }
    }

    /// Every scenario the binary offers has a baseline, and every baseline a scenario: a scenario
    /// added without `.ci/perf-gate --update` would go unguarded.
    @Test func everyScenarioHasABaseline() async throws {
        let names = try await Self.scenarios()
        #expect(names.count == 16, "\(names)")
        let data = try Data(contentsOf: Self.package.appendingPathComponent("perf/baseline.json"))
        let baseline = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let counted = try #require(baseline["scenarios"] as? [String: Int])
        #expect(Set(counted.keys) == Set(names))
        #expect(counted.values.allSatisfy { $0 > 0 })
        for name in names {
            let functions = Self.package.appendingPathComponent("perf/functions/\(name).txt")
            #expect(FileManager.default.fileExists(atPath: functions.path), "no \(functions.path)")
        }
    }

    /// Each scenario opens its pages and does its work without an error (a page in perf/pages
    /// that stopped decoding would otherwise fail only under callgrind in CI).
    @Test(arguments: ["real-page", "expressions", "repository", "localized-render", "jsonserialization-1000", "edit-observed-1000"])
    func aScenarioDoesItsWork(_ name: String) async throws {
        let output = try await CLIRunner.run(["bench", "gate", name], in: Self.package)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stderr == "")
        #expect(output.stdout.hasPrefix(name + ": "), "\(output.stdout)")
    }

    /// The opening scenarios name their floors (JSONSerialization of the same bytes), for the
    /// gate to print the ratio README's opening aim is read from; each floor is a scenario.
    @Test func theOpeningScenariosNameTheirFloors() async throws {
        let output = try await CLIRunner.run(["bench", "gate"], in: Self.package)
        let floors = output.stdout.split(separator: "\n").filter { $0.hasPrefix("floor ") }
        #expect(floors == ["floor open-1000 jsonserialization-1000", "floor open-10000 jsonserialization-10000", "floor edit-100 edit-floor-100", "floor edit-1000 edit-floor-1000", "floor edit-10000 edit-floor-10000"])
        let names = try await Self.scenarios()
        for line in floors { #expect(line.split(separator: " ").dropFirst().allSatisfy { names.contains(String($0)) }, "\(line)") }
    }

    @Test func anUnknownScenarioIsRefusedWithTheNearestName() async throws {
        let output = try await CLIRunner.run(["bench", "gate", "open-100"], in: Self.package)
        #expect(output.status == 1)
        #expect(output.stderr == "error: no gate scenario 'open-100'; did you mean 'open-1000'? The scenarios are: real-page, open-1000, open-10000, jsonserialization-1000, jsonserialization-10000, edit-100, edit-floor-100, edit-1000, edit-floor-1000, edit-10000, edit-floor-10000, edit-observed-1000, expressions, blocks, repository, localized-render\n")
    }

    @Test func theGateRunsOnItsOwn() async throws {
        let output = try await CLIRunner.run(["bench", "open", "gate"], in: Self.package)
        #expect(output.status == 64)
        #expect(output.stderr.hasPrefix("error: the gate's scenarios run on their own: formwork bench gate NAME\n"), "\(output.stderr)")
    }
}
