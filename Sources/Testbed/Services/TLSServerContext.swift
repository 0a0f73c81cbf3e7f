/// Placeholder until TLS termination lands: HTTPS ports accept and close.
final class TLSServerContext: Sendable {
    func accept(_ socket: Socket) -> (any TLSStream)? { nil }
}

/// A TLS session over a connected socket.
protocol TLSStream: ByteStream {
    func close()
}

extension TLSServerContext {
    /// A context with a fresh self-signed certificate, or nil when TLS is unavailable.
    static func make(commonName: String) -> TLSServerContext? { nil }
}
