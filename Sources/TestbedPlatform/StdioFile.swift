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
    /// - Throws: `PlatformCallError` with the reason (ENOENT, EACCES, EISDIR …).
    public init(path: String, mode: String, buffering: Buffering, lockedByCaller: Bool = false) throws(PlatformCallError) {
        self.path = path
        guard let file = fopen(path, mode) else { throw PlatformCallError("fopen(\(path))", errno: errno) }
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
    /// - Throws: `PlatformCallError` when reading fails (a directory, an I/O error).
    public func read(into destination: UnsafeMutableRawPointer, count: Int) throws(PlatformCallError) -> Int {
        guard let file else { throw PlatformCallError("fread(\(path))", errno: EBADF) }
        let read = fread(destination, 1, count, file)
        if read == 0, ferror(file) != 0 { throw PlatformCallError("fread(\(path))", errno: errno) }
        return read
    }

    /// Writes all of `bytes`.
    /// - Throws: `PlatformCallError` on a short write (ENOSPC …) or a closed file (EBADF).
    public func write(_ bytes: UnsafeRawBufferPointer) throws(PlatformCallError) {
        guard let file else { throw PlatformCallError("fwrite(\(path))", errno: EBADF) }
        guard bytes.count > 0, let base = bytes.baseAddress else { return }
        if fwrite(base, 1, bytes.count, file) != bytes.count { throw PlatformCallError("fwrite(\(path))", errno: errno) }
    }

    /// Writes out what stdio buffered.
    public func flush() throws(PlatformCallError) {
        if let file, fflush(file) != 0 { throw PlatformCallError("fflush(\(path))", errno: errno) }
    }

    /// Flushes and closes the stream; later reads and writes fail with EBADF.
    public func close() throws(PlatformCallError) {
        guard let file else { return }
        self.file = nil
        if !handedOver, fclose(file) != 0 { throw PlatformCallError("fclose(\(path))", errno: errno) }
    }

    /// The stream, for a library that takes it over and closes it itself (libpcap's
    /// `pcap_fopen_offline`); call `handedOver()` once it has. The buffer stays ours.
    public var stream: UnsafeMutablePointer<FILE>? { file }

    /// The library now owns the stream: this file will not close it (its buffer is freed when
    /// this object goes, so keep it until the library has closed the stream).
    public func markHandedOver() { handedOver = true }
}
