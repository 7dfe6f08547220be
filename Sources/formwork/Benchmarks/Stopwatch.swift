/// Timing for `formwork bench`: a measured thing against its floor, in interleaved rounds.
///
/// On a shared machine the speed of the processor changes from one second to the next, so two
/// numbers measured a minute apart can't be divided. `compare` measures the subject and its floor
/// alternately, round after round, divides within each round, and reports the median of those
/// ratios (and the median time of each side).
enum Stopwatch {
    /// A subject measured against its floor: seconds per call of each, and their ratio.
    struct Comparison: Sendable {
        let subject: Double
        let floor: Double
        let ratio: Double
    }

    /// How long to measure: about `seconds` per comparison, or exactly `calls` calls of each side
    /// per round (for a profiler such as callgrind, where time means nothing).
    struct Budget: Sendable {
        var seconds: Double
        var calls: Int?
    }

    /// Rounds per comparison; the median of their ratios is reported.
    static let rounds = 7

    /// Times `subject` against `floor` in `rounds` interleaved rounds.
    static func compare<A, B>(_ budget: Budget, _ subject: () -> A, floor: () -> B) -> Comparison {
        let perSide = budget.seconds / Double(2 * rounds)
        let subjectCount = budget.calls ?? iterations(filling: perSide, subject)
        let floorCount = budget.calls ?? iterations(filling: perSide, floor)
        var subjectTimes: [Double] = []
        var floorTimes: [Double] = []
        var ratios: [Double] = []
        for _ in 0..<rounds {
            let s = time(subjectCount, subject) / Double(subjectCount)
            let f = time(floorCount, floor) / Double(floorCount)
            subjectTimes.append(s)
            floorTimes.append(f)
            ratios.append(s / max(f, 1e-15))
        }
        return Comparison(subject: median(subjectTimes), floor: median(floorTimes), ratio: median(ratios))
    }

    /// Seconds per call of `body`: the median of `rounds` runs.
    static func measure<T>(_ budget: Budget, _ body: () -> T) -> Double {
        let count = budget.calls ?? iterations(filling: budget.seconds / Double(rounds), body)
        return median((0..<rounds).map { _ in time(count, body) / Double(count) })
    }

    /// How many calls of `body` take about `seconds` (at least one).
    private static func iterations<T>(filling seconds: Double, _ body: () -> T) -> Int {
        var count = 1
        var elapsed = time(count, body)
        while elapsed < seconds / 10, count < 1 << 40 {
            count *= elapsed < seconds / 1_000 ? 10 : 2
            elapsed = time(count, body)
        }
        return max(1, Int(Double(count) * seconds / max(elapsed, 1e-12)))
    }

    private static func time<T>(_ count: Int, _ body: () -> T) -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        for _ in 0..<count { blackHole(body()) }
        return seconds(clock.now - start)
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    // MARK: - Printing

    static func format(_ seconds: Double) -> String {
        switch seconds {
        case ..<1e-6: return String(format: "%.1f ns", seconds * 1e9)
        case ..<1e-3: return String(format: "%.2f µs", seconds * 1e6)
        case ..<1: return String(format: "%.2f ms", seconds * 1e3)
        default: return String(format: "%.2f s", seconds)
        }
    }

    static func ratio(_ value: Double) -> String { String(format: "%.2f×", value) }

    /// Left-aligns the first column and right-aligns the others, with a rule under the header.
    static func table(_ rows: [[String]]) -> String {
        let columns = rows.map(\.count).max() ?? 0
        let widths = (0..<columns).map { column in rows.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0 }
        func line(_ row: [String]) -> String {
            row.enumerated().map { column, cell in
                let pad = String(repeating: " ", count: widths[column] - cell.count)
                return column == 0 ? cell + pad : pad + cell
            }.joined(separator: "   ")
        }
        let rule = widths.map { String(repeating: "─", count: $0) }.joined(separator: "   ")
        return ([line(rows[0]), rule] + rows.dropFirst().map(line)).joined(separator: "\n")
    }
}

/// Keeps a value alive so the optimizer can't drop the computation that made it.
@inline(never) @_optimize(none)
func blackHole<T>(_ value: T) {}

/// Hands a value through a call the optimizer can't see into, so a floor's closure can't be
/// inlined into the loop that times it.
@inline(never) @_optimize(none)
func opaque<T>(_ value: T) -> T { value }
