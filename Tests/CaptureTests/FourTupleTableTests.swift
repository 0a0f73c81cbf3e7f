import Testing
@testable import CaptureFiles
@testable import CaptureAnalysis
import Wire

@Suite("4-tuple table")
struct FourTupleTableTests {
    @Test func growsRepointsAndFindsEveryKey() {
        var table = FourTupleTable(capacity: 4)
        var reference: [FourTuple: Int] = [:]
        for i in 0..<50_000 {
            // Few hosts, many ports: the shape of a port sweep.
            let key = FourTuple(
                initiator: 0xC612_0002,
                initiatorPort: UInt16(truncatingIfNeeded: 30_000 + i % 20_000),
                responder: 0xC612_0000 + UInt32(i % 7),
                responderPort: UInt16(truncatingIfNeeded: i / 7)
            )
            table[key] = i
            reference[key] = i
        }
        #expect(table.count == reference.count)
        #expect(reference.allSatisfy { table[$0.key] == $0.value })
        #expect(table[FourTuple(initiator: 1, initiatorPort: 2, responder: 3, responderPort: 4)] == nil)
    }

    @Test func removesOnlyWhatItIsAskedAndKeepsTheRestReachable() {
        var table = FourTupleTable(capacity: 4)
        var reference: [FourTuple: Int] = [:]
        func key(_ i: Int) -> FourTuple {
            FourTuple(
                initiator: 0xC612_0002,
                initiatorPort: UInt16(truncatingIfNeeded: 30_000 + i % 20_000),
                responder: 0xC612_0000 + UInt32(i % 7),
                responderPort: UInt16(truncatingIfNeeded: i / 7)
            )
        }
        for i in 0..<30_000 {
            table[key(i)] = i
            reference[key(i)] = i
        }
        for i in stride(from: 0, to: 30_000, by: 3) {
            table.remove(key(i), ifValue: i)
            reference[key(i)] = nil
        }
        table.remove(key(1), ifValue: 999_999)  // points elsewhere: stays
        #expect(table.count == reference.count)
        #expect(reference.allSatisfy { table[$0.key] == $0.value })
        #expect((0..<30_000).filter { $0 % 3 == 0 }.allSatisfy { table[key($0)] == nil })
        for i in stride(from: 0, to: 30_000, by: 3) { table[key(i)] = i + 1 }
        #expect(table.count == 30_000 && table[key(3)] == 4)
    }

    /// A 4-tuple and its reverse share a home slot, so one walk finds either; the forward one wins
    /// when both are there (a SYN each way on the same ports).
    @Test func findsTheForwardOrElseTheReverseKey() {
        var table = FourTupleTable(capacity: 4)
        let forward = FourTuple(
            initiator: 0xC612_0032,
            initiatorPort: 40_000,
            responder: 0xC612_0005,
            responderPort: 80
        )
        #expect(table.find(forward) == nil)
        table[forward] = 7
        #expect(table.find(forward).map { [$0.index, $0.reversed ? 1 : 0] } == [7, 0])
        #expect(table.find(forward.reversed).map { [$0.index, $0.reversed ? 1 : 0] } == [7, 1])
        table[forward.reversed] = 9
        #expect(table.find(forward.reversed).map { [$0.index, $0.reversed ? 1 : 0] } == [9, 0])
        #expect(table.find(forward).map { [$0.index, $0.reversed ? 1 : 0] } == [7, 0])
        table.remove(forward, ifValue: 7)
        #expect(table.find(forward).map { [$0.index, $0.reversed ? 1 : 0] } == [9, 1])
        // Many keys and their reverses, removed in turn: every lookup still right.
        for i in 0..<20_000 {
            table[FourTuple(initiator: 1, initiatorPort: UInt16(i), responder: 2, responderPort: 443)] = i
        }
        for i in stride(from: 0, to: 20_000, by: 2) {
            table.remove(
                FourTuple(initiator: 1, initiatorPort: UInt16(i), responder: 2, responderPort: 443),
                ifValue: i
            )
        }
        #expect(
            (0..<20_000).allSatisfy { i in
                let found = table.find(
                    FourTuple(initiator: 2, initiatorPort: 443, responder: 1, responderPort: UInt16(i))
                )
                return i % 2 == 0 ? found == nil : found.map { $0.index == i && $0.reversed } == true
            }
        )
    }

    /// Random inserts, re-points and removes over few keys (dense clusters, keys and their
    /// reverses, growth from 16 slots): after every step each key's lookup, and `find` in both
    /// orientations, agree with a dictionary.
    @Test func agreesWithADictionaryThroughRandomOperations() {
        var generator = RandomSource(seed: 26)
        var keys: [FourTuple] = []
        for i in 0..<64 {
            let initiator: UInt32 = 0xC612_0000 + UInt32(i % 4), responder: UInt32 = 0xC612_0000 + UInt32((i / 4) % 4)
            keys.append(
                FourTuple(
                    initiator: initiator,
                    initiatorPort: UInt16(40_000 + i / 8),
                    responder: responder,
                    responderPort: UInt16(80 + i % 2)
                )
            )
        }
        for _ in 0..<20 {
            var table = FourTupleTable(capacity: 1)
            var reference: [FourTuple: Int] = [:]
            for step in 0..<400 {
                let key = keys.randomElement(using: &generator)!
                if Bool.random(using: &generator) {
                    table[key] = step
                    reference[key] = step
                } else if let value = reference[key] {
                    let asked = Bool.random(using: &generator) ? value : value + 1
                    table.remove(key, ifValue: asked)
                    if asked == value { reference[key] = nil }
                }
                #expect(table.count == reference.count)
                for key in keys {
                    var expected: [Int] = []
                    if let value = reference[key] {
                        expected = [value, 0]
                    } else if let value = reference[key.reversed] {
                        expected = [value, 1]
                    }
                    let found: [Int] = table.find(key).map { [$0.index, $0.reversed ? 1 : 0] } ?? []
                    #expect(table[key] == reference[key])
                    #expect(found == expected)
                }
            }
        }
    }
}
