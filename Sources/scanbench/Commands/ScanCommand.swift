import Results
import AppContract
import ArgumentParser
import Foundation
import NetTools
import ScanKit
import Wire
import AppInputs

/// `scanbench scan`: one scan with a strategy, from the namespace it runs in.
struct ScanCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scan",
        abstract: "Run one discovery scan (the system under test) with a strategy.",
        discussion: """
            Scans the subnet of the scanning interface the way the strategy says (ARP, TCP probe, \
            ICMP, reverse DNS, and Bonjour/SSDP where built) and prints the devices and a summary.

            Run it inside a testbed:
              scanbench testbed exec -- scanbench scan --strategy scanbench-best
            Without --interface it refuses to run unless eth0 has an address in 198.18.0.0/15 \
            (a testbed scanner namespace), so it cannot scan a real network by accident.

            --probe then deep-probes every device found and classifies it, as `scanbench probe` \
            does (after the scan, so the scan's own measurements are untouched):
              scanbench testbed exec -- scanbench scan --strategy scanbench-best --probe --json
            """
    )

    @Option(help: "A built-in strategy name (see fixtures/strategies) or a path to a strategy YAML file.")
    var strategy = "netmonitor-2.0"

    @Option(
        help: ArgumentHelp(
            "The device the app runs on: a built-in platform profile (fixtures/platforms) or a path to one.",
            discussion:
                "linux (the default) adds nothing; iphone-a16 spends an iPhone's callback, connection and publish costs as real CPU in this process (docs/PLATFORMS.md)."
        )
    )
    var platform = PlatformProfileLoader.defaultName

    @Option(help: "Scan on this interface. Required outside a testbed namespace.")
    var interface: String?

    @Option(help: "Write the JSONL event log here (docs/EVENTS.md).")
    var events: String?

    @Flag(help: "Print the result as JSON (docs/SCANKIT.md) instead of a table.")
    var json = false

    @Option(
        help: "Seed for the scanner's own random choices (the enrichment race's random high port); random if not given."
    )
    var seed: UInt64?

    @Flag(help: "After the scan, deep-probe and classify each device found (as `scanbench probe`).")
    var probe = false

    @Option(
        help:
            "With --probe: seconds of the probe's own Bonjour browse, \(CategoryProbeSettings.Range.bonjourWindow) (TXT models, service types; 0: none)."
    )
    var probeBonjourWindow = 12.0

    @Option(
        help:
            "With --probe: how many of nmap's most frequently open TCP ports the probe scans, \(CategoryProbeSettings.Range.topPorts) (100: nmap's -F)."
    )
    var probeTopPorts = DeviceProber.defaultTopPorts

    func run() async throws {
        let (loaded, profile): (Strategy, PlatformProfile)
        do {
            loaded = try StrategyLoader.load(strategy)
            profile = try PlatformProfileLoader.load(platform)
        } catch {
            Terminal.fail(Terminal.describe(error))
        }
        let probeSettings = CategoryProbeSettings(
            topPorts: probeTopPorts,
            bonjourWindowS: probeBonjourWindow,
            ssdpWindowS: 0,
            timeoutS: CategoryProbeSettings.scanProbeDefault.timeoutS
        )
        if let problem = probeSettings.check(prefix: "--probe-") { Terminal.fail(problem) }
        let scanInterface: String
        do { scanInterface = try ScanInterface.choose(interface) } catch { Terminal.fail(Terminal.describe(error)) }
        do { try profile.install() } catch {
            Terminal.fail("error: cannot follow the network path for platform '\(profile.name)': \(error)")
        }
        var log: EventLog?
        if let events {
            do { log = try EventLog(path: events) } catch { Terminal.fail(Terminal.describe(error)) }
        }
        var runner = ScanRunner(strategy: loaded, interface: scanInterface, events: log)
        runner.seed = seed ?? UInt64.random(in: 0...UInt64.max)
        let report: ScanReport
        do {
            report = try await runner.run()
        } catch {
            log?.close()
            Terminal.fail(Terminal.describe(error))
        }
        log?.close()
        if probe {
            let ips = report.devices.compactMap { IPv4Address($0.ip) }
            ProbeSweep.notices.forEach { FileHandle.standardError.write(Data("scanbench: \($0)\n".utf8)) }
            let sweep = ProbeSweep(prober: DeviceProber(topPorts: probeTopPorts), bonjourWindow: probeBonjourWindow)
            let probed = ProbedScanReport(report: report, probed: await sweep.run(ips))
            if json {
                Terminal.printJSON(probed)
            } else {
                print(ScanReportTable.render(report))
                print("probe:")
                ProbeReportText.probed(probed).forEach { print($0) }
            }
        } else if json {
            Terminal.printJSON(report)
        } else {
            print(ScanReportTable.render(report))
        }
        if let log, log.lost > 0 {
            Terminal.fail(
                "error: the event log lost \(log.lost) events (\(log.lossError ?? "unknown")), so figures built from it are incomplete\n"
                    + "  fix: check the disk space of \(events ?? "the event log's directory")"
            )
        }
    }
}
