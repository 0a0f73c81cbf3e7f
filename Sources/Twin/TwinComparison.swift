import Foundation
import Wire

/// The round-trip check: does a scan of the twin see, per device, what the scan of the original
/// LAN saw? Both captures are read the same way (`TwinCaptureReader`) and compared device by
/// device: answered or not, by which protocols, the state of each TCP port probed in both, the
/// mDNS services and SSDP presence, and the median round trip within a tolerance.
public struct TwinComparison: Sendable {
    /// One device's verdict: what matched, and every difference in words.
    public struct Row: Sendable {
        public var address: IPv4Address
        public var summary: String
        public var differences: [String]
        public var matches: Bool { differences.isEmpty }
    }

    public var rows: [Row]
    /// RTT medians may differ by this much (ms).
    public var toleranceMs: Double

    public var differenceCount: Int { rows.filter { !$0.matches }.count }

    /// Compares the original capture's devices with the twin's.
    public static func compare(original: CaptureObservations, twin: CaptureObservations, toleranceMs: Double = 1) -> TwinComparison {
        let addresses = Set(original.answeringHosts.map(\.address)).union(twin.answeringHosts.map(\.address))
            .subtracting([original.scanner, twin.scanner]).sorted()
        let (queueingA, queueingB) = (ARPQueueing(Array(original.hosts.values)), ARPQueueing(Array(twin.hosts.values)))
        var rows: [Row] = []
        for address in addresses {
            let a = original.hosts[address].flatMap { $0.answered ? $0 : nil }
            let b = twin.hosts[address].flatMap { $0.answered ? $0 : nil }
            guard let a, let b else {
                let which = a == nil ? "only the twin's scan" : "only the original scan"
                let sources = (a ?? b)?.answerSources.joined(separator: ", ") ?? ""
                rows.append(Row(address: address, summary: "answered in \(which) (\(sources))", differences: ["answered in \(which)"]))
                continue
            }
            var differences: [String] = []
            if a.answerSources != b.answerSources {
                differences.append("answered by \(a.answerSources.joined(separator: ", ")) vs \(b.answerSources.joined(separator: ", "))")
            }
            for port in Set(a.ports.keys).union(b.ports.keys).sorted() {
                switch (a.ports[port], b.ports[port]) {
                case let (x?, y?) where x != y: differences.append("TCP \(port) \(x.rawValue) vs \(y.rawValue)")
                case (nil, let y?): differences.append("TCP \(port) probed only in the twin's scan (\(y.rawValue))")
                case (let x?, nil): differences.append("TCP \(port) probed only in the original scan (\(x.rawValue))")
                default: break
                }
            }
            let servicesA = Set(a.services.values.map { "\($0.instance) \($0.type):\($0.port.map(String.init) ?? "?")" })
            let servicesB = Set(b.services.values.map { "\($0.instance) \($0.type):\($0.port.map(String.init) ?? "?")" })
            if servicesA != servicesB {
                differences.append("mDNS services \(servicesA.sorted()) vs \(servicesB.sorted())")
            }
            let rttA = Self.roundTrip(a, queueing: queueingA)
            let rttB = Self.roundTrip(b, queueing: queueingB)
            if let rttA, let rttB, abs(rttA - rttB) > toleranceMs {
                differences.append("RTT median \(Self.ms(rttA)) vs \(Self.ms(rttB)) ms (more than \(Self.ms(toleranceMs)) ms apart)")
            } else if (rttA == nil) != (rttB == nil) {
                differences.append("RTT measured in one scan only")
            }
            let open = a.ports.filter { $0.value == .open }.keys.sorted()
            let summary = "\(a.answerSources.joined(separator: ", "))"
                + (a.ports.isEmpty ? "" : "; \(a.ports.count) ports probed, open \(open)")
                + (a.services.isEmpty ? "" : "; \(a.services.count) mDNS services")
                + "; RTT \(rttA.map(Self.ms) ?? "–") vs \(rttB.map(Self.ms) ?? "–") ms"
            rows.append(Row(address: address, summary: summary, differences: differences))
        }
        return TwinComparison(rows: rows, toleranceMs: toleranceMs)
    }

    /// The link's round trip as this capture saw it: the IP median, or for an ARP-only host its
    /// ARP median less what ARP cost beyond IP where the sweep asked it (`ARPQueueing`). Its raw
    /// ARP round trip is one draw of the sweep's queue at that moment, which each scan draws anew
    /// (0.6 ms in one capture and 2.9 ms in its twin for a 0.2 ms link), so both captures are
    /// cleaned the same way before they are compared.
    static func roundTrip(_ host: HostObservations, queueing: ARPQueueing) -> Double? {
        host.medianRTT ?? host.medianARPRTT.map { max(0, $0 - queueing.excess(at: host.arpAskedAtMs)) }
    }

    /// One line per device, `match` or `DIFF` first, then the totals.
    public var text: String {
        var lines = rows.map { row in
            row.matches ? "match  \(row.address): \(row.summary)"
                : "DIFF   \(row.address): " + row.differences.joined(separator: "; ")
        }
        lines.append("\(rows.count - differenceCount) of \(rows.count) devices match (RTT within \(Self.ms(toleranceMs)) ms)")
        return lines.joined(separator: "\n")
    }

    static func ms(_ value: Double) -> String { String(format: "%.2f", value) }
}
