import ArgumentParser
import Capture
import Foundation
import Wire

/// `scanbench analyze FILE`: wire figures for any pcap or pcapng capture.
struct AnalyzeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "analyze",
        abstract: "Print what a capture shows: TCP attempts and outcomes, concurrency, protocol counts, wire RTTs.",
        discussion: """
            Reads a pcap or pcapng file (Ethernet, Linux cooked or raw IP) and reports, for the \
            scanner's address: TCP connection attempts and their outcomes, SYN retransmissions, \
            handshakes and how connections ended; attempts in flight over time and its peak; \
            ARP/ICMP/mDNS/SSDP/DNS counts; and wire RTTs per target. Definitions: docs/CAPTURE.md.

            Without --scanner, the address that sent the most SYNs, ARP requests and echo \
            requests is taken as the scanner, and the output says so.
            """
    )

    @Argument(help: "The capture file (pcap or pcapng).")
    var file: String

    @Option(help: "The scanner's IPv4 address (default: inferred).")
    var scanner: String?

    @Option(help: "Seconds after its last SYN an unanswered attempt is abandoned.")
    var abandonAfter: Double = 3

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
    }

    func run() throws {
        let options = AnalysisOptions(scanner: scanner.flatMap(IPv4Address.init),
                                      abandonAfter: Int64(abandonAfter * 1e9),
                                      keepsAttempts: !(json && summaryOnly))
        let analysis = try WireAnalyzer.analyze(file: file, options: options)
        if json {
            var output = analysis
            if summaryOnly {
                output.attemptsInFlight.steps = []
                output.awaitingAnswer.steps = []
                output.connectionsInFlight.steps = []
                output.rttSamples = []
            }
            // The keys are the types' own snake_case CodingKeys; no key strategy, which would also
            // rewrite dictionary keys that are data.
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            let data = try encoder.encode(output)
            print(String(decoding: data, as: UTF8.self))
        } else {
            print(analysis.textReport(file: file))
        }
    }
}
