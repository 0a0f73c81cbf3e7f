import TestbedPlatform
/// A capture file read through one buffer: a reader asks for `count` bytes at its position
/// (`fill`), looks at them where they lie, and steps past them (`skip`). Records are never
/// copied out; the buffer is refilled with `read`s of up to its whole size, so a file costs
/// one system call and one kernel copy per MiB, and no stdio buffer copies in between.
///
/// The buffer grows only when one record asks for more than it holds; readers bound what they
/// ask for (`PcapngReader.maximumBlockLength`), so a hostile length cannot make it grow without
/// bound. Not thread-safe: one buffer belongs to one reader.
final class FileBuffer {
    private let path: String
    private var file: StdioFile?
    private var buffer: UnsafeMutableRawBufferPointer
    /// The unread bytes are `buffer[start..<end]`.
    private var start = 0
    private var end = 0
    /// File offset of `buffer[0]`.
    private var bufferOffset: Int64 = 0

    /// Opens `path` for reading.
    ///
    /// - Throws: `CaptureError.fileOpenFailed` with the system's reason.
    init(path: String) throws(CaptureError) {
        self.path = path
        // Every read asks for at least the rest of our buffer, which glibc hands straight to
        // read(2); a stdio buffer of its own would only add a copy.
        do { file = try StdioFile(path: path, mode: "rb", buffering: .none) } catch {
            throw .fileOpenFailed(path: path, message: error.reason)
        }
        buffer = .allocate(byteCount: 1 << 20, alignment: 8)
    }

    deinit {
        buffer.deallocate()
    }

    /// The file offset of the position.
    var offset: Int64 { bufferOffset + Int64(start) }

    /// The bytes buffered from the position on (after a false `fill`, what the file still had).
    var available: Int { end - start }

    /// Makes at least `count` bytes available from the position, reading more of the file as
    /// needed; false when the file ends first.
    ///
    /// - Throws: `CaptureError.fileReadFailed` when reading fails (a directory, an I/O error):
    ///   that is no end of file, and no damage in it either.
    @inline(__always)
    func fill(_ count: Int) throws(CaptureError) -> Bool {
        if end - start >= count { return true }
        return try refill(count)
    }

    /// Steps the position `count` bytes on (at most `available`).
    @inline(__always)
    func skip(_ count: Int) {
        start += count
    }

    /// The 32 bits at `at` bytes past the position, as stored.
    @inline(__always)
    func raw32(_ at: Int) -> UInt32 {
        buffer.loadUnaligned(fromByteOffset: start + at, as: UInt32.self)
    }

    /// The bytes `range` past the position, valid until the next `fill`.
    @inline(__always)
    func bytes(_ range: Range<Int>) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: buffer[(start + range.lowerBound)..<(start + range.upperBound)])
    }

    private func refill(_ count: Int) throws(CaptureError) -> Bool {
        if start > 0 {
            if end > start { buffer.baseAddress!.copyMemory(from: buffer.baseAddress! + start, byteCount: end - start) }
            bufferOffset += Int64(start)
            end -= start
            start = 0
        }
        if count > buffer.count {
            let grown = UnsafeMutableRawBufferPointer.allocate(byteCount: max(count, buffer.count * 2), alignment: 8)
            grown.baseAddress!.copyMemory(from: buffer.baseAddress!, byteCount: end)
            buffer.deallocate()
            buffer = grown
        }
        guard let file else { return false }
        while end < count {
            let read: Int
            do { read = try file.read(into: buffer.baseAddress! + end, count: buffer.count - end) } catch {
                throw .fileReadFailed(path: path, message: error.reason)
            }
            if read == 0 { return false }
            end += read
        }
        return true
    }
}
