import ArgumentParser
import NetTools
import Wire

/// `scanbench ping`.
struct PingCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ping",
        abstract: "Send ICMP echo requests (or TCP connects) to a host and report round-trip times.",
        discussion: """
            Uses an unprivileged ICMP datagram socket (no root needed when your group is inside \
            net.ipv4.ping_group_range). The kernel rewrites the echo identifier, so replies are \
            matched on the sequence number and a per-run marker in the payload. Receive times are \
            the kernel's (SO_TIMESTAMPNS), so the RTT is the network's, not the scheduler's.

            When no ICMP socket can be opened, or with --tcp, each attempt connects to 443, 80 and \
            22 at once; the first handshake or refusal (RST) counts as the reply, its time as the RTT.

            Statistics: min/avg/max and the population standard deviation over the replies; loss = \
            (sent − received) / sent.

            Examples:
              scanbench ping 198.18.0.1
              scanbench ping -c 20 -i 0.2 --json annas-iphone.home.arpa
              scanbench ping --tcp -c 3 198.18.0.30
            """
    )

    @Argument(help: "Host name or IPv4 address.")
    var host: String

    @Option(name: .shortAndLong, help: "Number of attempts.")
    var count = 4

    @Option(name: .shortAndLong, help: "Seconds between attempts.")
    var interval = 1.0

    @Option(name: [.customShort("W"), .long], help: "Seconds to wait for each reply.")
    var timeout = 5.0

    @Flag(help: "Use TCP connects to --tcp-ports instead of ICMP.")
    var tcp = false

    @Flag(help: "Fail instead of falling back to TCP when ICMP is unavailable.")
    var icmpOnly = false

    @Option(help: "Comma-separated ports for TCP ping.")
    var tcpPorts = "443,80,22"

    @Flag(help: "Print the result as JSON.")
    var json = false

    func run() throws {
        ToolRunner.run {
            let ports = try PortSpec.parseList(tcpPorts)
            let pinger = Pinger(
                count: count,
                interval: interval,
                timeout: timeout,
                mode: tcp ? .tcp : icmpOnly ? .icmp : .auto,
                tcpPorts: ports
            )
            try pinger.validate()
            let ip = try HostResolver.resolve(host)
            if !json { print("PING \(host) (\(ip))"); Terminal.flush() }
            let (method, replies) = try pinger.run(ip) { reply in
                guard !json else { return }
                if let rtt = reply.rttMs {
                    print("reply from \(ip): seq=\(reply.sequence) \(reply.method) time=\(ToolRunner.ms(rtt)) ms")
                } else {
                    print("no reply from \(ip): seq=\(reply.sequence) (\(reply.error ?? "lost"))")
                }
                Terminal.flush()
            }
            let statistics = PingStatistics(replies)
            if json {
                Terminal.printJSON(
                    PingReport(host: host, ip: ip.description, method: method, replies: replies, statistics: statistics)
                )
                return
            }
            print("--- \(host) ping statistics (\(method)) ---")
            print(
                "\(statistics.transmitted) sent, \(statistics.received) received, \(String(format: "%.1f", statistics.lossPercent))% loss"
            )
            if statistics.received > 0 {
                print(
                    "rtt min/avg/max/stddev = \(ToolRunner.ms(statistics.minMs))/\(ToolRunner.ms(statistics.avgMs))/\(ToolRunner.ms(statistics.maxMs))/\(ToolRunner.ms(statistics.stddevMs)) ms"
                )
            }
        }
    }
}
