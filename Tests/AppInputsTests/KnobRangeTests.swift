import Foundation
import Testing
@testable import AppInputs

@Suite("Knob ranges (scanbench tune's search space)")
struct KnobRangeTests {
    @Test(
        "a position in [0, 1) maps to the range's strata: ends to the bounds, log scale geometric, words in equal shares"
    )
    func positions() {
        let linear = KnobRange(key: "k", values: .integers(0...99, log: false))
        #expect(linear.value(at: 0) == "0" && linear.value(at: 0.5) == "50" && linear.value(at: 0.9999) == "99")
        #expect(linear.value(at: 1) == "99" && linear.value(at: -1) == "0", "out-of-range positions are clamped")
        let log = KnobRange(key: "k", values: .integers(100...10_000, log: true))
        #expect(log.value(at: 0) == "100" && log.value(at: 0.999_999_999) == "10000")
        let middle = Int(log.value(at: 0.5))!
        #expect((950...1050).contains(middle), "the geometric middle of 100…10000 is about 1000, not 5050: \(middle)")
        let words = KnobRange(key: "k", values: .words(["a", "b", "c"]))
        #expect([0.0, 0.34, 0.67, 0.99].map(words.value(at:)) == ["a", "b", "c", "c"])
    }

    @Test(
        "every knob of the search space is a scalar knob of a strategy file, once; none is a list, an address or a port"
    )
    func searchSpaceIsBlind() throws {
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(Strategy())) as! [String: Any]
        func leaf(_ path: String) -> Any? {
            path.split(separator: ".").reduce(json as Any?) { node, key in (node as? [String: Any])?[String(key)] }
        }
        let keys = Strategy.searchSpace.map(\.key)
        #expect(Set(keys).count == keys.count)
        #expect(keys.count >= 40)
        for key in keys {
            let value = leaf(key)
            #expect(value != nil, "\(key) is not a knob of Strategy")
            #expect(!(value is [Any]) && !(value is [String: Any]), "\(key) is a list or a mapping")
            #expect(
                !key.hasSuffix("port") && !key.hasSuffix("ports") && !key.contains("tiers") && !key.contains("steps"),
                "\(key)"
            )
        }
        // The pre-fix budget style hangs the scan (ADR-016): a search must not waste its budget on it.
        let style = try #require(Strategy.searchSpace.first { $0.key == "budget.style" })
        #expect(style.values == .words(["structured", "shipped"]))
    }
}
