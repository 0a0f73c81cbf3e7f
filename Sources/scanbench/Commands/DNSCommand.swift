import ArgumentParser
import NetTools
import Wire

/// `scanbench dns`.
struct DNSCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dns",
        abstract: "Look up DNS records (A, AAAA, MX, TXT, CNAME, NS, SOA, PTR).",
        discussion: """
            Sends a real query over UDP to the first name server in /etc/resolv.conf, or to the \
            server you name with --server (it is really used, not just shown), and prints the \
            answer and authority sections as dig does, with the query time.

            A PTR lookup of an IPv4 address asks for its in-addr.arpa name.

            Examples:
              scanbench dns fritz-box.home.arpa
              scanbench dns -t PTR 198.18.0.10
              scanbench dns --server 198.18.0.1 -t SOA home.arpa --json
            """
    )

    @Argument(help: "The name to look up (or an IPv4 address with -t PTR).")
    var name: String

    @Option(name: [.customShort("t"), .long], help: "Record type: A, AAAA, MX, TXT, CNAME, NS, SOA or PTR.")
    var type = "A"

    @Option(help: "DNS server IPv4 address (default: the first nameserver in /etc/resolv.conf).")
    var server: String?

    @Option(help: "DNS server port.")
    var port: UInt16 = 53

    @Option(help: "Seconds to wait for each attempt (default: resolv.conf's, else 5).")
    var timeout: Double?

    @Flag(help: "Print the result as JSON.")
    var json = false

    func run() throws {
        ToolRunner.run {
            var recordType = try DNSLookup.recordType(type)
            if IPv4Address(name) != nil && recordType == .a && type.uppercased() == "A" { recordType = .ptr }
            let conf = ResolvConf.system()
            let serverIP: IPv4Address
            if let server {
                guard let ip = IPv4Address(server) else {
                    throw NetToolError.invalidArgument("--server must be an IPv4 address (got '\(server)')")
                }
                serverIP = ip
            } else {
                guard let first = conf.nameservers.first else {
                    throw NetToolError.invalidArgument(
                        "/etc/resolv.conf names no IPv4 nameserver; give one with --server"
                    )
                }
                serverIP = first
            }
            let wait = timeout ?? conf.timeout
            guard wait > 0 && wait <= 60 else {
                throw NetToolError.invalidArgument("--timeout must be above 0 and at most 60 s")
            }
            let result = try DNSLookup(server: serverIP, port: port, timeout: wait, attempts: conf.attempts).query(
                name,
                type: recordType
            )
            if json { Terminal.printJSON(result); return }
            print(
                ";; \(result.type) \(result.name) via \(result.server): status \(result.status), \(result.answers.count) answer(s)"
            )
            for answer in result.answers { print("\(answer.name)\t\(answer.ttl)\tIN\t\(answer.type)\t\(answer.data)") }
            if !result.authority.isEmpty {
                print(";; authority")
                for answer in result.authority {
                    print("\(answer.name)\t\(answer.ttl)\tIN\t\(answer.type)\t\(answer.data)")
                }
            }
            print(";; query time: \(String(format: "%.1f", result.queryTimeMs)) ms")
            if result.status == "NXDOMAIN" { Terminal.fail("\(name): no such name (NXDOMAIN)") }
        }
    }
}
