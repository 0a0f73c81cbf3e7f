import Platform
/// One server-side TLS session over a connected socket.
final class TLSSession: ByteStream, @unchecked Sendable {
    // @unchecked: an SSL object is used by the one connection thread that created it and is
    // freed by that thread in `close()`; it never crosses threads.
    private let library: OpenSSLLibrary
    private let session: OpaquePointer

    init(library: OpenSSLLibrary, session: OpaquePointer) {
        self.library = library
        self.session = session
    }

    func read(maximum: Int) throws -> Socket.StreamRead {
        var buffer = [UInt8](repeating: 0, count: maximum)
        let count = buffer.withUnsafeMutableBytes { library.read(session, $0.baseAddress, Int32($0.count)) }
        if count > 0 { return .bytes(Array(buffer.prefix(Int(count)))) }
        if library.errorCode(session, count) == OpenSSLLibrary.zeroReturn { return .endOfStream }
        return .nothingYet
    }

    func write(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { library.write(session, $0.baseAddress, Int32($0.count)) }
            guard count > 0 else {
                throw SystemError("SSL_write", errno: Errno(rawValue: library.errorCode(session, count)))
            }
            offset += Int(count)
        }
    }

    /// Sends close_notify and frees the session (the socket is closed by its owner).
    func close() {
        _ = library.shutdown(session)
        library.freeSession(session)
    }
}
