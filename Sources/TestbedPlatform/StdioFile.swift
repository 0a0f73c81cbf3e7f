import Platform
import CTestbedShims
import Glibc

/// A stdio stream on a file: how capture files are read and written (large buffers, or none when
/// every read asks for a MiB anyway), and the `FILE *` libpcap takes over. Not thread-safe: one
/// file belongs to one reader or writer.
public final class StdioFile {
    /// How stdio buffers the stream.
    public enum Buffering: Sendable, Equatable {
        /// No stdio buffer: each read goes straight to `read(2)`.
        case none
        /// A buffer of this many bytes, owned by the file (freed after the stream is closed).
        case full(bytes: Int)
    }

    public let path: String
    private var file: UnsafeMutablePointer<FILE>?
    private var buffer: UnsafeMutablePointer<CChar>?
    /// The stream was handed to a library that closes it.
    private var handedOver = false

    /// Opens `path` with stdio `mode` ("rb", "wb").
    /// - Parameter lockedByCaller: turn stdio's per-call lock off (the file is used from one thread).
    /// - Throws: `SystemError` with the reason (ENOENT, EACCES, EISDIR …).
    public init(path: String, mode: String, buffering: Buffering, lockedByCaller: Bool = false) throws(SystemError) {
        self.path = path
        guard let file = fopen(path, mode) else { throw SystemError("fopen(\(path))") }
        switch buffering {
        case .none:
            setvbuf(file, nil, _IONBF, 0)
        case .full(let bytes):
            let storage = UnsafeMutablePointer<CChar>.allocate(capacity: bytes)
            setvbuf(file, storage, _IOFBF, bytes)
            buffer = storage
        }
        if lockedByCaller { __fsetlocking(file, Int32(FSETLOCKING_BYCALLER)) }
        self.file = file
    }

    deinit {
        if let file, !handedOver { fclose(file) }
        buffer?.deallocate()
    }

    /// Reads up to `count` bytes into `destination`; 0 at the end of the file.
    /// - Throws: `SystemError` when reading fails (a directory, an I/O error).
    public func read(into destination: UnsafeMutableRawPointer, count: Int) throws(SystemError) -> Int {
        guard let file else { throw SystemError("fread(\(path))", errno: Errno(rawValue: EBADF)) }
        let read = fread(destination, 1, count, file)
        if read == 0, ferror(file) != 0 { throw SystemError("fread(\(path))") }
        return read
    }

    /// Writes all of `bytes`.
    /// - Throws: `SystemError` on a short write (ENOSPC …) or a closed file (EBADF).
    public func write(_ bytes: UnsafeRawBufferPointer) throws(SystemError) {
        guard let file else { throw SystemError("fwrite(\(path))", errno: Errno(rawValue: EBADF)) }
        guard bytes.count > 0, let base = bytes.baseAddress else { return }
        if fwrite(base, 1, bytes.count, file) != bytes.count { throw SystemError("fwrite(\(path))") }
    }

    /// Writes out what stdio buffered.
    public func flush() throws(SystemError) {
        if let file, fflush(file) != 0 { throw SystemError("fflush(\(path))") }
    }

    /// Flushes and closes the stream; later reads and writes fail with EBADF.
    public func close() throws(SystemError) {
        guard let file else { return }
        self.file = nil
        if !handedOver, fclose(file) != 0 { throw SystemError("fclose(\(path))") }
    }

    /// The stream, for a library that takes it over and closes it itself (libpcap's
    /// `pcap_fopen_offline`); call `handedOver()` once it has. The buffer stays ours.
    public var stream: UnsafeMutablePointer<FILE>? { file }

    /// The library now owns the stream: this file will not close it (its buffer is freed when
    /// this object goes, so keep it until the library has closed the stream).
    public func markHandedOver() { handedOver = true }
}
