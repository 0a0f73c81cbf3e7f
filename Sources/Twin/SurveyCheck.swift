import Fixture
import OrderStatistics
import Wire

/// Whether a capture is a *survey*: a scan thorough and long enough that a twin derived from it can
/// judge other strategies (docs/REAL-DEVICES.md, "The survey"). A scan made to find devices
/// quickly asks each address once or twice, on a few ports, for seconds; its twin holds only what
/// that scan touched, so another strategy's extra port, browse or patience finds nothing in it.
///
/// The recipe, each rule with why:
/// - **Long enough** (`minimumDurationS`): two cycles of the longest deep sleep to be seen — a
///   generated LAN's sleepers are asleep 5–30 s and awake 2–10 s (docs/FIXTURES.md, "Wi-Fi
///   behaviours"), so 2 × 40 s — since `SleepInference` needs two silent spans.
/// - **Every address of the subnet asked ARP**, so that "no device" is a finding and not a gap.
/// - **Every device asked again and again**: in at least `minimumCoverage` of the capture's whole
///   seconds, so a 2 s awake window is seen at one request a second.
/// - **Every device pinged** (ICMP echo) and **asked on every port in `ports`** (TCP SYN): the
///   ports the shipped presets' scans and tools probe.
/// - **mDNS**: the `_services._dns-sd._udp` meta-query, which every responder answers with all its
///   types (RFC 6763 §9), then a PTR query (a browse) for each type its answers named: the meta-query
///   answers carry the type only, so an unbrowsed type leaves the twin without its instances, SRV
///   port and TXT. **SSDP**: an M-SEARCH for `ssdp:all`.
///
/// What it could not see is listed whether or not it passes: ports never asked (an SRV record's
/// port among them, by host), types never browsed, addresses never asked, and addresses asked that never answered (a device asleep through
/// the whole capture looks the same as no device).
public struct SurveyCheck: Sendable {
    /// Two cycles of the longest generated deep sleep (30 s asleep + 10 s awake). Assumption:
    /// a real LAN's sleepers may sleep longer; survey for twice theirs.
    public static let minimumDurationS = 80.0
    /// The share of the capture's whole seconds in which each device must be asked: a request
    /// about every second, so the shortest generated awake window (2 s) is seen at least once
    /// and mostly twice; 90 % leaves room for the capture's first and last seconds and a slow
    /// round. Assumption.
    public static let minimumCoverage = 0.9
    /// The TCP ports the shipped presets' scans probe (`tcp.primary_ports`, `secondary_ports`
    /// and the ping tool's `tcp_ports` in fixtures/strategies).
    public static let ports = [22, 80, 443, 445, 548, 554, 1883, 5353, 7000, 8080, 8443, 9100, 62078]
    static let metaQuery = "_services._dns-sd._udp.local"

    public var isSurvey: Bool { failed.isEmpty }
    /// What the capture did, protocol by protocol.
    public var exercised: [String] = []
    /// The recipe's rules it broke.
    public var failed: [String] = []
    /// What it could not see, whether or not it passes.
    public var unseen: [String] = []

    /// Checks `observations` against the recipe on the subnet a twin of it would have: the
    /// smallest prefix around the scanner holding its ARP sweep and the devices that answered ARP.
    public static func check(_ observations: CaptureObservations) -> SurveyCheck {
        let onLink = Set(observations.answeringHosts.filter { $0.arpReplies > 0 }.map(\.address))
        let subnet = TwinDerivation.subnet(
            around: observations.scanner,
            holding: onLink,
            asked: observations.arpTargets
        )
        return check(observations, subnet: subnet)
    }

    /// Checks `observations` against the recipe, on `subnet` (the twin's, from the ARP sweep).
    public static func check(_ observations: CaptureObservations, subnet: IPv4Network) -> SurveyCheck {
        var check = SurveyCheck()
        let answering = observations.answeringHosts.filter {
            $0.address != observations.scanner && subnet.contains($0.address)
        }
        check.duration(observations)
        check.arpSweep(observations, subnet: subnet)
        check.repetition(answering, durationS: observations.durationS)
        check.icmp(answering)
        check.tcp(answering)
        check.srvPorts(answering)
        check.mdns(observations)
        check.ssdp(observations)
        let silent = observations.hosts.values.filter { host in
            !host.answered && host.address != observations.scanner && subnet.contains(host.address)
                && (host.arpRequests > 0 || !host.probes.isEmpty)
        }
        if !silent.isEmpty {
            check.unseen.append(
                "\(silent.count) addresses asked never answered: a device asleep for the whole \(TwinDerivation.rounded(observations.durationS)) s would look the same as none"
            )
        }
        return check
    }

    /// The report `fixture from-capture --survey` prints.
    public func text(file: String) -> String {
        var lines = [
            isSurvey
                ? "\(file): a valid survey (docs/REAL-DEVICES.md, \"The survey\")"
                : "\(file): NOT a survey: \(failed.count) of the recipe's rules broken (docs/REAL-DEVICES.md, \"The survey\")"
        ]
        lines += exercised.map { "  did: \($0)" }
        lines += failed.map { "  missing: \($0)" }
        lines += unseen.map { "  could not see: \($0)" }
        return lines.joined(separator: "\n")
    }

    /// The lines a twin's header carries.
    public var headerLines: [String] {
        [isSurvey ? "a valid survey" : "NOT a survey, so a strategy's result on this twin may not hold on the LAN:"]
            + failed.map { "missing: \($0)" } + unseen.map { "could not see: \($0)" }
    }

    private mutating func duration(_ observations: CaptureObservations) {
        let seconds = TwinDerivation.rounded(observations.durationS)
        exercised.append("\(seconds) s of capture, \(observations.packets) packets")
        if observations.durationS < Self.minimumDurationS {
            failed.append(
                "lasted \(seconds) s, under the recipe's \(Int(Self.minimumDurationS)) s (two cycles of a 30 s sleep and a 10 s wake)"
            )
            unseen.append("a sleep cycle longer than \(TwinDerivation.rounded(observations.durationS / 2)) s")
        }
    }

    private mutating func arpSweep(_ observations: CaptureObservations, subnet: IPv4Network) {
        let hostCount = max(0, Int(subnet.broadcast.value) - Int(subnet.address.value) - 1)
        let asked = observations.arpTargets.filter {
            subnet.contains($0) && $0 != subnet.address && $0 != subnet.broadcast && $0 != observations.scanner
        }
        exercised.append("ARP asked for \(asked.count) of \(subnet)'s \(hostCount) addresses")
        var never: [IPv4Address] = []
        if hostCount <= 65_536 {
            for value in (subnet.address.value + 1)..<subnet.broadcast.value {
                let address = IPv4Address(value)
                if address != observations.scanner && !asked.contains(address) { never.append(address) }
            }
        }
        if !never.isEmpty {
            failed.append("ARP never asked for \(never.count) addresses of \(subnet)")
            unseen.append("addresses never asked: \(Self.ranges(never))")
        }
    }

    private mutating func repetition(_ answering: [HostObservations], durationS: Double) {
        var sparse: [String] = []
        var coverages: [Double] = []
        let seconds = max(1, Int(durationS.rounded(.up)))
        for host in answering {
            // The capture's whole seconds in which it was asked: a burst of SYNs counts once.
            let asked = Set(host.probes.map { Int($0.atMs / 1000) }).filter { $0 < seconds }
            let coverage = Double(asked.count) / Double(seconds)
            coverages.append(coverage * 100)
            if coverage < Self.minimumCoverage || durationS < Self.minimumDurationS {
                sparse.append(
                    "\(host.address) (in \(Int((coverage * 100).rounded())) % of the \(seconds) s)"
                )
            }
        }
        exercised.append(
            "each device asked \(Self.summary(answering.map { Double($0.probes.count) })) times (ARP, echo, SYN), in \(Self.summary(coverages)) % of the capture's seconds"
        )
        if !sparse.isEmpty {
            failed.append(
                "\(sparse.count) of \(answering.count) devices not asked in \(Int(Self.minimumCoverage * 100)) % of the seconds of \(Int(Self.minimumDurationS)) s or more: \(Self.list(sparse))"
            )
            unseen.append("sleep and wake cycles of \(Self.list(sparse.map { String($0.split(separator: " ")[0]) }))")
        }
    }

    private mutating func icmp(_ answering: [HostObservations]) {
        let pinged = answering.filter { $0.echoRequests > 0 }
        exercised.append("ICMP echo sent to \(pinged.count) of \(answering.count) devices")
        let never = answering.filter { $0.echoRequests == 0 }.map(\.address)
        if !never.isEmpty {
            failed.append("\(never.count) devices never pinged")
            unseen.append("whether these answer echo: \(Self.list(never.map(\.description)))")
        }
    }

    private mutating func tcp(_ answering: [HostObservations]) {
        let asked = Set(answering.flatMap { $0.ports.keys })
        exercised.append(
            "TCP SYNs to \(asked.count) ports\(asked.isEmpty ? "" : ": \(Self.list(asked.sorted().map(String.init), limit: 20))")"
        )
        var short: [String] = []
        for host in answering {
            let missing = Self.ports.filter { host.ports[$0] == nil }
            if !missing.isEmpty { short.append("\(host.address) (\(missing.count))") }
        }
        if !short.isEmpty {
            failed.append(
                "\(short.count) of \(answering.count) devices not asked on every recipe port (\(Self.ports.map(String.init).joined(separator: ", "))): \(Self.list(short))"
            )
        }
        unseen.append(
            "TCP ports never asked on any device: every port but \(asked.isEmpty ? "none" : Self.list(asked.sorted().map(String.init), limit: 20)); a twin leaves them at its default"
        )
    }

    /// The TCP ports that the SRV records of a host's instances name and that no SYN asked it: a
    /// strategy that resolves a service by connecting to its port finds that port at the twin's
    /// default (closed), whatever the real host does.
    private mutating func srvPorts(_ answering: [HostObservations]) {
        let never = answering.flatMap { host in
            host.services.values.filter { $0.type.lowercased().hasSuffix("._tcp") }
                .compactMap { service in
                    // Port 0: DNS-SD's "no service here" (Apple's TXT-only `_device-info._tcp`).
                    service.port.flatMap { $0 > 0 ? (host.address, $0, service.type) : nil }
                }
                .filter { host.ports[$0.1] == nil }
        }
        let named = Set(never.map { "\($0.0):\($0.1) (\($0.2))" }).sorted()
        if !named.isEmpty {
            unseen.append(
                "SRV ports never asked (no SYN to the port an instance's SRV record names): \(Self.list(named, limit: 8)); a twin leaves them at its default, closed"
            )
        }
    }

    private mutating func mdns(_ observations: CaptureObservations) {
        let types = observations.mdnsQuestions.filter { $0.hasPrefix("_") && $0 != Self.metaQuery }.sorted()
        let meta = observations.mdnsQuestions.contains(Self.metaQuery)
        let browsed = Set(
            types.filter { $0.split(separator: ".").count == 3 }.map { String($0.dropLast(".local".count)) }
        )
        let announced = observations.announcedTypes
        let unbrowsed = announced.keys.filter { !browsed.contains($0) }.sorted()
        exercised.append(
            "mDNS: \(meta ? "the _services._dns-sd._udp meta-query (\(announced.count) types in its answers) and " : "")\(browsed.count) types browsed\(browsed.isEmpty ? "" : ": \(Self.list(browsed.sorted(), limit: 8))"), \(types.count - browsed.count) other names asked"
        )
        if !meta {
            failed.append("no mDNS _services._dns-sd._udp meta-query")
            unseen.append(
                "mDNS service types never browsed: every type but the \(browsed.count) asked for"
            )
        }
        if !unbrowsed.isEmpty {
            // A host that announced an instance unasked (at link-up, say) still gave it; the rest
            // answered with the type's name only.
            let withInstances = unbrowsed.filter { type in
                announced[type, default: []].allSatisfy { address in
                    observations.hosts[address]?.services.values.contains { $0.type.lowercased() == type } == true
                }
            }
            failed.append(
                "\(unbrowsed.count) of the \(announced.count) service types the meta-query's answers named never browsed (no PTR query for <type>.local): \(Self.list(unbrowsed, limit: 8))"
            )
            let described = unbrowsed.map { type in
                let hosts = announced[type, default: []].sorted().map(\.description)
                return "\(type) (\(Self.list(hosts, limit: 3)))"
            }
            unseen.append(
                "the instances, ports (SRV) and TXT of mDNS types announced and never browsed: \(Self.list(described, limit: 8)); a twin holds no service of these types\(withInstances.isEmpty ? "" : " but those announced unasked (\(Self.list(withInstances, limit: 8)))")"
            )
        }
    }

    private mutating func ssdp(_ observations: CaptureObservations) {
        exercised.append(
            "SSDP: \(observations.mSearches) M-SEARCH\(observations.mSearchTargets.isEmpty ? "" : " (ST \(observations.mSearchTargets.sorted().joined(separator: ", ")))")"
        )
        if !observations.mSearchTargets.contains("ssdp:all") {
            failed.append("no SSDP M-SEARCH for ssdp:all")
            unseen.append("UPnP devices that answer only ssdp:all or a type never searched for")
        }
    }

    /// `a.b.c.1–a.b.c.9, a.b.c.20` for sorted addresses, at most 8 ranges.
    static func ranges(_ addresses: [IPv4Address]) -> String {
        var parts: [String] = []
        var index = 0
        while index < addresses.count {
            var end = index
            while end + 1 < addresses.count, addresses[end + 1].value == addresses[end].value + 1 { end += 1 }
            parts.append(end == index ? "\(addresses[index])" : "\(addresses[index])–\(addresses[end])")
            index = end + 1
        }
        return list(parts, limit: 8)
    }

    static func list(_ items: [String], limit: Int = 6) -> String {
        items.count <= limit
            ? items.joined(separator: ", ")
            : items.prefix(limit).joined(separator: ", ") + " and \(items.count - limit) more"
    }

    /// `median (min–max)` of `values`, `none` when empty.
    static func summary(_ values: [Double]) -> String {
        guard let median = Percentile.of(values, 50) else { return "none" }
        return
            "\(TwinDerivation.rounded(median)) (\(TwinDerivation.rounded(values.min()!))–\(TwinDerivation.rounded(values.max()!)))"
    }
}
