import Foundation
import Formwork

/// Helpers for the writer's tests: editing a value at a path, a seeded random source, random
/// documents and random edits, and a formatter that writes a value as JSON in a random style.
enum JSONEditSupport {
    /// One step of a path into a value.
    enum Step: Sendable, CustomStringConvertible {
        case key(String)
        case index(Int)
        var description: String {
            switch self {
            case .key(let key): return ".\(key)"
            case .index(let index): return "[\(index)]"
            }
        }
    }

    /// `value` with `change` applied to the node at `path` (nothing when the path isn't there).
    static func edited(_ value: PageValue, at path: ArraySlice<Step>, _ change: (inout PageValue) -> Void) -> PageValue {
        guard let step = path.first else {
            var copy = value
            change(&copy)
            return copy
        }
        switch (step, value) {
        case (.key(let key), .object(var object)):
            guard let member = object[key] else { return value }
            object[key] = edited(member, at: path.dropFirst(), change)
            return .object(object)
        case (.index(let index), .array(var items)):
            guard items.indices.contains(index) else { return value }
            items[index] = edited(items[index], at: path.dropFirst(), change)
            return .array(items)
        default:
            return value
        }
    }

    /// `edited(_:at:_:)` for a path written as steps.
    static func edited(_ value: PageValue, _ path: Step..., change: (inout PageValue) -> Void) -> PageValue {
        edited(value, at: path[...], change)
    }

    /// An object with the new member `key` right after the member `after` (first when nil).
    static func inserting(_ key: String, _ value: PageValue, after: String?, in object: PageObject) -> PageObject {
        var pairs: [(String, PageValue)] = after == nil ? [(key, value)] : []
        for member in object {
            pairs.append((member.key, member.value))
            if member.key == after { pairs.append((key, value)) }
        }
        return PageObject(pairs)
    }

    /// Lines of `bytes`, split at `\n`.
    static func lines(_ bytes: [UInt8]) -> [String] {
        String(decoding: bytes, as: UTF8.self).components(separatedBy: "\n")
    }

    /// The text of a file of the package, from the package's root.
    static func packageFile(_ relativePath: String) throws -> [UInt8] {
        Array(try Data(contentsOf: packageRoot.appendingPathComponent(relativePath)))
    }

    /// The package's root folder.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The page files kept in the repository (`pages/*.json`, `examples/app/pages/*.json`, and
    /// their `lib` folders), as paths from the package's root.
    static func pageFiles() -> [String] {
        var files: [String] = []
        for folder in ["pages", "pages/lib", "examples/app/pages", "examples/app/pages/lib"] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent(folder).path)) ?? []
            files += names.filter { $0.hasSuffix(".json") }.sorted().map { "\(folder)/\($0)" }
        }
        return files
    }
}

/// A small seeded random source (SplitMix64), so a failing run can be repeated.
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &self) < percent }
    mutating func pick<T>(_ choices: [T]) -> T { choices[Int.random(in: 0..<choices.count, using: &self)] }
}
