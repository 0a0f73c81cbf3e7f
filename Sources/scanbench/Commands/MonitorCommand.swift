import ArgumentParser
import Foundation
import NetTools
import Wire

/// `scanbench monitor`.
struct MonitorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "monitor",
        abstract: "Ping hosts on an interval and report only when one goes down or comes back.",
        discussion: """
            As NetDiag+'s host monitor: every --interval seconds each host gets --attempts pings \
            (ICMP, or TCP 443/80/22 when ICMP is unavailable or with --tcp); the first round \
            prints each host's initial state, later rounds print a line only for a transition \
            (up → down or down → up). Runs until interrupted, or for --rounds rounds.

            Examples:
              scanbench monitor 198.18.0.1 198.18.0.20 --interval 10
              scanbench monitor --rounds 3 --interval 1 --json fritz-box.home.arpa
            """
    )

    @Argument(help: "Host names or IPv4 addresses.")
    var hosts: [String]

    @Option(help: "Seconds between rounds.")
    var interval = 5.0

    @Option(help: "Pings per host per round; any reply means up.")
    var attempts = 1

    @Option(help: "Seconds to wait for each ping.")
    var timeout = 1.0

    @Option(help: "Stop after this many rounds (default: run until interrupted).")
    var rounds: Int?

    @Flag(help: "Ping with TCP connects instead of ICMP.")
    var tcp = false

    @Flag(help: "Print one JSON object per transition (JSON lines).")
    var json = false

    func run() throws {
        ToolRunner.run {
            guard !hosts.isEmpty else { throw NetToolError.invalidArgument("give at least one host") }
            if let rounds, rounds < 1 { throw NetToolError.invalidArgument("--rounds must be at least 1") }
            let targets = try hosts.map { host throws(NetToolError) in (name: host, ip: try HostResolver.resolve(host))
            }
            let monitor = HostMonitor(
                interval: interval,
                attempts: attempts,
                timeout: timeout,
                mode: tcp ? .tcp : .auto
            )
            let encoder = JSONEncoder()
            encoder.dateEncodingStrategy = .iso8601
            encoder.outputFormatting = [.sortedKeys]
            try monitor.run(targets, rounds: rounds) { transition in
                if json {
                    print(String(decoding: (try? encoder.encode(transition)) ?? Data(), as: UTF8.self))
                } else {
                    let rtt = transition.rttMs.map { " (\(ToolRunner.ms($0)) ms)" } ?? ""
                    let change = transition.from.map { "\($0) → \(transition.to)" } ?? "initially \(transition.to)"
                    print(
                        "\(ISO8601DateFormatter().string(from: transition.time))  \(transition.host): \(change)\(rtt)"
                    )
                }
                Terminal.flush()
            }
        }
    }
}
