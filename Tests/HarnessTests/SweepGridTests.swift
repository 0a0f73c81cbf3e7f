import Foundation
import Testing
@testable import Harness
import Results

@Suite("Sweep grid")
struct SweepGridTests {
    @Test("two --sweep flags make the cartesian product, first knob slowest, after the control of each base")
    func product() throws {
        let grid = try SweepGrid(["tcp.host_concurrency=12,24,40", "arp.settle_ms=500,2000"])
        #expect(grid.size == 6)
        let variants = try grid.variants(bases: ["netmonitor-2.0", "scanbench-best"])
        #expect(variants.count == 14)
        #expect(variants[0] == StrategyVariant(base: "netmonitor-2.0"))
        #expect(variants[7] == StrategyVariant(base: "scanbench-best"))
        #expect(
            variants.prefix(7).map(\.name) == [
                "netmonitor-2.0",
                "netmonitor-2.0[tcp.host_concurrency=12,arp.settle_ms=500]",
                "netmonitor-2.0[tcp.host_concurrency=12,arp.settle_ms=2000]",
                "netmonitor-2.0[tcp.host_concurrency=24,arp.settle_ms=500]",
                "netmonitor-2.0[tcp.host_concurrency=24,arp.settle_ms=2000]",
                "netmonitor-2.0[tcp.host_concurrency=40,arp.settle_ms=500]",
                "netmonitor-2.0[tcp.host_concurrency=40,arp.settle_ms=2000]",
            ]
        )
        // Every combination exactly once, each variant with both overrides.
        let points = Set(
            variants.dropFirst().prefix(6).map { $0.overrides.map { "\($0.key)=\($0.value)" }.joined(separator: " ") }
        )
        #expect(points.count == 6)
        #expect(
            variants.filter { !$0.overrides.isEmpty }.allSatisfy {
                $0.overrides.map(\.key) == ["tcp.host_concurrency", "arp.settle_ms"]
            }
        )
        let description = grid.description(bases: ["netmonitor-2.0", "fixtures/strategies/scanbench-best.yaml"])
        #expect(description.controls == ["netmonitor-2.0", "scanbench-best"])
        #expect(description.knobs.map(\.key) == ["tcp.host_concurrency", "arp.settle_ms"])
        #expect(description.knobs[0].values == ["12", "24", "40"])
        #expect(description.gridSize == 6)
    }

    @Test("one --sweep is a one-knob grid: the control, then a variant per value")
    func oneKnob() throws {
        let variants = try SweepGrid(["arp.settle_ms=1000"]).variants(bases: ["scanbench-best"])
        #expect(variants.map(\.name) == ["scanbench-best", "scanbench-best[arp.settle_ms=1000]"])
        #expect(try SweepGrid([]).variants(bases: ["a"]) == [StrategyVariant(base: "a")])
    }

    @Test("past --max-variants the error gives the grid's size, the cap and how to shrink it")
    func cap() throws {
        let grid = try SweepGrid(["a=1,2,3,4", "b=1,2,3,4", "c=1,2,3,4"])
        #expect(grid.size == 64)
        let error = try #require(throws: HarnessError.self) { try grid.variants(bases: ["netmonitor-2.0"]) }
        #expect(error.message.contains("4 × 4 × 4 = 64 variants + 1 control = 65 strategies"), "\(error.message)")
        #expect(error.message.contains("--max-variants 64"))
        #expect(error.fix.contains("drop values or a --sweep flag") && error.fix.contains("raise --max-variants"))
        #expect(try grid.variants(bases: ["netmonitor-2.0"], maxVariants: 65).count == 65)
        // The cap counts every base's control and grid.
        let small = try SweepGrid(["a=1,2,3"])
        #expect(try small.variants(bases: ["x", "y"], maxVariants: 8).count == 8)
        let two = try #require(throws: HarnessError.self) { try small.variants(bases: ["x", "y"], maxVariants: 7) }
        #expect(two.message.contains("for each of 2 strategies = 8 strategies"), "\(two.message)")
    }

    @Test("a key given twice, a repeated value, an empty value or no KEY= is refused, naming --sweep and the fix")
    func refused() throws {
        let twice = try #require(throws: HarnessError.self) {
            try SweepGrid(["arp.settle_ms=500", "arp.settle_ms=1000,2000"])
        }
        #expect(twice.message.contains("--sweep arp.settle_ms is given twice"))
        #expect(twice.fix.contains("--sweep arp.settle_ms=500,1000,2000"))
        let repeated = try #require(throws: HarnessError.self) { try SweepGrid(["a=1,2,1"]) }
        #expect(repeated.message.contains("lists 1 twice"))
        for text in ["a=", "a=1,,2", "=1,2", "a"] {
            let error = try #require(throws: HarnessError.self) { try SweepGrid([text]) }
            #expect(error.message.hasPrefix("--sweep '\(text)'"), "\(error.message)")
        }
    }
}
