import Wire

/// A TCP connection's identity, oriented from the side that sent the first SYN.
struct FourTuple: Hashable, Sendable {
    var initiator: UInt32
    var initiatorPort: UInt16
    var responder: UInt32
    var responderPort: UInt16

    /// Two combines instead of four: hashing is the analyzer's hottest path.
    func hash(into hasher: inout Hasher) {
        hasher.combine(UInt64(initiator) << 32 | UInt64(responder))
        hasher.combine(UInt32(initiatorPort) << 16 | UInt32(responderPort))
    }
}
