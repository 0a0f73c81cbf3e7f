import Foundation
import Testing
@testable import Harness
import ScanKit
import AppInputs

@Suite("Tune sampler (Latin hypercube around the base)")
struct TuneSamplerTests {
    let space = [
        KnobRange(key: "a", values: .integers(0...99, log: false)), KnobRange(key: "b", values: .words(["x", "y"])),
    ]

    @Test(
        "every candidate changes every knob when asked to: each of n candidates lands in a different tenth of the range"
    )
    func strata() {
        let drawn = TuneSampler(space: space, changes: 2, seed: 1).draw(10, bracket: 0)
        #expect(drawn.count == 10 && drawn.allSatisfy { $0.map(\.key) == ["a", "b"] })
        let tenths = drawn.map { Int($0[0].value)! / 10 }
        #expect(Set(tenths) == Set(0..<10), "\(tenths)")
        #expect(drawn.filter { $0[1].value == "x" }.count == 5, "two words over ten candidates: five each")
    }

    @Test("the seed, the bracket and the attempt decide the draw; a candidate changes at least one knob")
    func replayable() {
        let sampler = TuneSampler(space: Strategy.searchSpace, changes: 1, seed: 42)
        #expect(sampler.draw(9, bracket: 3) == sampler.draw(9, bracket: 3))
        #expect(sampler.draw(9, bracket: 3) != sampler.draw(9, bracket: 4))
        #expect(sampler.draw(9, bracket: 3) != sampler.draw(9, bracket: 3, attempt: 1))
        let many = (0..<20).flatMap { sampler.draw(9, bracket: $0) }
        #expect(many.allSatisfy { !$0.isEmpty })
        let mean = Double(many.map(\.count).reduce(0, +)) / Double(many.count)
        #expect(mean > 0.8 && mean < 2.2, "about one knob changed on average: \(mean)")
    }

    @Test("each knob's lowest and highest value loads on every preset (the ranges hold no value a loader refuses)")
    func extremesLoad() throws {
        let directory = NSTemporaryDirectory() + "tune-extremes-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var refused: [String] = []
        for preset in ["review-baseline", "netmonitor-2.0", "scanbench-best"] {
            for knob in Strategy.searchSpace {
                for value in Set([knob.value(at: 0), knob.value(at: 0.999_999)]) {
                    do {
                        _ = try StrategyVariant(base: preset, overrides: [.init(knob.key, value)]).prepare(
                            in: directory
                        )
                    } catch {
                        refused.append("\(preset) \(knob.key)=\(value): \(error)")
                    }
                }
            }
        }
        #expect(refused.isEmpty, "\(refused.joined(separator: "\n"))")
    }
}
