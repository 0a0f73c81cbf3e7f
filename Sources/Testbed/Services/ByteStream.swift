/// A connected byte stream: a plain TCP socket, or a TLS session over one.
protocol ByteStream: Sendable {
    /// Reads up to `maximum` bytes: `[]` at end of stream, nil when the read timed out.
    func read(maximum: Int) throws -> [UInt8]?
    /// Writes every byte.
    func write(_ bytes: [UInt8]) throws
}
