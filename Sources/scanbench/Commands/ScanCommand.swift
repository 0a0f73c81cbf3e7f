import ArgumentParser
import Foundation
import ScanKit
import Wire

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
            """
    )

    @Option(help: "A built-in strategy name (see fixtures/strategies) or a path to a strategy YAML file.")
    var strategy = "netmonitor-2.0"

    @Option(help: "Scan on this interface. Required outside a testbed namespace.")
    var interface: String?

    @Option(help: "Write the JSONL event log here (docs/EVENTS.md).")
    var events: String?

    @Flag(help: "Print the result as JSON (docs/SCANKIT.md) instead of a table.")
    var json = false

    func run() async throws {
        let loaded: Strategy
        do {
            loaded = try StrategyLoader.load(strategy)
        } catch {
            Terminal.fail("\(error)")
        }
        let scanInterface = try chooseInterface()
        var log: EventLog?
        if let events {
            do { log = try EventLog(path: events) } catch { Terminal.fail("\(error)") }
        }
        let runner = ScanRunner(strategy: loaded, interface: scanInterface, events: log)
        let report: ScanReport
        do {
            report = try await runner.run()
        } catch {
            log?.close()
            Terminal.fail("\(error)")
        }
        log?.close()
        if json {
            Terminal.printJSON(report)
        } else {
            print(ScanReportTable.render(report))
        }
    }

    /// `--interface`, or eth0 when it carries a 198.18.0.0/15 address (a testbed namespace).
    private func chooseInterface() throws -> String {
        if let interface { return interface }
        let benchmark = IPv4Network("198.18.0.0/15")!
        guard let address = InterfaceAddress.ipv4(of: "eth0"), benchmark.contains(address) else {
            Terminal.fail("""
                error: refusing to scan: this is not a testbed scanner namespace (no eth0 with an address in 198.18.0.0/15)
                  fix: run it inside a testbed (`scanbench testbed exec -- scanbench scan …`), or name the interface \
                to scan explicitly with --interface IF if you mean to scan that network
                """)
        }
        return "eth0"
    }
}
