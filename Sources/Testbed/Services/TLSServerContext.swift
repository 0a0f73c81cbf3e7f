import Platform
import Foundation
import Spawn

/// A TLS server configuration with a self-signed certificate generated at agent start
/// (`openssl req -x509`), used to terminate HTTPS on a device's `tls: true` ports.
final class TLSServerContext: @unchecked Sendable {
    // @unchecked: `context` is an SSL_CTX configured once in `init` and never changed after;
    // OpenSSL allows SSL_new on one shared SSL_CTX from many threads.
    private let library: OpenSSLLibrary
    private let context: OpaquePointer
    private init(library: OpenSSLLibrary, context: OpaquePointer) {
        self.library = library
        self.context = context
    }

    deinit { library.freeContext(context) }

    /// A context with a fresh self-signed P-256 certificate for `commonName`, or nil (with a log
    /// line) when libssl or the `openssl` tool is unavailable. The key and certificate live on disk
    /// only until libssl has loaded them: nothing is left in the temporary directory.
    static func make(commonName: String) -> TLSServerContext? {
        guard let library = OpenSSLLibrary.shared else {
            ServiceLog.write("tls: libssl not found; HTTPS ports will accept and close")
            return nil
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "scanbench-tls-\(UUID().uuidString)"
        ).path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let certificate = "\(directory)/cert.pem", key = "\(directory)/key.pem"
        do {
            try FileManager.default.createDirectory(
                atPath: directory,
                withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700]
            )
            let subject = "/CN=" + commonName.filter { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." }
            let result = try ChildProcess.run(
                [
                    "openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
                    "-nodes", "-keyout", key, "-out", certificate, "-days", "3650", "-subj", subject,
                ],
                timeout: 30
            )
            guard result.status == 0 else {
                ServiceLog.write("tls: openssl req exited with \(result.status); HTTPS ports will accept and close")
                return nil
            }
        } catch {
            ServiceLog.write("tls: cannot generate a certificate (\(error)); HTTPS ports will accept and close")
            return nil
        }
        guard let method = library.serverMethod(), let context = library.newContext(method) else { return nil }
        guard library.useCertificateChainFile(context, certificate) == 1,
            library.usePrivateKeyFile(context, key, OpenSSLLibrary.filetypePEM) == 1
        else {
            library.freeContext(context)
            ServiceLog.write("tls: libssl refused the generated certificate; HTTPS ports will accept and close")
            return nil
        }
        return TLSServerContext(library: library, context: context)
    }

    /// Runs the server handshake on `socket` (bounded by its receive timeout); nil when it fails.
    func accept(_ socket: Socket) -> TLSSession? {
        guard let session = library.newSession(context) else { return nil }
        guard library.setDescriptor(session, socket.descriptor) == 1, library.accept(session) == 1 else {
            library.freeSession(session)
            return nil
        }
        return TLSSession(library: library, session: session)
    }
}
