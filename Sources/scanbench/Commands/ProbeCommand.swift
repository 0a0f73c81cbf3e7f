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
            For each host, as HomeNet's deep probe: a quick TCP scan of the ports that identify \
            devices, HTTP/HTTPS Server header and <title>, SSH/FTP/SMTP/RTSP banners, UPnP \
            description XML (friendlyName, manufacturer, model), AirPlay /info and Chromecast \
            /setup/eureka_info; plus the PTR name, the MAC vendor (neighbour table) and whether it \
            is the default gateway. One shared Bonjour browse (--bonjour-window, 0 to skip) adds \
            the services each host announces.

            Classification, first decisive rule wins (HomeNet's priority, NetMonitor's rules): \
            gateway → TXT model ID (rpMd, model, am, md) → Bonjour service types → probe results \
            → host name patterns → port fingerprint → MAC vendor. Categories: router, phone, \
            tablet, computer, tv, speaker, gaming, iot, printer, camera, storage. Names are \
            normalised (.local/.home.arpa, '-7', '(2)', RAOP 'MAC@' prefixes stripped) and hosts \
            de-duplicated by IP.

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

    @Flag(help: "Print the result as JSON.")
    var json = false

    func run() throws {
        ToolRunner.run {
            guard !hosts.isEmpty else { throw NetToolError.invalidArgument("give at least one host") }
            guard timeout > 0 && timeout <= 30 else { throw NetToolError.invalidArgument("--timeout must be above 0 and at most 30 s") }
            guard bonjourWindow >= 0 && bonjourWindow <= 120 else { throw NetToolError.invalidArgument("--bonjour-window must be 0-120 s") }
            var seen = Set<IPv4Address>()
            let ips = try hosts.map { host throws(NetToolError) in try HostResolver.resolve(host) }.filter { seen.insert($0).inserted }
            let sweep = ProbeSweep(prober: DeviceProber(timeout: timeout), bonjourWindow: bonjourWindow)
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
