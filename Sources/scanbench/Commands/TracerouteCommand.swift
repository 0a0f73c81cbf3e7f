import ArgumentParser
import NetTools

/// `scanbench traceroute`.
struct TracerouteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "traceroute",
        abstract: "Show the routers on the path to a host.",
        discussion: """
            Sends probes with TTL 1, 2, 3 … and records who answers. No raw sockets and no root: \
            each probe has its own socket with IP_RECVERR, and the ICMP time-exceeded or \
            unreachable message comes back on that socket's error queue.

            Methods:
              udp   (default) datagrams to ports 33434, 33435, …; the destination answers port-unreachable
              icmp  echo requests on an ICMP datagram socket; the destination answers echo-reply
              tcp   connects to --port; the destination answers SYN-ACK or RST

            '*' marks a probe that got no answer within --wait seconds.

            Examples:
              scanbench traceroute 198.19.200.12
              scanbench traceroute --method icmp -n -q 1 whois.registrar.example
            """
    )

    @Argument(help: "Host name or IPv4 address.")
    var host: String

    @Option(help: "Probe method: udp, icmp or tcp.")
    var method = "udp"

    @Option(name: [.customShort("m"), .long], help: "Largest TTL.")
    var maxHops = 30

    @Option(name: [.customShort("q"), .long], help: "Probes per hop.")
    var queries = 3

    @Option(name: [.customShort("w"), .long], help: "Seconds to wait for each hop's answers.")
    var wait = 2.0

    @Option(name: [.customShort("p"), .long], help: "Destination port for --method tcp.")
    var port: UInt16 = 80

    @Flag(name: .customShort("n"), help: "Do not look up hop names.")
    var numeric = false

    @Flag(help: "Print the result as JSON.")
    var json = false

    func run() throws {
        ToolRunner.run {
            guard let method = Tracer.Method(rawValue: method.lowercased()) else {
                throw NetToolError.invalidArgument("unknown method '\(self.method)' (use udp, icmp or tcp)")
            }
            var tracer = Tracer(
                method: method,
                maxHops: maxHops,
                probesPerHop: queries,
                timeout: wait,
                resolveNames: !numeric
            )
            tracer.tcpPort = port
            try tracer.validate()
            let ip = try HostResolver.resolve(host)
            if !json {
                print("traceroute to \(host) (\(ip)), \(maxHops) hops max, \(method.rawValue) probes"); Terminal.flush()
            }
            let hops = try tracer.run(ip) { hop in
                guard !json else { return }
                var line = String(format: "%2d  ", hop.ttl)
                if let address = hop.address {
                    line += hop.name.map { "\($0) (\(address))" } ?? address
                }
                for probe in hop.probes {
                    if let rtt = probe.rttMs {
                        line += "  " + ToolRunner.ms(rtt) + " ms"
                        if let address = probe.address, address != hop.address { line += " (\(address))" }
                        if let answer = probe.answer, answer.hasPrefix("unreachable-") {
                            line += " !\(answer.dropFirst(12))"
                        }
                    } else {
                        line += " *"
                    }
                }
                print(line)
                Terminal.flush()
            }
            if json {
                Terminal.printJSON(TraceReport(host: host, ip: ip.description, method: method.rawValue, hops: hops))
            }
        }
    }
}
