import Wire

/// A TCP connection's identity, oriented from the side that sent the first SYN.
struct FourTuple: Hashable, Sendable {
    var initiator: UInt32
    var initiatorPort: UInt16
    var responder: UInt32
    var responderPort: UInt16
}
