import TestbedPlatform
/// Writes a classic pcap file with nanosecond timestamps (magic `0xa1b23c4d`), which tshark,
/// Wireshark, tcpdump and libpcap read.
///
/// Records are buffered by stdio; call `close()` (or let the writer go) to flush. Not
/// thread-safe: one writer belongs to one thread (the capture thread, or an offline tool).
public final class PcapFileWriter {
    /// The file being written.
    public let path: String
    private let file: StdioFile
    /// Records written so far.
    public private(set) var recordCount = 0

    /// Creates (or truncates) `path` and writes the file header.
    ///
    /// - Parameters:
    ///   - path: where to write.
    ///   - linkType: the link-layer type of every record.
    ///   - snapshotLength: the largest record length that will be written.
    /// - Throws: `CaptureError.fileWriteFailed` when the file cannot be created or written.
    public init(path: String, linkType: LinkType = .ethernet, snapshotLength: Int = 262_144) throws(CaptureError) {
        self.path = path
        do { file = try StdioFile(path: path, mode: "wb", buffering: .full(bytes: 1 << 20)) } catch {
            throw .fileWriteFailed(path: path, errno: error.code)
        }
        var header = [UInt8]()
        header.reserveCapacity(24)
        Self.appendLE32(&header, 0xA1B2_3C4D)
        Self.appendLE16(&header, 2)
        Self.appendLE16(&header, 4)
        Self.appendLE32(&header, 0)
        Self.appendLE32(&header, 0)
        Self.appendLE32(&header, UInt32(clamping: snapshotLength))
        Self.appendLE32(&header, linkType.fileValue)
        try write(header)
    }

    /// Appends one record.
    ///
    /// - Parameters:
    ///   - timestamp: nanoseconds since the Unix epoch.
    ///   - originalLength: the frame's length on the wire.
    ///   - data: the captured bytes.
    /// - Throws: `CaptureError.fileWriteFailed` on a write error.
    public func write(timestamp: Int64, originalLength: Int, data: UnsafeRawBufferPointer) throws(CaptureError) {
        var header = [UInt8]()
        header.reserveCapacity(16)
        let seconds = timestamp >= 0 ? timestamp / 1_000_000_000 : (timestamp - 999_999_999) / 1_000_000_000
        let nanos = timestamp - seconds * 1_000_000_000
        Self.appendLE32(&header, UInt32(truncatingIfNeeded: seconds))
        Self.appendLE32(&header, UInt32(truncatingIfNeeded: nanos))
        Self.appendLE32(&header, UInt32(clamping: data.count))
        Self.appendLE32(&header, UInt32(clamping: originalLength))
        try write(header)
        try write(data)
        recordCount += 1
    }

    /// Appends one captured packet.
    public func write(_ packet: CapturedPacket) throws(CaptureError) {
        let result: Result<Void, CaptureError> = packet.data.withUnsafeBytes { bytes in
            do throws(CaptureError) {
                try write(timestamp: packet.timestamp, originalLength: packet.originalLength, data: bytes)
                return .success(())
            } catch { return .failure(error) }
        }
        try result.get()
    }

    /// Flushes buffered records to the file.
    public func flush() throws(CaptureError) {
        do { try file.flush() } catch { throw .fileWriteFailed(path: path, errno: error.code) }
    }

    /// Flushes and closes the file; further writes fail.
    public func close() throws(CaptureError) {
        do { try file.close() } catch { throw .fileWriteFailed(path: path, errno: error.code) }
    }

    private func write(_ bytes: [UInt8]) throws(CaptureError) {
        let result: Result<Void, CaptureError> = bytes.withUnsafeBytes { bytes in
            do throws(CaptureError) { try write(bytes); return .success(()) } catch { return .failure(error) }
        }
        try result.get()
    }

    private func write(_ bytes: UnsafeRawBufferPointer) throws(CaptureError) {
        do { try file.write(bytes) } catch { throw .fileWriteFailed(path: path, errno: error.code) }
    }

    private static func appendLE16(_ bytes: inout [UInt8], _ value: UInt16) {
        bytes.append(UInt8(value & 0xFF)); bytes.append(UInt8(value >> 8))
    }

    private static func appendLE32(_ bytes: inout [UInt8], _ value: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(value >> UInt32(shift) & 0xFF)) }
    }
}
