import ArgumentParser
import Foundation
import NetTools

/// `scanbench whois`.
struct WhoisCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "whois",
        abstract: "Ask WHOIS about a domain, an IPv4 address or an AS number, following referrals.",
        discussion: """
            The first server is chosen by the query's last label (com/net → Verisign, org → PIR, \
            …, anything else, IPs and AS numbers → IANA); --map FILE overrides entries, one \
            '<tld|ip|as|*> <server>' per line. Each answer is searched for 'refer:', 'whois:', \
            'Registrar WHOIS Server:' or 'ReferralServer:' and the named server is asked next \
            (IANA → registry → registrar), at most --max-hops servers, never one twice.

            Prints the parsed fields of the last answer (registrar, dates, name servers, status; \
            for IPs and ASNs the network fields) and, with --raw, every answer's text.

            Examples:
              scanbench whois --server whois.iana.example netmonitor.example
              scanbench whois --map servers.txt AS64500 --json
            """
    )

    @Argument(help: "Domain, IPv4 address or prefix, or AS number (AS64500).")
    var query: String

    @Option(name: [.customShort("h"), .long], help: "Ask this server first (instead of the map's choice).")
    var server: String?

    @Option(help: "Server map file: lines of '<tld|ip|as|*> <server>'.")
    var map: String?

    @Option(help: "Seconds for each server.")
    var timeout = 10.0

    @Option(help: "Most servers to ask.")
    var maxHops = 5

    @Flag(help: "Do not follow referrals.")
    var noFollow = false

    @Flag(help: "Print every server's raw answer.")
    var raw = false

    @Flag(help: "Print the result as JSON.")
    var json = false

    func run() throws {
        ToolRunner.run {
            var serverMap = WhoisServerMap.builtIn
            if let map {
                guard let text = try? String(contentsOfFile: map, encoding: .utf8) else {
                    throw NetToolError.invalidArgument("cannot read the WHOIS map file '\(map)'")
                }
                serverMap = try WhoisServerMap.parse(text, source: map)
            }
            guard timeout > 0 && timeout <= 120 else {
                throw NetToolError.invalidArgument("--timeout must be above 0 and at most 120 s")
            }
            guard (1...10).contains(maxHops) else { throw NetToolError.invalidArgument("--max-hops must be 1-10") }
            let client = WhoisClient(map: serverMap, timeout: timeout, follow: !noFollow, maxHops: maxHops)
            let result = try client.lookup(query, server: server)
            if json { Terminal.printJSON(result); return }
            print("query: \(result.query) (\(result.kind.rawValue))")
            print("chain: " + result.chain.map(\.server).joined(separator: " → "))
            let record = result.record
            for (label, value) in [
                ("registrar", record.registrar), ("created", record.created), ("updated", record.updated),
                ("expires", record.expires),
            ] {
                if let value { print("\(label): \(value)") }
            }
            if !record.nameServers.isEmpty { print("name servers: " + record.nameServers.joined(separator: ", ")) }
            if !record.status.isEmpty { print("status: " + record.status.joined(separator: ", ")) }
            for key in record.network.keys.sorted() { print("\(key): \(record.network[key]!)") }
            if raw {
                for step in result.chain { print("\n== \(step.server)\n" + step.text) }
            }
        }
    }
}
