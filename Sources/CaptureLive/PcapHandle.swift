import CaptureFiles
import CPcap

/// A libpcap handle that may be passed between threads.
///
/// `@unchecked Sendable` is safe here because the only cross-thread use is `breakLoop()`,
/// which libpcap documents as callable from another thread (on Linux ≥ 1.10 it also wakes the
/// capture thread's poll through an eventfd), and `LiveCapture` only calls it under the same lock
/// the capture thread takes before closing the handle, so it never touches a closed handle.
struct PcapHandle: @unchecked Sendable {
    let pointer: OpaquePointer

    /// Asks a running `pcap_dispatch` to return `PCAP_ERROR_BREAK`.
    func breakLoop() { pcap_breakloop(pointer) }
}
