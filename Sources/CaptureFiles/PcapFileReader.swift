import CPcap
import TestbedPlatform

/// Reads pcap and pcapng files through libpcap, with timestamps in nanoseconds whatever the
/// file's own precision.
///
/// Not thread-safe: one reader belongs to one thread.
public final class PcapFileReader {
    /// The file being read.
    public let path: String
    /// The link-layer type of the records.
    public let linkType: LinkType
    /// The file's snapshot length.
    public let snapshotLength: Int
    private var handle: OpaquePointer?
    /// The file, with its stdio buffer, handed to libpcap; kept until libpcap has closed the
    /// stream, since the buffer is ours (nil on stdin).
    private var file: StdioFile?
    /// Its size: 256 KiB, 64 times stdio's 4 KiB (1 MiB measured no faster and cost its size in
    /// peak RSS).
    static let bufferSize = 1 << 18

    /// Opens a capture file; `-` is standard input, as for libpcap.
    ///
    /// The file is opened here and handed to libpcap (what `pcap_open_offline` does itself),
    /// with a 256 KiB stdio buffer and stdio's per-call lock turned off: libpcap makes two `fread`s
    /// a record, and on a long capture their locking and 4 KiB refills were a tenth of the
    /// analysis. The reader is used from one thread, so the lock guarded nothing.
    ///
    /// - Throws: `CaptureError.fileOpenFailed` when the file is missing or not pcap/pcapng.
    public init(path: String) throws(CaptureError) {
        self.path = path
        var errorBuffer = [CChar](repeating: 0, count: Int(PCAP_ERRBUF_SIZE))
        let opened: OpaquePointer?
        if path == "-" {
            opened = pcap_open_offline_with_tstamp_precision(path, UInt32(PCAP_TSTAMP_PRECISION_NANO), &errorBuffer)
        } else {
            let file: StdioFile
            do {
                file = try StdioFile(
                    path: path,
                    mode: "rb",
                    buffering: .full(bytes: Self.bufferSize),
                    lockedByCaller: true
                )
            } catch {
                throw .fileOpenFailed(path: path, message: "\(path): \(error.reason)")
            }
            opened = pcap_fopen_offline_with_tstamp_precision(
                file.stream,
                UInt32(PCAP_TSTAMP_PRECISION_NANO),
                &errorBuffer
            )
            if opened != nil {
                file.markHandedOver()
                self.file = file
            }
        }
        guard let opened else {
            throw .fileOpenFailed(
                path: path,
                message: String(decoding: errorBuffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            )
        }
        handle = opened
        linkType = LinkType(dlt: pcap_datalink(opened))
        snapshotLength = Int(pcap_snapshot(opened))
    }

    deinit {
        if let handle { pcap_close(handle) }
        file = nil  // frees the stdio buffer, now that libpcap has closed the stream
    }

    /// Calls `body` for every remaining record, in file order, without copying the bytes.
    ///
    /// - Parameter body: receives the timestamp (ns since the epoch), the original length and
    ///   the captured bytes, valid only during the call.
    /// - Returns: the number of records read.
    /// - Throws: `CaptureError.fileReadFailed` when a record is corrupt or the file is cut
    ///   inside a record.
    @discardableResult
    public func forEach(_ body: (Int64, Int, UnsafeRawBufferPointer) throws -> Void) throws -> Int {
        guard let handle else { return 0 }
        var count = 0
        var header: UnsafeMutablePointer<pcap_pkthdr>?
        var data: UnsafePointer<UInt8>?
        while true {
            let status = pcap_next_ex(handle, &header, &data)
            if status == 1, let header, let data {
                let h = header.pointee
                // Wrapping: a hostile pcapng timestamp gives a tv_sec whose nanoseconds overflow
                // Int64 (found by `scanbench fuzz pcap-file`); a wrong time, never a trap.
                let timestamp = CaptureRecord.clamped(Int64(h.ts.tv_sec) &* 1_000_000_000 &+ Int64(h.ts.tv_usec))
                try body(timestamp, Int(h.len), UnsafeRawBufferPointer(start: data, count: Int(h.caplen)))
                count += 1
            } else if status == PCAP_ERROR_BREAK || status == 0 {
                return count
            } else {
                throw CaptureError.fileReadFailed(path: path, message: String(cString: pcap_geterr(handle)))
            }
        }
    }

    /// Reads every remaining record into memory.
    public func readAll() throws -> [CapturedPacket] {
        var packets: [CapturedPacket] = []
        try forEach { timestamp, length, bytes in
            packets.append(CapturedPacket(timestamp: timestamp, originalLength: length, data: Array(bytes)))
        }
        return packets
    }
}
