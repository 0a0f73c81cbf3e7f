import ArgumentParser
import Foundation
import NetTools
import Wire

/// `scanbench probe`.
struct ProbeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "probe",
        abstract: "Deep-probe devices and classify them (router, phone, tv, speaker, …).",
        discussion: """
            For each host, as HomeNet's deep probe: a TCP connect scan of nmap's --top-ports most \
            frequently open ports (nmap-services), HTTP/HTTPS Server header and <title> on the \
            ports nmap names as web services, SSH/FTP/SMTP/RTSP banners, AirPlay /info and Google \
            Cast /setup/eureka_info; plus the PTR name, the MAC vendor (IEEE registry from the \
            ieee-data package, else nmap-mac-prefixes) and whether it is the default gateway. One \
            shared Bonjour browse (--bonjour-window, 0 to skip) adds the services each host \
            announces; one SSDP search adds the UPnP description each device's answer points to \
            (LOCATION; no path is guessed).

            Classification, first decisive rule wins: gateway → Apple model identifier in TXT \
            (model, rpMd, am) → DNS-SD service type → AirPlay/Cast/UPnP device type → single-line \
            vendor (IEEE) → vendor default host name → file/remote-login service → port \
            (IANA/nmap service) → vendor's main line. Every rule cites its public source \
            (docs/TOOLS.md). Categories: router, phone, tablet, computer, tv, speaker, gaming, \
            iot, printer, camera, storage. Names are normalised (.local/.home.arpa, '-7', '(2)', \
            RAOP 'MAC@' prefixes stripped) and hosts de-duplicated by IP.

            Examples:
              scanbench probe 198.18.0.60
              scanbench probe --bonjour-window 0 --json 198.18.0.1 198.18.0.44
            """
    )

    @Argument(help: "Host names or IPv4 addresses.")
    var hosts: [String]

    @Option(help: "Seconds of shared Bonjour browsing (0: none).")
    var bonjourWindow = 9.0

    @Option(help: "Seconds for each connect and request.")
    var timeout = 1.5

    @Option(help: "How many of nmap's most frequently open TCP ports to scan (100: nmap's -F).")
    var topPorts = DeviceProber.defaultTopPorts

    @Flag(help: "Print the result as JSON.")
    var json = false

    func run() throws {
        ToolRunner.run {
            guard !hosts.isEmpty else { throw NetToolError.invalidArgument("give at least one host") }
            guard timeout > 0 && timeout <= 30 else { throw NetToolError.invalidArgument("--timeout must be above 0 and at most 30 s") }
            guard bonjourWindow >= 0 && bonjourWindow <= 120 else { throw NetToolError.invalidArgument("--bonjour-window must be 0-120 s") }
            guard (1...65535).contains(topPorts) else { throw NetToolError.invalidArgument("--top-ports must be 1-65535") }
            var seen = Set<IPv4Address>()
            let ips = try hosts.map { host throws(NetToolError) in try HostResolver.resolve(host) }.filter { seen.insert($0).inserted }
            ProbeSweep.notices.forEach { FileHandle.standardError.write(Data("scanbench: \($0)\n".utf8)) }
            let sweep = ProbeSweep(prober: DeviceProber(timeout: timeout, topPorts: topPorts), bonjourWindow: bonjourWindow)
            let signals = NameNormaliser.deduplicateByIP(sweep.run(ips))
            let reports = signals.map(ProbeReport.init(signals:))
            if json { Terminal.printJSON(reports); return }
            for report in reports {
                print(ProbeReportText.verdict(report))
                ProbeReportText.signals(report.signals).forEach { print($0) }
            }
        }
    }
}
