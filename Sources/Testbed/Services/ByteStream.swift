import Platform

/// A connected byte stream: a plain TCP socket, or a TLS session over one.
protocol ByteStream: Sendable {
    /// Reads up to `maximum` bytes, blocking until some arrive, the stream ends, or the read times out.
    func read(maximum: Int) throws -> Socket.StreamRead
    /// Writes every byte.
    func write(_ bytes: [UInt8]) throws
}
