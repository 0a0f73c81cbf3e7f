/// The process a captured packet belongs to, as an iPhone capture records it: in a PKTAP
/// header, in an Apple process information block, or in the comment pymobiledevice3 writes on
/// every packet.
///
/// Each of those routes names two processes per packet: the one that owns the socket, and the
/// *effective* one, on whose behalf it sends (a system daemon delegating for an app: the app is
/// the effective process). Readers keep the effective one beside this one
/// (`CaptureRecord.effectiveProcess`, `PKTAPHeader.effectiveProcess`) only when it differs, so a
/// packet an app sent for itself carries one process, as before.
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

    /// The effective process a capture names beside `process`, kept only when it differs: nil
    /// when it is the same process or none. One rule for every route, so a packet reads the same
    /// whichever route recorded it.
    public static func effective(_ effective: PacketProcess?, besides process: PacketProcess?) -> PacketProcess? {
        effective == process ? nil : effective
    }

    /// Reads pymobiledevice3's per-packet comment,
    /// `PID: 123, ProcName: NetMonitor, EPID: 123, EProcName: NetMonitor, SVC: 0`
    /// (pymobiledevice3 services/pcapd.py, research §1.4); nil for any other comment, or when it
    /// names no owning process.
    public init?(pymobiledevice3Comment comment: String) {
        guard let process = Self.owners(pymobiledevice3Comment: comment)?.process else { return nil }
        self = process
    }

    /// Both processes pymobiledevice3's comment names: the owner (`PID`, `ProcName`) and the
    /// effective process (`EPID`, `EProcName`) when it differs. nil for a comment that is not
    /// pymobiledevice3's; a comment cut before its effective fields gives only the owner.
    public static func owners(pymobiledevice3Comment comment: String) -> (process: PacketProcess?, effective: PacketProcess?)? {
        guard comment.hasPrefix("PID: "), let nameStart = comment.firstRange(of: ", ProcName: ") else { return nil }
        guard let pid = Int32(comment[comment.index(comment.startIndex, offsetBy: 5)..<nameStart.lowerBound]) else { return nil }
        let rest = comment[nameStart.upperBound...]
        guard let effectiveStart = rest.firstRange(of: ", EPID: ") else { return (PacketProcess(pid: pid, name: String(rest)), nil) }
        let process = PacketProcess(pid: pid, name: String(rest[..<effectiveStart.lowerBound]))
        let tail = rest[effectiveStart.upperBound...]
        guard let effectiveNameStart = tail.firstRange(of: ", EProcName: "),
              let effectivePid = Int32(tail[..<effectiveNameStart.lowerBound]) else { return (process, nil) }
        let names = tail[effectiveNameStart.upperBound...]
        let effectiveName = names.firstRange(of: ", SVC: ").map { names[..<$0.lowerBound] } ?? names
        return (process, effective(PacketProcess(pid: effectivePid, name: String(effectiveName)), besides: process))
    }

    /// The comment pymobiledevice3 would write for this process (effective process the same).
    public var pymobiledevice3Comment: String { pymobiledevice3Comment(effective: nil) }

    /// The comment pymobiledevice3 would write for this process sending on behalf of
    /// `effective` (nil: on its own behalf).
    public func pymobiledevice3Comment(effective: PacketProcess?) -> String {
        let acting = effective ?? self
        return "PID: \(pid), ProcName: \(name), EPID: \(acting.pid), EProcName: \(acting.name), SVC: 0"
    }
}
