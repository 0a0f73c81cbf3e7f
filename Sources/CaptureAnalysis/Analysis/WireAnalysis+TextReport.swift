import CaptureFiles
import Foundation
import Wire

extension WireAnalysis {
    /// A plain-text report (tables) of the analysis, as `scanbench analyze` prints it.
    ///
    /// - Parameter file: the capture's name, shown in the first line.
    public func textReport(file: String) -> String {
        let a = self
        var lines: [String] = []
        lines.append(
            "Capture \(file): \(a.totals.packets) frames, \(a.totals.bytes) bytes, \(Self.seconds(a.duration)) s, link \(a.linkType)"
        )
        if let inference = a.scannerInference {
            lines.append("Scanner: \(inference.reason)")
        } else if let scanner = a.scanner {
            lines.append("Scanner: \(scanner) (given)")
        } else {
            lines.append("Scanner: none found (no SYNs, ARP or echo requests); counts below cover all traffic")
        }
        lines.append("")
        lines.append("TCP attempts by the scanner")
        let t = a.tcp
        lines += Self.table([
            ("attempts (first SYNs)", t.attempts), ("SYN transmissions", t.synTransmissions),
            ("SYN retransmissions", t.synRetransmissions), ("open (SYN/ACK)", t.open),
            ("closed (RST)", t.closed), ("unreachable (ICMP)", t.unreachable), ("no answer", t.noAnswer),
            ("handshakes completed", t.handshakesCompleted), ("connections with data", t.connectionsWithData),
            ("payload bytes sent", t.bytesFromScanner), ("payload bytes received", t.bytesToScanner),
            ("ended by FIN", t.endedByFin), ("ended by RST from scanner", t.endedByRstFromScanner),
            ("ended by RST from target", t.endedByRstFromTarget), ("open at capture end", t.unterminated),
            ("distinct targets", t.distinctTargets), ("distinct target ports", t.distinctTargetPorts),
        ])
        lines.append("")
        lines.append("Concurrency (peak, abandonment after \(Self.seconds(a.abandonAfter)) s)")
        lines += Self.table([
            ("attempts in flight", a.attemptsInFlight.peak), ("awaiting an answer", a.awaitingAnswer.peak),
            ("established connections", a.connectionsInFlight.peak),
        ])
        lines.append("")
        lines.append("Protocols                     all    scanner     others")
        let rows: [(String, KeyPath<ProtocolCounters, Int>)] = [
            ("packets", \.packets), ("bytes", \.bytes),
            ("ARP requests", \.arpRequests), ("ARP replies", \.arpReplies),
            ("ICMP echo requests", \.icmpEchoRequests), ("ICMP echo replies", \.icmpEchoReplies),
            ("ICMP unreachable", \.icmpUnreachable), ("ICMP time exceeded", \.icmpTimeExceeded),
            ("ICMP other", \.icmpOther),
            ("TCP segments", \.tcpSegments), ("TCP SYN", \.tcpSyn), ("TCP SYN/ACK", \.tcpSynAck),
            ("TCP RST", \.tcpRst), ("TCP FIN", \.tcpFin),
            ("mDNS queries", \.mdnsQueries), ("mDNS responses", \.mdnsResponses), ("mDNS malformed", \.mdnsMalformed),
            ("SSDP M-SEARCH", \.ssdpSearches), ("SSDP NOTIFY", \.ssdpNotifies), ("SSDP responses", \.ssdpResponses),
            ("SSDP malformed", \.ssdpMalformed),
            ("DNS queries", \.dnsQueries), ("DNS answers", \.dnsResponses), ("DNS malformed", \.dnsMalformed),
            ("other UDP", \.udpOther), ("IPv4 fragments", \.ipv4Fragments), ("other IPv4", \.ipv4Other),
            ("IPv6", \.ipv6), ("other Ethernet", \.otherEthernet), ("802.11 without IP", \.wlanNoPayload),
            ("malformed", \.malformed),
        ]
        for (name, path) in rows {
            lines.append(
                Self.pad(name, 24) + Self.lpad("\(a.totals[keyPath: path])", 10)
                    + Self.lpad("\(a.fromScanner[keyPath: path])", 11) + Self.lpad("\(a.fromOthers[keyPath: path])", 11)
            )
        }
        if !a.rttByTarget.isEmpty {
            lines.append("")
            lines.append("Wire RTT (ms)            probe        n       min    median      mean       max")
            for target in a.rttByTarget {
                for (kind, summary) in [("icmp echo", target.icmpEcho), ("tcp syn", target.tcpSyn)] {
                    guard let s = summary else { continue }
                    lines.append(
                        Self.pad(target.target.description, 25) + Self.pad(kind, 10)
                            + Self.lpad("\(s.count)", 5) + Self.lpad(Self.ms(s.min), 10)
                            + Self.lpad(Self.ms(s.median), 10)
                            + Self.lpad(Self.ms(s.mean), 10) + Self.lpad(Self.ms(s.max), 10)
                    )
                }
            }
        }
        if let wlan = a.wlan {
            lines.append("")
            lines.append(wlan.textReport())
        }
        return lines.joined(separator: "\n")
    }

    static func table(_ rows: [(String, Int)]) -> [String] {
        rows.map { "  " + pad($0.0, 30) + lpad("\($0.1)", 10) }
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }

    static func lpad(_ text: String, _ width: Int) -> String {
        text.count >= width ? " " + text : String(repeating: " ", count: width - text.count) + text
    }

    /// `ns` in milliseconds with three decimals, as `String(format: "%.3f", Double(ns) / 1e6)`
    /// writes it. The per-target table writes four a row (half a million on a sweep of 65,000
    /// hosts), so the common case is done in integers: a value that is not negative, below
    /// 10¹⁵ ns, and not exactly halfway between two microseconds rounds the same way both ways
    /// (its double lies within 0.12 ns of it, and the nearest halfway point is 1 ns away). The
    /// rest (negative: "-0.000"; halfway: the double's own rounding) go to `String(format:)`.
    static func ms(_ ns: Int64) -> String {
        guard ns >= 0, ns < 1_000_000_000_000_000, ns % 1_000 != 500 else {
            return String(format: "%.3f", Double(ns) / 1e6)
        }
        let microseconds = (ns + 500) / 1_000
        let fraction = microseconds % 1_000
        return "\(microseconds / 1_000)." + (fraction < 10 ? "00" : fraction < 100 ? "0" : "") + "\(fraction)"
    }
    static func seconds(_ ns: Int64) -> String { String(format: "%.3f", Double(ns) / 1e9) }
}
