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
    public static func owners(
        pymobiledevice3Comment comment: String
    ) -> (process: PacketProcess?, effective: PacketProcess?)? {
        var comment = comment
        return comment.withUTF8 { owners(pymobiledevice3Comment: UnsafeRawBufferPointer($0)) }
    }

    /// The same from the comment's UTF-8 bytes, as the packet option holds them: this runs for
    /// every packet of a pymobiledevice3 file under `--process`, so it searches bytes and builds
    /// no string but the two names (short ones are stored inline, without allocating).
    static func owners(
        pymobiledevice3Comment bytes: UnsafeRawBufferPointer
    ) -> (process: PacketProcess?, effective: PacketProcess?)? {
        guard bytes.starts(with: "PID: ".utf8), let nameStart = find(", ProcName: ", in: bytes, from: 5),
            let pid = Int32(text(bytes, 5..<nameStart.lowerBound))
        else { return nil }
        guard let effectiveStart = find(", EPID: ", in: bytes, from: nameStart.upperBound) else {
            return (PacketProcess(pid: pid, name: text(bytes, nameStart.upperBound..<bytes.count)), nil)
        }
        let process = PacketProcess(pid: pid, name: text(bytes, nameStart.upperBound..<effectiveStart.lowerBound))
        guard let effectiveNameStart = find(", EProcName: ", in: bytes, from: effectiveStart.upperBound),
            let effectivePid = Int32(text(bytes, effectiveStart.upperBound..<effectiveNameStart.lowerBound))
        else { return (process, nil) }
        let nameEnd = find(", SVC: ", in: bytes, from: effectiveNameStart.upperBound)?.lowerBound ?? bytes.count
        let effectiveProcess = PacketProcess(
            pid: effectivePid,
            name: text(bytes, effectiveNameStart.upperBound..<nameEnd)
        )
        return (process, effective(effectiveProcess, besides: process))
    }

    /// Where `separator` first occurs in `bytes` at or after `start`.
    private static func find(
        _ separator: StaticString,
        in bytes: UnsafeRawBufferPointer,
        from start: Int
    ) -> Range<Int>? {
        separator.withUTF8Buffer { needle in
            guard needle.count <= bytes.count else { return nil }
            var at = start
            while at + needle.count <= bytes.count {
                if bytes[at] == needle[0], (1..<needle.count).allSatisfy({ bytes[at + $0] == needle[$0] }) {
                    return at..<(at + needle.count)
                }
                at += 1
            }
            return nil
        }
    }

    private static func text(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> String {
        String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self)
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
