import CaptureFiles
import Wire

/// A TCP connection's identity, oriented from the side that sent the first SYN.
///
/// The addresses come first and the ports after them, so the value packs into 12 bytes and a
/// `FourTupleTable` entry into 16.
struct FourTuple: Hashable, Sendable {
    var initiator: UInt32
    var responder: UInt32
    var initiatorPort: UInt16
    var responderPort: UInt16

    init(initiator: UInt32, initiatorPort: UInt16, responder: UInt32, responderPort: UInt16) {
        self.initiator = initiator
        self.responder = responder
        self.initiatorPort = initiatorPort
        self.responderPort = responderPort
    }

    /// The same connection seen from the other side.
    var reversed: FourTuple {
        FourTuple(
            initiator: responder,
            initiatorPort: responderPort,
            responder: initiator,
            responderPort: initiatorPort
        )
    }

    /// Two combines instead of four: hashing is the analyzer's hottest path.
    func hash(into hasher: inout Hasher) {
        hasher.combine(UInt64(initiator) << 32 | UInt64(responder))
        hasher.combine(UInt32(initiatorPort) << 16 | UInt32(responderPort))
    }
}
