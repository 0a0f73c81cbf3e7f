import AppContract
import Foundation
import NetTools
import Platform
import Wire

/// NetMonitor's `WakeOnLANService` (spec §5.7) inside the app: one magic packet over UDP,
/// broadcast allowed; success is the send completing without error. The packet is
/// `NetTools.MagicPacket`'s, the same bytes `scanbench wol` sends.
struct WakeOnLANService: Sendable {
    /// Sends the packet for `mac` to `destination:port`; `origin` is the session's start.
    func run(mac: MACAddress, destination: IPv4Address, port: Int, origin: UInt64) -> SessionReport.WakeOnLANRun {
        let startedS = AppSession.seconds(since: origin)
        let sentUnixNs = Int64(Date().timeIntervalSince1970 * 1e9)
        let start = MonotonicClock.now()
        var packetHex: String?
        var failure: String?
        do {
            let bytes = try WakeOnLAN.send(mac: mac, to: destination, port: UInt16(port))
            packetHex = bytes.map { String(format: "%02x", $0) }.joined()
        } catch {
            failure = "\(error)"
        }
        return SessionReport.WakeOnLANRun(
            mac: mac.description,
            destination: destination.description,
            port: port,
            startedS: startedS,
            durationMs: MonotonicClock.seconds(since: start) * 1000,
            sentUnixNs: sentUnixNs,
            packetHex: packetHex,
            error: failure
        )
    }
}
