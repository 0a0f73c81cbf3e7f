import Foundation
import Wire

/// The round-trip check: does a scan of the twin see, per device, what the scan of the original
/// LAN saw? Both captures are read the same way (`TwinCaptureReader`) and compared device by
/// device: answered or not, by which protocols, the state of each TCP port probed in both, the
/// mDNS services and SSDP presence, and the median round trip within a tolerance.
///
/// With a repeat (a second scan of the original LAN, run right after the twin's so that original,
/// twin and repeat share the machine's conditions), each device's RTT tolerance is what the
/// testbed itself reproduced for it: the floor, or the original's own distance from its repeat
/// when that is wider. On a shared 2-core machine one scan's RTTs move 1–2 ms with load (the
/// original scanned twice matched itself on 158 of 250 devices at a fixed 1 ms, docs/REAL-DEVICES.md),
/// so a fixed tolerance below that spread judges the machine, not the twin. The original against
/// its repeat at the floor is kept as `ceiling`: how far any twin could agree at a fixed tolerance.
public struct TwinComparison: Sendable {
    /// One device's verdict: what matched, and every difference in words.
    public struct Row: Sendable {
        public var address: IPv4Address
        public var summary: String
        public var differences: [String]
        public var matches: Bool { differences.isEmpty }
    }

    public var rows: [Row]
    /// RTT medians may differ by this much (ms): the floor, widened per device by a repeat.
    public var toleranceMs: Double
    /// With a repeat: the original compared with its repeat at the floor (`toleranceMs`).
    public var ceiling: Summary?

    /// The totals of a comparison without its rows, for the ceiling line.
    public struct Summary: Sendable {
        public var matching: Int
        public var total: Int
    }

    public var differenceCount: Int { rows.filter { !$0.matches }.count }

    /// Compares the original capture's devices with the twin's; with `repeat` (the original scanned
    /// again), each device's RTT tolerance is `max(toleranceMs, |original − repeat|)`.
    public static func compare(
        original: CaptureObservations,
        twin: CaptureObservations,
        repeat again: CaptureObservations? = nil,
        toleranceMs: Double = 1
    ) -> TwinComparison {
        let queueing = (ARPQueueing(Array(original.hosts.values)), again.map { ARPQueueing(Array($0.hosts.values)) })
        var comparison = compare(original: original, twin: twin, toleranceMs: toleranceMs) { address in
            guard let again, let queueingAgain = queueing.1,
                let a = original.hosts[address].flatMap({ roundTrip($0, queueing: queueing.0) }),
                let b = again.hosts[address].flatMap({ roundTrip($0, queueing: queueingAgain) })
            else { return toleranceMs }
            return max(toleranceMs, abs(a - b))
        }
        if let again {
            let itself = compare(original: original, twin: again, toleranceMs: toleranceMs) { _ in toleranceMs }
            comparison.ceiling = Summary(matching: itself.rows.count - itself.differenceCount, total: itself.rows.count)
        }
        return comparison
    }

    static func compare(
        original: CaptureObservations,
        twin: CaptureObservations,
        toleranceMs: Double,
        tolerance: (IPv4Address) -> Double
    ) -> TwinComparison {
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
                rows.append(
                    Row(
                        address: address,
                        summary: "answered in \(which) (\(sources))",
                        differences: ["answered in \(which)"]
                    )
                )
                continue
            }
            var differences: [String] = []
            if a.answerSources != b.answerSources {
                differences.append(
                    "answered by \(a.answerSources.joined(separator: ", ")) vs \(b.answerSources.joined(separator: ", "))"
                )
            }
            for port in Set(a.ports.keys).union(b.ports.keys).sorted() {
                switch (a.ports[port], b.ports[port]) {
                case let (x?, y?) where x != y: differences.append("TCP \(port) \(x.rawValue) vs \(y.rawValue)")
                case (nil, let y?): differences.append("TCP \(port) probed only in the twin's scan (\(y.rawValue))")
                case (let x?, nil): differences.append("TCP \(port) probed only in the original scan (\(x.rawValue))")
                default: break
                }
            }
            let servicesA = Set(
                a.services.values.map { "\($0.instance) \($0.type):\($0.port.map(String.init) ?? "?")" }
            )
            let servicesB = Set(
                b.services.values.map { "\($0.instance) \($0.type):\($0.port.map(String.init) ?? "?")" }
            )
            if servicesA != servicesB {
                differences.append("mDNS services \(servicesA.sorted()) vs \(servicesB.sorted())")
            }
            let rttA = Self.roundTrip(a, queueing: queueingA)
            let rttB = Self.roundTrip(b, queueing: queueingB)
            let allowed = tolerance(address)
            if let rttA, let rttB, abs(rttA - rttB) > allowed {
                differences.append(
                    "RTT median \(Self.ms(rttA)) vs \(Self.ms(rttB)) ms (more than \(Self.ms(allowed)) ms apart)"
                )
            } else if (rttA == nil) != (rttB == nil) {
                differences.append("RTT measured in one scan only")
            }
            let open = a.ports.filter { $0.value == .open }.keys.sorted()
            let summary =
                "\(a.answerSources.joined(separator: ", "))"
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
            row.matches
                ? "match  \(row.address): \(row.summary)"
                : "DIFF   \(row.address): " + row.differences.joined(separator: "; ")
        }
        guard let ceiling else {
            lines.append(
                "\(rows.count - differenceCount) of \(rows.count) devices match (RTT within \(Self.ms(toleranceMs)) ms)"
            )
            return lines.joined(separator: "\n")
        }
        lines.append(
            "\(rows.count - differenceCount) of \(rows.count) devices match (RTT within \(Self.ms(toleranceMs)) ms or the original's own repeat spread, per device)"
        )
        lines.append(
            "ceiling: the original against its repeat, \(ceiling.matching) of \(ceiling.total) devices match (RTT within \(Self.ms(toleranceMs)) ms)"
        )
        return lines.joined(separator: "\n")
    }

    static func ms(_ value: Double) -> String { String(format: "%.2f", value) }
}
