import TestbedPlatform
/// The few libssl functions TLS termination needs, looked up at run time with `dlopen`, so the
/// package needs no link-time OpenSSL dependency (libssl3 is present wherever `openssl` is).
struct OpenSSLLibrary: @unchecked Sendable {
    // @unchecked: the members are immutable C function pointers into a library that stays
    // loaded for the life of the process; calling them from any thread is what libssl expects.
    typealias Pointer = OpaquePointer
    let serverMethod: @convention(c) () -> Pointer?
    let newContext: @convention(c) (Pointer?) -> Pointer?
    let freeContext: @convention(c) (Pointer?) -> Void
    let useCertificateChainFile: @convention(c) (Pointer?, UnsafePointer<CChar>?) -> Int32
    let usePrivateKeyFile: @convention(c) (Pointer?, UnsafePointer<CChar>?, Int32) -> Int32
    let newSession: @convention(c) (Pointer?) -> Pointer?
    let freeSession: @convention(c) (Pointer?) -> Void
    let setDescriptor: @convention(c) (Pointer?, Int32) -> Int32
    let accept: @convention(c) (Pointer?) -> Int32
    let read: @convention(c) (Pointer?, UnsafeMutableRawPointer?, Int32) -> Int32
    let write: @convention(c) (Pointer?, UnsafeRawPointer?, Int32) -> Int32
    let errorCode: @convention(c) (Pointer?, Int32) -> Int32
    let shutdown: @convention(c) (Pointer?) -> Int32

    static let zeroReturn: Int32 = 6  // SSL_ERROR_ZERO_RETURN
    static let filetypePEM: Int32 = 1  // SSL_FILETYPE_PEM

    /// libssl, loaded once; nil when it cannot be found.
    static let shared: OpenSSLLibrary? = load()

    private static func load() -> OpenSSLLibrary? {
        let names: [String] = ["libssl.so.3", "libssl.so"]
        guard let library = DynamicLibrary(firstOf: names) else { return nil }
        func symbol<T>(_ name: String, _ type: T.Type) -> T? { library.symbol(name, as: type) }
        guard let serverMethod = symbol("TLS_server_method", (@convention(c) () -> Pointer?).self),
            let newContext = symbol("SSL_CTX_new", (@convention(c) (Pointer?) -> Pointer?).self),
            let freeContext = symbol("SSL_CTX_free", (@convention(c) (Pointer?) -> Void).self),
            let chain = symbol(
                "SSL_CTX_use_certificate_chain_file",
                (@convention(c) (Pointer?, UnsafePointer<CChar>?) -> Int32).self
            ),
            let key = symbol(
                "SSL_CTX_use_PrivateKey_file",
                (@convention(c) (Pointer?, UnsafePointer<CChar>?, Int32) -> Int32).self
            ),
            let newSession = symbol("SSL_new", (@convention(c) (Pointer?) -> Pointer?).self),
            let freeSession = symbol("SSL_free", (@convention(c) (Pointer?) -> Void).self),
            let setDescriptor = symbol("SSL_set_fd", (@convention(c) (Pointer?, Int32) -> Int32).self),
            let accept = symbol("SSL_accept", (@convention(c) (Pointer?) -> Int32).self),
            let read = symbol("SSL_read", (@convention(c) (Pointer?, UnsafeMutableRawPointer?, Int32) -> Int32).self),
            let write = symbol("SSL_write", (@convention(c) (Pointer?, UnsafeRawPointer?, Int32) -> Int32).self),
            let errorCode = symbol("SSL_get_error", (@convention(c) (Pointer?, Int32) -> Int32).self),
            let shutdown = symbol("SSL_shutdown", (@convention(c) (Pointer?) -> Int32).self)
        else { return nil }
        return OpenSSLLibrary(
            serverMethod: serverMethod,
            newContext: newContext,
            freeContext: freeContext,
            useCertificateChainFile: chain,
            usePrivateKeyFile: key,
            newSession: newSession,
            freeSession: freeSession,
            setDescriptor: setDescriptor,
            accept: accept,
            read: read,
            write: write,
            errorCode: errorCode,
            shutdown: shutdown
        )
    }
}
