import Platform
import ArgumentParser
import NetTools
import ScanKit
import AppInputs

/// `scanbench ports`.
struct PortsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ports",
        abstract: "Scan TCP ports with full connects: open, closed or filtered.",
        discussion: """
            Ports: a preset — common (19 ports), well-known (1-1024), extended (1-10000), web, \
            database, mail — or a list with ranges such as 22,80,8000-8100.

            Each port gets a non-blocking connect, at most --concurrency at a time, each bounded \
            by --timeout. A handshake is open; a refusal (RST) closed; silence or another error \
            filtered. --waiting sets what a refusal means, as NetMonitor's `.waiting` knob:
              inspect_error  (default, as nmap -sT) a refusal is closed at once
              timer          NetMonitor today: ignored until the timer fires, so filtered
              fail           NetMonitor 2026-02-13: give up at once, filtered

            --banners reads what each open port says first (or its HTTP/RTSP Server header).

            Examples:
              scanbench ports 198.18.0.63
              scanbench ports -p well-known --concurrency 100 --timeout 1 198.18.0.1
              scanbench ports -p 22,80,443 --banners --json family-nas.home.arpa
            """
    )

    @Argument(help: "Host name or IPv4 address.")
    var host: String

    @Option(name: [.customShort("p"), .long], help: "Preset name or port list (e.g. 22,80,8000-8100).")
    var ports = "common"

    @Option(help: "Connects in flight at once.")
    var concurrency = 20

    @Option(help: "Seconds to wait for each connect.")
    var timeout = 2.0

    @Option(help: "What a refused connect (`.waiting`) means: inspect_error, timer or fail.")
    var waiting = "inspect_error"

    @Flag(help: "Grab a banner from each open port.")
    var banners = false

    @Flag(help: "List closed and filtered ports too.")
    var all = false

    @Flag(help: "Print the result as JSON.")
    var json = false

    func run() throws {
        ToolRunner.run {
            let list = try PortSpec.parse(ports)
            guard let policy = Strategy.WaitingPolicy(rawValue: waiting) else {
                throw NetToolError.invalidArgument("--waiting must be inspect_error, timer or fail (got '\(waiting)')")
            }
            let scanner = ConnectPortScanner(
                concurrency: concurrency,
                timeout: timeout,
                waitingPolicy: policy,
                grabBanners: banners
            )
            try scanner.validate()
            let ip = try HostResolver.resolve(host)
            let start = MonotonicClock.signedNow()
            let results = try scanner.scan(ip, ports: list)
            let elapsed = Double(MonotonicClock.signedNow() - start) / 1e6
            var counts: [String: Int] = ["open": 0, "closed": 0, "filtered": 0]
            for result in results { counts[result.state.rawValue, default: 0] += 1 }
            if json {
                Terminal.printJSON(
                    PortsReport(
                        host: host,
                        ip: ip.description,
                        waitingPolicy: policy.rawValue,
                        elapsedMs: elapsed,
                        counts: counts,
                        ports: results
                    )
                )
                return
            }
            print("ports of \(host) (\(ip)): \(list.count) scanned in \(String(format: "%.2f", elapsed / 1000)) s")
            print("PORT      STATE     SERVICE          DETAIL")
            for result in results where all || result.state == .open {
                let port = "\(result.port)/tcp".padding(toLength: 9, withPad: " ", startingAt: 0)
                let state = result.state.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)
                let service = (result.service ?? "").padding(toLength: 16, withPad: " ", startingAt: 0)
                let detail = [result.rttMs.map { ToolRunner.ms($0) + " ms" }, result.banner].compactMap { $0 }.joined(
                    separator: "  "
                )
                print("\(port) \(state) \(service) \(detail)")
            }
            print("\(counts["open"]!) open, \(counts["closed"]!) closed, \(counts["filtered"]!) filtered")
        }
    }
}
