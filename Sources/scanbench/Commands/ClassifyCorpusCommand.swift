import ArgumentParser
import Corpus
import Foundation
import Results

/// `scanbench classify-corpus --labels FILE PCAP...`.
struct ClassifyCorpusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "classify-corpus",
        abstract: "Score both classifiers on real devices' own announcements read from a capture corpus.",
        discussion: """
            Reads the captures of a public corpus of real devices (one directory per device, as \
            the IoT Sentinel captures are laid out: DEVICE/Setup-A-1-STA.pcap) and, for each device \
            the labels file names, every frame its MAC sent: mDNS responses (services, TXT, host \
            names), SSDP NOTIFY and search responses (SERVER, NT/ST device type, LOCATION), the UPnP \
            description and HTTP Server headers and titles it served, DHCP host name and vendor \
            class, the TCP ports it answered SYN/ACK on. These become the classifiers' signals \
            (DeviceSignals) and both classifiers, ours and HomeNet's, judge them; the per-category \
            precision (correct / given) and coverage (given / devices) are printed against the \
            labels.

            DeviceSignals has no field for the DHCP vendor class, the SSDP SERVER or an HTTP \
            User-Agent: they are shown, never classified. The DHCP host name is a signal only with \
            --host-names mdns_then_dhcp (as a router whose DNS registers its DHCP clients would \
            answer a PTR query); the default, mdns, uses what the device's own mDNS named.

            The labels file: one device a line, '# ' comments, six columns separated by '|': \
            device | mac | model | category | homenet | source (category one of ours, homenet \
            one of HomeNet's eleven). A bad line is an error naming the file and line.

            Examples:
              scripts/corpus-fetch /tmp/corpus
              scanbench classify-corpus --labels reports/classify-corpus/iot-sentinel.labels \\
                  /tmp/corpus/captures_IoT_Sentinel/captures_IoT-Sentinel/*/*.pcap --markdown \\
                  --beside reports/reference/results.json
            """
    )

    @Option(help: "The labels file: device | mac | model | category | homenet | source, one device a line.")
    var labels: String

    @Option(help: "Host names the classifiers read: mdns (the device's own) or mdns_then_dhcp (else its DHCP name).")
    var hostNames: String = "mdns"

    @Option(
        help:
            "A results.json whose LANs' per-category figures (ours) to set beside the corpus's, e.g. reports/reference/results.json."
    )
    var beside: String?

    @Option(help: "The strategy whose scan runs in --beside are counted.")
    var besideStrategy = "scanbench-best"

    @Flag(help: "Print the tables as Markdown (for reports/classify-corpus/README.md).")
    var markdown = false

    @Flag(help: "Print everything (devices, announcements, verdicts, tallies) as JSON.")
    var json = false

    @Argument(help: "Capture files (pcap or pcapng), each in a directory named after its device.")
    var captures: [String]

    func run() throws {
        guard let source = DeviceAnnouncements.HostNameSource(rawValue: hostNames) else {
            throw ValidationError("--host-names must be mdns or mdns_then_dhcp, not '\(hostNames)'")
        }
        var result = try CorpusClassification(
            labels: CorpusLabel.load(path: labels),
            captures: captures,
            hostNames: source
        )
        if let beside {
            result.beside = try CategoryTally.tally(
                results: ResultsDocument.load(beside),
                strategy: besideStrategy,
                path: beside
            )
        }
        if json {
            Terminal.printJSON(result)
        } else if markdown {
            print(result.markdown(), terminator: "")
        } else {
            for (title, rows) in [("ours", result.ours), ("homenet", result.homeNet)] {
                print(title)
                for row in rows {
                    let precision = row.precision.map { String(format: "%.2f", $0) } ?? "-"
                    let coverage = row.coverage.map { String(format: "%.2f", $0) } ?? "-"
                    print(
                        "  \(row.category): devices \(row.devices) given \(row.given) correct \(row.correct) precision \(precision) coverage \(coverage)"
                    )
                }
            }
            for device in result.devices {
                print(
                    "\(device.label.device): ours \(device.ours.category?.rawValue ?? "unknown") (\(device.ours.rule)), homenet \(device.homeNet.category.rawValue) (\(device.homeNet.rule))"
                )
            }
        }
        if !result.labelledWithoutCaptures.isEmpty {
            FileHandle.standardError.write(
                Data(
                    "note: no capture given for \(result.labelledWithoutCaptures.count) labelled devices, left out: \(result.labelledWithoutCaptures.joined(separator: ", "))\n"
                        .utf8
                )
            )
        }
        if !result.unmatchedCaptures.isEmpty {
            FileHandle.standardError.write(
                Data("note: \(result.unmatchedCaptures.count) capture files matched no labelled device\n".utf8)
            )
        }
    }
}
