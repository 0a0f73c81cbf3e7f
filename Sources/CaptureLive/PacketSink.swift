import CaptureFiles

/// Receives packets from libpcap's callback on the capture thread: writes them to the pcap file
/// and/or keeps them, and remembers the first write error.
///
/// Lives and dies on the capture thread; never shared.
final class PacketSink {
    let writer: PcapFileWriter?
    let keepsPackets: Bool
    var packets: [CapturedPacket] = []
    var count = 0
    var writeError: CaptureError?

    init(writer: PcapFileWriter?, keepsPackets: Bool) {
        self.writer = writer
        self.keepsPackets = keepsPackets
    }

    func receive(timestamp: Int64, originalLength: Int, bytes: UnsafeRawBufferPointer) {
        count += 1
        if let writer, writeError == nil {
            do { try writer.write(timestamp: timestamp, originalLength: originalLength, data: bytes) } catch {
                writeError = error
            }
        }
        if keepsPackets {
            packets.append(CapturedPacket(timestamp: timestamp, originalLength: originalLength, data: Array(bytes)))
        }
    }
}
