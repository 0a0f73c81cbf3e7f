import ArgumentParser
import CaptureFiles
import CaptureAnalysis
import Foundation
import Inventory
import Report
import Results
import Wire

/// `scanbench analyze FILE`: wire figures for any pcap or pcapng capture.
struct AnalyzeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "analyze",
        abstract: "Print what a capture shows: TCP attempts and outcomes, concurrency, protocol counts, wire RTTs.",
        discussion: """
            Reads a pcap or pcapng file (Ethernet, raw IP, BSD loopback, Linux cooked SLL/SLL2, \
            Apple PKTAP; a pcapng file may mix them, one link type per interface, as Apple's \
            tcpdump -P writes) and reports, for the scanner's address: TCP connection attempts and their outcomes, SYN retransmissions, \
            handshakes and how connections ended; attempts in flight over time and its peak; \
            ARP/ICMP/mDNS/SSDP/DNS counts; and wire RTTs per target. Definitions: docs/CAPTURE.md.

            Without --scanner, the address that sent the most SYNs, ARP requests and echo \
            requests is taken as the scanner, and the output says so.

            --process NAME keeps only the packets of one process (case-insensitive), from \
            captures that name a process per packet: Apple PKTAP and Apple pcapng from \
            `tcpdump -i rvi0 -P` on a Mac, and pymobiledevice3's pcapng. A packet is kept when \
            NAME owns its socket or is its effective process (a daemon such as mDNSResponder \
            sending on NAME's behalf); the summary counts those kept only as the effective \
            process ("matched_by_effective_only" in --json). Packets that name no \
            process (ARP, most multicast) are left out and counted, as are other processes' \
            packets by name. Capture commands per route: docs/REAL-DEVICES.md.

            802.11 captures (monitor mode: radiotap, PPI, Prism, AVS or plain 802.11) are \
            counted per transmitter (tshark's wlan.ta): frames by kind and subtype, bytes, \
            retries, airtime measured from each frame's PHY rate and length, and doze periods \
            from the Power Management bit; unprotected data frames go on into the IP analysis. \
            --station MAC prints one station's airtime, frames by kind, doze/awake periods and \
            the radio-on time they imply ("station" in --json). Recipe: docs/REAL-DEVICES.md.

            A file cut short or damaged is analysed up to the damage; the output says where.

            --inventory lan.yaml (your LAN's devices: name, ip and/or mac, category, optional \
            hostname; schema in docs/REAL-DEVICES.md, example in fixtures/inventories/example.yaml) \
            adds, from the wire alone, per device: whether the scanner contacted it, how it \
            answered (arp, icmp, tcp_syn_ack, tcp_rst, mdns, ssdp), its TCP attempts, outcomes, \
            open ports and connections; the devices that never answered; and the local hosts on \
            the wire the inventory lacks. A device whose MAC shows up at another address (DHCP) is \
            matched by its MAC. With --json the same goes under "wire_yield".

            Examples:
              scanbench analyze run.pcap
              scanbench analyze --scanner 192.168.1.23 iphone.pcapng
              scanbench analyze --process NetMonitor --json --summary-only rvi0.pcapng
              scanbench analyze --station 3c:22:fb:12:34:56 monitor.pcap
              scanbench analyze --inventory fixtures/inventories/example.yaml --scanner 192.168.1.23 iphone.pcapng
            """
    )

    @Argument(help: "The capture file (pcap or pcapng).")
    var file: String

    @Option(help: "The scanner's IPv4 address (default: inferred).")
    var scanner: String?

    @Option(help: "Seconds after its last SYN an unanswered attempt is abandoned.")
    var abandonAfter: Double = 3

    @Option(
        help:
            "Analyse only the packets this process owns or that are sent on its behalf (iPhone captures: PKTAP, Apple or pymobiledevice3 pcapng)."
    )
    var process: String?

    @Option(
        help: ArgumentHelp(
            "Which code reads the file: native (ours: pcap, and pcapng with mixed link types and process names) or libpcap (for comparison).",
            valueName: "native|libpcap"
        )
    )
    var reader: String = "native"

    @Option(
        help: ArgumentHelp(
            "Your LAN's devices (YAML): report which ones the scanner contacted and which answered it, on which protocol.",
            valueName: "lan.yaml"
        )
    )
    var inventory: String?

    @Option(
        help: ArgumentHelp(
            "802.11 captures: report this transmitter's airtime, frames by kind, doze/awake periods and radio-on time.",
            valueName: "MAC"
        )
    )
    var station: String?

    @Flag(
        help:
            "With --scanner: print the airtime and radio-on estimates under every preset 802.11 PHY and power-save timeout (docs/METRICS.md#airtime-estimate)."
    )
    var airtimeSweep = false

    @Flag(help: "Print JSON (snake_case keys) instead of tables.")
    var json = false

    @Flag(help: "With --json, leave out the per-attempt list and the in-flight steps.")
    var summaryOnly = false

    func validate() throws {
        if let scanner, IPv4Address(scanner) == nil {
            throw ValidationError("--scanner '\(scanner)' is not an IPv4 address; write e.g. 198.18.0.2")
        }
        guard abandonAfter > 0, abandonAfter < 3600 else {
            throw ValidationError("--abandon-after must be between 0 and 3600 seconds")
        }
        if !["native", "libpcap"].contains(reader) {
            throw ValidationError("--reader '\(reader)' is not a reader; write native or libpcap")
        }
        if let station, MACAddress(station) == nil {
            throw ValidationError("--station '\(station)' is not a MAC address; write e.g. 3c:22:fb:12:34:56")
        }
        if airtimeSweep, scanner == nil || json {
            throw ValidationError(
                "--airtime-sweep needs --scanner IP (the estimate prices the scanner's frames) and prints a table, not --json"
            )
        }
        if let process, process.isEmpty {
            throw ValidationError("--process needs a process name, e.g. --process NetMonitor")
        }
    }

    func run() throws {
        // Read the inventory first: a mistake in it should not cost a long capture's analysis.
        let devices = try inventory.map(InventoryLoader.load)
        // Only the full JSON and the inventory's per-device columns list attempts; the text and
        // --summary-only need the totals and peaks, which stream in bounded memory.
        let options = AnalysisOptions(
            scanner: scanner.flatMap(IPv4Address.init),
            abandonAfter: Int64(abandonAfter * 1e9),
            keepsAttempts: devices != nil || (json && !summaryOnly),
            tracksHosts: devices != nil
        )
        let analysis = try WireAnalyzer.analyze(
            captureFile: file,
            options: options,
            process: process,
            reading: reader == "libpcap" ? .libpcap : .native
        )
        let yield = devices.map { InventoryAttribution.yield(of: analysis, inventory: $0, file: inventory ?? "") }
        let stationTally = try station.flatMap(MACAddress.init).map { try Self.station($0, in: analysis, file: file) }
        if json {
            var output = analysis
            if summaryOnly {
                output.attempts = []
                output.attemptsInFlight.steps = []
                output.awaitingAnswer.steps = []
                output.connectionsInFlight.steps = []
                output.rttSamples = []
            }
            // The keys are the types' own snake_case CodingKeys; no key strategy, which would also
            // rewrite dictionary keys that are data.
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            let data = try encoder.encode(AnalysisOutput(analysis: output, wireYield: yield, station: stationTally))
            print(String(decoding: data, as: UTF8.self))
        } else {
            print(analysis.textReport(file: file))
            if let summary = analysis.captureFile { print(Self.describe(summary)) }
            if let yield { print("\n" + WireYieldReport.markdown(yield), terminator: "") }
            if let stationTally { print("\n" + stationTally.stationReport()) }
            if airtimeSweep, let sweep = analysis.airtimeSweepReport() { print("\n" + sweep) }
        }
    }

    /// The tally of `mac` in an 802.11 capture; an error naming the busiest stations otherwise.
    static func station(_ mac: MACAddress, in analysis: WireAnalysis, file: String) throws -> StationTally {
        guard let wlan = analysis.wlan else {
            throw ValidationError(
                "--station needs an 802.11 capture (monitor mode: radiotap, PPI, Prism, AVS); \(file) is \(analysis.linkType)"
            )
        }
        guard let tally = wlan.station(mac) else {
            let busiest = wlan.stations.prefix(5).map { "\($0.address) (\($0.frames) frames)" }.joined(separator: ", ")
            throw ValidationError(
                "no frame in \(file) was sent by \(mac); its busiest transmitters: \(busiest.isEmpty ? "none" : busiest)"
            )
        }
        return tally
    }

    /// The analysis's own keys, plus `wire_yield` when an inventory was given and `station`
    /// when one was asked for.
    struct AnalysisOutput: Encodable {
        var analysis: WireAnalysis
        var wireYield: WireYield?
        var station: StationTally?

        enum CodingKeys: String, CodingKey {
            case station
            case wireYield = "wire_yield"
        }

        func encode(to encoder: any Encoder) throws {
            try analysis.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(wireYield, forKey: .wireYield)
            try container.encodeIfPresent(station, forKey: .station)
        }
    }

    /// The lines that say what the file held besides packets: damage and the process filter.
    static func describe(_ summary: CaptureFileSummary) -> String {
        var lines = [
            "\(summary.format.rawValue) file, \(summary.packetsRead) packets read, link types: \(summary.linkTypes.joined(separator: ", "))"
        ]
        if let damage = summary.damage { lines.append("DAMAGED, analysed up to the damage: \(damage)") }
        if let filter = summary.processFilter {
            let others = filter.otherProcesses.sorted { $0.value > $1.value }.map { "\($0.key) \($0.value)" }
            let delegated =
                filter.matchedByEffectiveOnly == 0
                ? ""
                : " (\(filter.matchedByEffectiveOnly) only as the effective process: another process sent or received them on its behalf)"
            lines.append(
                "process \(filter.process): \(filter.matched) packets analysed\(delegated); left out: \(filter.withoutProcess) without process information"
                    + (others.isEmpty ? "" : ", other processes: " + others.joined(separator: ", "))
            )
            if filter.matched == 0 {
                lines.append(
                    "no packet of \(filter.process); the processes in this capture are listed above (names are cut at 16 bytes)"
                )
            }
        }
        return lines.joined(separator: "\n")
    }
}
