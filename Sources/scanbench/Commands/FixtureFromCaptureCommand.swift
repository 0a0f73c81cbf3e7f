import ArgumentParser
import Fixture
import Foundation
import Inventory
import Twin
import Wire

/// `scanbench fixture from-capture FILE [--inventory lan.yaml] [--scanner IP] [--out twin.yaml] [--check TWIN.pcap [--repeat FILE_AGAIN.pcap]] [--survey]`.
struct FixtureFromCaptureCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "from-capture",
        abstract: "Derive a twin fixture from a capture of a scan: devices that behave as the capture shows.",
        discussion: """
            Reads a pcap or pcapng file of a scan (any link type 'scanbench analyze' reads) and \
            writes a fixture whose devices answer the scanner as the capture shows: addresses and \
            MACs; ARP answered, how fast and how often (arp.reply_delay_ms, reply_probability); ICMP \
            echo answered or not; every TCP port probed as open (SYN/ACK), closed (RST) or filtered \
            (no answer); link delay (half the median round trip less --testbed-rtt-ms: the fixture's \
            delay is one-way and applied both ways) and jitter; the mDNS services answered (type, instance, port, TXT, \
            delay) and SSDP answers (device type, USN uuid, server, location, delay); host names from \
            the PTR answers the scanner got.

            What the capture cannot show is left out and listed in the comment at the top of the \
            file, never invented: ports and services never asked for, HTTP and UPnP description \
            content, banners, the upstream (WHOIS), loss. Devices that never answered are left out \
            too. The subnet is the smallest prefix around the scanner holding its ARP sweep; the \
            gateway is the inventory's router, else the LAN's DNS server, else an SSDP Internet \
            gateway. With --inventory (the same YAML 'analyze --inventory' reads), device names, \
            categories and host names come from it; without, devices are named host-A-B-C-D, of \
            category computer (the gateway router). The file loads with 'fixture validate' and \
            runs with 'scanbench run --fixture twin.yaml'.

            Time: a device whose requests go unanswered for seconds at a time, in runs between \
            answered ones (at least 10 requests and two silent spans of 1 s or more), gets a \
            deep_sleep (sleep_s, awake_s) instead of a reply probability; with less, its notes say \
            'too little evidence for a sleep cycle: reply probability only'. Echo and SYN \
            answers held to a grid of 102.4 ms multiples (at least 8, 70 % on the grid) give \
            power_save (listen_interval).

            --survey says whether FILE is a survey: a capture thorough and long enough for its twin \
            to judge other strategies (every address asked ARP, every device asked in 90 % of \
            the seconds of at least 80 s, pinged, asked on the presets' TCP ports; the mDNS meta-query; SSDP \
            ssdp:all), what it did and what it could not see. Exit status 1 when it is not. The \
            twin's header carries the same list. Recipe: docs/REAL-DEVICES.md, "The survey".

            --check TWIN_SCAN.pcap compares a capture of a scan of the twin with FILE (the original) \
            device by device: answered or not and by which protocols, TCP port states, mDNS \
            services, RTT median within --tolerance-ms. Exit status 1 when any device differs. \
            With --repeat ORIGINAL_AGAIN.pcap (the original LAN scanned once more, right after the \
            twin), a device's RTT may differ by the original's own distance from its repeat when \
            that is more than --tolerance-ms, and the original against its repeat is printed as the \
            ceiling (docs/REAL-DEVICES.md: one scan's RTTs move 1-2 ms with the machine's load). \
            scripts/twin-roundtrip does the whole round trip on a testbed LAN.

            Examples:
              # a twin of your LAN from an iPhone capture, names from your inventory
              scanbench fixture from-capture iphone.pcapng --scanner 192.168.1.23 \\
                  --inventory lan.yaml --out twin.yaml
              scanbench fixture validate twin.yaml
              scanbench run --fixture twin.yaml --strategy netmonitor-2.0 --repeat 1 --out twin-run
              # does the twin's scan look like the original?
              scanbench fixture from-capture iphone.pcapng --scanner 192.168.1.23 \\
                  --check twin-run/pcaps/*.pcap
            """
    )

    @Argument(help: "The capture of a scan (pcap or pcapng).")
    var file: String

    @Option(help: "Your LAN's devices (YAML, as for 'analyze --inventory'): names, categories, host names.")
    var inventory: String?

    @Option(help: "The scanner's IPv4 address (default: inferred, as 'analyze' does).")
    var scanner: String?

    @Option(help: "Write the fixture here instead of standard output.")
    var out: String?

    @Option(help: "The fixture's name (1-24 of a-z, 0-9, '-'; checked as 'fixture validate' does).")
    var name = "twin"

    @Option(
        help: ArgumentHelp(
            "What the testbed itself adds to a round trip (ms); taken off each device's before it is halved into a link delay.",
            discussion:
                "The default is what the user-space switch added during a scan where it was measured (docs/REAL-DEVICES.md); 0 keeps the capture's round trips whole."
        )
    )
    var testbedRttMs = TwinOptions.defaultTestbedRoundTripMs

    @Flag(
        help:
            "Instead of deriving: say whether FILE is a survey a twin can judge strategies on, and what it could not see."
    )
    var survey = false

    @Option(help: "Instead of deriving: compare this capture of a scan of the twin with FILE, per device.")
    var check: String?

    @Option(
        name: .customLong("repeat"),
        help:
            "With --check: a capture of the original LAN scanned again, after the twin; widens each device's RTT tolerance to the original's own repeat spread."
    )
    var repeatCapture: String?

    @Option(help: "With --check: how far apart two RTT medians may be (ms); with --repeat, the floor.")
    var toleranceMs = 1.0

    func validate() throws {
        if let scanner, IPv4Address(scanner) == nil {
            throw ValidationError("--scanner '\(scanner)' is not an IPv4 address; write e.g. 192.168.1.23")
        }
        if repeatCapture != nil, check == nil {
            throw ValidationError("--repeat needs --check TWIN_SCAN.pcap: it widens the check's RTT tolerance")
        }
        if survey, check != nil {
            throw ValidationError("--survey and --check are two different reports; give one of them")
        }
        guard toleranceMs >= 0 else { throw ValidationError("--tolerance-ms must be 0 or more") }
        guard testbedRttMs >= 0, testbedRttMs.isFinite else {
            throw ValidationError("--testbed-rtt-ms must be 0 or more, e.g. 0.2")
        }
    }

    func run() throws {
        do {
            let scannerAddress = scanner.flatMap(IPv4Address.init)
            if survey {
                let observations = try TwinCaptureReader.read(path: file, scanner: scannerAddress)
                if let warning = observations.dropWarning {
                    FileHandle.standardError.write(Data("scanbench: warning: \(warning)\n".utf8))
                }
                let result = SurveyCheck.check(observations)
                print(result.text(file: file))
                if !result.isSurvey { throw ExitCode(1) }
                return
            }
            if let check {
                let original = try TwinCaptureReader.read(path: file, scanner: scannerAddress)
                let twin = try TwinCaptureReader.read(path: check, scanner: original.scanner)
                let again = try repeatCapture.map { try TwinCaptureReader.read(path: $0, scanner: original.scanner) }
                if let again, let repeatCapture, again.answeringHosts.isEmpty {
                    // A failed repeat scan (an empty capture) would make the ceiling 0 and every tolerance the floor.
                    Terminal.fail(
                        "--repeat \(repeatCapture): no device answered in this capture; was its scan run? (check that run's results.json)"
                    )
                }
                for warning in [original.dropWarning, twin.dropWarning, again?.dropWarning].compactMap({ $0 }) {
                    FileHandle.standardError.write(Data("scanbench: warning: \(warning)\n".utf8))
                }
                let comparison = TwinComparison.compare(
                    original: original,
                    twin: twin,
                    repeat: again,
                    toleranceMs: toleranceMs
                )
                print(comparison.text)
                if comparison.differenceCount > 0 { throw ExitCode(1) }
                return
            }
            let devices = try inventory.map(InventoryLoader.load)
            let observations = try TwinCaptureReader.read(path: file, scanner: scannerAddress)
            if let warning = observations.dropWarning {
                FileHandle.standardError.write(Data("scanbench: warning: \(warning)\n".utf8))
            }
            let twin = try TwinDerivation.derive(
                observations,
                options: TwinOptions(name: name, inventory: devices, testbedRoundTripMs: testbedRttMs)
            )
            let command =
                (["scanbench fixture from-capture", file] + (inventory.map { ["--inventory", $0] } ?? [])
                + (scanner.map { ["--scanner", $0] } ?? [])
                + (testbedRttMs == TwinOptions.defaultTestbedRoundTripMs
                    ? [] : ["--testbed-rtt-ms", "\(testbedRttMs)"]))
                .joined(separator: " ")
            let text = twin.yaml(command: command)
            // The file must load like any fixture (this also checks --name); anything else failing
            // here is a derivation bug.
            let fixture = try FixtureLoader.load(text: text, file: out ?? "<twin>")
            if let out {
                try Data(text.utf8).write(to: URL(fileURLWithPath: out))
                Terminal.progress(
                    "wrote \(out): \(fixture.devices.count) devices on \(fixture.network.subnet), scanner \(fixture.network.scanner.ip); \(twin.leftOut.count) left-out notes at its top"
                )
            } else {
                FileHandle.standardOutput.write(Data(text.utf8))
            }
        } catch let exit as ExitCode {
            throw exit
        } catch {
            Terminal.fail(Terminal.describe(error))
        }
    }
}
