import Testing
@testable import Capture

@Suite("4-tuple table")
struct FourTupleTableTests {
    @Test func growsRepointsAndFindsEveryKey() {
        var table = FourTupleTable(capacity: 4)
        var reference: [FourTuple: Int] = [:]
        for i in 0..<50_000 {
            // Few hosts, many ports: the shape of a port sweep.
            let key = FourTuple(initiator: 0xC612_0002, initiatorPort: UInt16(truncatingIfNeeded: 30_000 + i % 20_000),
                                responder: 0xC612_0000 + UInt32(i % 7), responderPort: UInt16(truncatingIfNeeded: i / 7))
            table[key] = i
            reference[key] = i
        }
        #expect(table.count == reference.count)
        #expect(reference.allSatisfy { table[$0.key] == $0.value })
        #expect(table[FourTuple(initiator: 1, initiatorPort: 2, responder: 3, responderPort: 4)] == nil)
    }
}
