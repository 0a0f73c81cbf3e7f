import ArgumentParser
import NetTools

/// `scanbench bonjour`.
struct BonjourCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bonjour",
        abstract: "Browse mDNS / DNS-SD services: types, instances, hosts, ports, TXT records.",
        discussion: """
            Sends multicast queries (224.0.0.251:5353) for the service-type enumeration and \
            common types at 0, 1, 3 and 6 s, listens for --window seconds (slow devices answer \
            after several seconds), and resolves every instance heard: SRV host and port, A \
            addresses, TXT key=value pairs. Instances are de-duplicated by name, type and domain.

            Examples:
              scanbench bonjour
              scanbench bonjour --type _airplay._tcp --window 4 --json
            """
    )

    @Option(name: .long, help: "Only this service type (repeatable), e.g. _ipp._tcp.")
    var type: [String] = []

    @Option(help: "Seconds to listen.")
    var window = 9.0

    @Flag(help: "Print the result as JSON.")
    var json = false

    func run() throws {
        ToolRunner.run {
            for name in type where !(name.hasPrefix("_") && (name.hasSuffix("._tcp") || name.hasSuffix("._udp"))) {
                throw NetToolError.invalidArgument("'\(name)' is not a service type (expected e.g. _http._tcp)")
            }
            let services = try BonjourToolBrowser(window: window, types: type).browse()
            if json { Terminal.printJSON(services); return }
            for (serviceType, group) in Dictionary(grouping: services, by: \.type).sorted(by: { $0.key < $1.key }) {
                print(serviceType)
                for service in group.sorted(by: { $0.instance < $1.instance }) {
                    let endpoint = "\(service.host ?? "?"):\(service.port.map(String.init) ?? "?")"
                    print("  \(service.instance)  \(endpoint)  \(service.addresses.joined(separator: ","))")
                    if !service.txt.isEmpty {
                        print(
                            "    "
                                + service.txt.keys.sorted().map { "\($0)=\(service.txt[$0]!)" }.joined(separator: " ")
                        )
                    }
                }
            }
            print("\(services.count) service(s) in \(Set(services.map(\.type)).count) type(s)")
        }
    }
}
