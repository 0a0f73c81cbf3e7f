/// The process a captured packet belongs to, as an iPhone capture records it: in a PKTAP
/// header, in an Apple process information block, or in the comment pymobiledevice3 writes on
/// every packet.
public struct PacketProcess: Sendable, Equatable, Hashable {
    /// The process id; 0 when the capture named the process but not its id.
    public var pid: Int32
    /// The process name as the kernel knows it (`comm`: at most 16 bytes, so long names are cut).
    public var name: String

    /// nil when the capture says "no process" (PKTAP writes pid 0 or −1 and an empty name).
    public init?(pid: Int32, name: String) {
        if name.isEmpty && (pid == 0 || pid == -1) { return nil }
        self.pid = pid
        self.name = name
    }

    /// Reads pymobiledevice3's per-packet comment,
    /// `PID: 123, ProcName: NetMonitor, EPID: 123, EProcName: NetMonitor, SVC: 0`
    /// (pymobiledevice3 services/pcapd.py, research §1.4); nil for any other comment.
    public init?(pymobiledevice3Comment comment: String) {
        guard comment.hasPrefix("PID: "), let nameStart = comment.firstRange(of: ", ProcName: ") else { return nil }
        guard let pid = Int32(comment[comment.index(comment.startIndex, offsetBy: 5)..<nameStart.lowerBound]) else { return nil }
        let rest = comment[nameStart.upperBound...]
        let name = rest.firstRange(of: ", EPID: ").map { rest[..<$0.lowerBound] } ?? rest
        self.init(pid: pid, name: String(name))
    }

    /// The comment pymobiledevice3 would write for this process (effective process the same).
    public var pymobiledevice3Comment: String {
        "PID: \(pid), ProcName: \(name), EPID: \(pid), EProcName: \(name), SVC: 0"
    }
}
