import Results
import AppContract
import ArgumentParser
import Foundation
import NetTools
import ScanKit
import Wire

/// `scanbench probe`.
struct ProbeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "probe",
        abstract: "Probe devices and classify them (router, phone, tv, speaker, …).",
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
            (model, rpMd, am) → DNS-SD service type → AirPlay/Cast/UPnP device type → the MAC's \
            IEEE vendor with its product's port, or when >= 80 % of its nmap-os-db fingerprints are \
            one kind → vendor default host name → file/remote-login service → port (IANA/nmap \
            service) → the vendor's >= 50 % plurality in nmap-os-db. Every rule cites its public source \
            (docs/TOOLS.md). Categories: router, phone, tablet, computer, tv, speaker, gaming, \
            iot, printer, camera, storage. Names are normalised (.local/.home.arpa, '-7', '(2)', \
            RAOP 'MAC@' prefixes stripped) and hosts de-duplicated by IP.

            --from-scan FILE probes the devices a `scanbench scan --json` report lists (FILE, or - \
            for standard input) and adds what the scan knew of each (host name, MAC, open ports), \
            printing what `scan --probe` prints. The harness runs it after the app for a strategy with \
            `classify: {deep_probe: harness}`; for `own` and `none` the app runs the same probe itself \
            after its session, on its connection budget (docs/HARNESS.md), and these options repeat \
            a strategy's `classify` settings by hand. --findings FILE adds what the scan's event log \
            recorded (`ScanFindings` JSON: the TCP ports it tried on each device, which are not probed \
            again, and the Bonjour services it resolved to it); --no-deep-probe sends nothing and \
            classifies from the scan's report and findings alone (NetMonitor has no deep probe).

            Examples:
              scanbench probe 198.18.0.60
              scanbench probe --bonjour-window 0 --json 198.18.0.1 198.18.0.44
              scanbench scan --json > scan.json && scanbench probe --from-scan scan.json --top-ports 20
            """
    )

    @Argument(help: "Host names or IPv4 addresses (none with --from-scan).")
    var hosts: [String] = []

    @Option(help: "Probe the devices of this `scanbench scan --json` report (- for standard input) instead of HOSTS.")
    var fromScan: String?

    @Option(
        help:
            "Seconds the SSDP search listens, \(CategoryProbeSettings.Range.ssdpWindow) (0: no search); devices are asked to answer within that - 1 s (MX, at least 1)."
    )
    var ssdpWindow = 4.0

    @Option(
        help:
            "With --from-scan: what the scan's event log recorded of each device (ScanFindings JSON): its tried TCP ports are not probed again, its resolved services are added."
    )
    var findings: String?

    @Flag(help: "With --from-scan: send nothing; classify from the scan's report (and --findings) alone.")
    var noDeepProbe = false

    @Flag(help: "Do not mark the default gateway as such (NetMonitor's scan never does).")
    var noGatewayFlag = false

    @Option(help: "TCP ports to try besides the --top-ports ones, comma-separated (e.g. 8080,8443).")
    var ports = ""

    @Option(help: "Hosts probed at once (default: all).")
    var hostConcurrency = Int.max

    @Flag(
        help:
            "Fetch only what can change a category: no HTTP Server/title or banners (no rule reads them), no AirPlay /info for a device its announcements classified."
    )
    var classifyOnly = false

    @Option(help: "Seconds of shared Bonjour browsing, \(CategoryProbeSettings.Range.bonjourWindow) (0: none).")
    var bonjourWindow = 9.0

    @Option(help: "Seconds for each connect and request, \(CategoryProbeSettings.Range.timeout).")
    var timeout = 1.5

    @Option(
        help:
            "How many of nmap's most frequently open TCP ports to scan, \(CategoryProbeSettings.Range.topPorts) (100: nmap's -F)."
    )
    var topPorts = DeviceProber.defaultTopPorts

    @Flag(help: "Print the result as JSON.")
    var json = false

    func run() throws {
        ToolRunner.run {
            guard !hosts.isEmpty || fromScan != nil else {
                throw NetToolError.invalidArgument("give at least one host (or --from-scan FILE)")
            }
            guard hosts.isEmpty || fromScan == nil else {
                throw NetToolError.invalidArgument("give hosts or --from-scan, not both")
            }
            let settings = CategoryProbeSettings(
                topPorts: topPorts,
                bonjourWindowS: bonjourWindow,
                ssdpWindowS: ssdpWindow,
                timeoutS: timeout
            )
            if let problem = settings.check(prefix: "--") { throw NetToolError.invalidArgument(problem) }
            guard hostConcurrency >= 1 else {
                throw NetToolError.invalidArgument("--host-concurrency must be at least 1")
            }
            guard fromScan != nil || (findings == nil && !noDeepProbe) else {
                throw NetToolError.invalidArgument("--findings and --no-deep-probe need --from-scan")
            }
            ProbeSweep.notices.forEach { FileHandle.standardError.write(Data("scanbench: \($0)\n".utf8)) }
            var prober = DeviceProber(timeout: timeout, topPorts: topPorts, classifyOnly: classifyOnly)
            prober.extraPorts = try Self.portList(ports)
            prober.marksGateway = !noGatewayFlag
            var sweep = ProbeSweep(
                prober: prober,
                bonjourWindow: bonjourWindow,
                ssdp: ssdpWindow > 0 ? SSDPSearch(listening: ssdpWindow) : nil
            )
            sweep.hostConcurrency = hostConcurrency
            if let fromScan {
                let report = try Self.scanReport(fromScan)
                if let findings { sweep.findings = try Self.scanFindings(findings) }
                let ips = report.devices.compactMap { IPv4Address($0.ip) }
                let signals =
                    noDeepProbe
                    ? ProbeSweep.unprobed(ips, findings: sweep.findings, marksGateway: !noGatewayFlag) : sweep.run(ips)
                let probed = ProbedScanReport(report: report, probed: signals)
                if json { Terminal.printJSON(probed) } else { ProbeReportText.probed(probed).forEach { print($0) } }
                return
            }
            var seen = Set<IPv4Address>()
            let ips = try hosts.map { host throws(NetToolError) in try HostResolver.resolve(host) }.filter {
                seen.insert($0).inserted
            }
            let signals = NameNormaliser.deduplicateByIP(sweep.run(ips))
            let reports = signals.map(ProbeReport.init(signals:))
            if json { Terminal.printJSON(reports); return }
            for report in reports {
                print(ProbeReportText.verdict(report))
                ProbeReportText.signals(report.signals).forEach { print($0) }
            }
        }
    }

    /// `--ports`: comma-separated TCP ports.
    static func portList(_ text: String) throws(NetToolError) -> [UInt16] {
        try text.split(separator: ",").map { item throws(NetToolError) in
            guard let port = UInt16(item.trimmingCharacters(in: .whitespaces)), port > 0 else {
                throw .invalidArgument("--ports: '\(item)' is not a TCP port (write e.g. 80,8080)")
            }
            return port
        }
    }

    /// The `ScanFindings` JSON at `path`.
    static func scanFindings(_ path: String) throws(NetToolError) -> ScanFindings {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .invalidArgument("cannot read the findings \(path)")
        }
        do {
            return try JSONDecoder().decode(ScanFindings.self, from: data)
        } catch {
            throw .invalidArgument("\(path) is not a findings file (ScanFindings JSON): \(error)")
        }
    }

    /// The scan report at `path` (- for standard input).
    static func scanReport(_ path: String) throws(NetToolError) -> ScanReport {
        let data =
            path == "-" ? FileHandle.standardInput.readDataToEndOfFile() : FileManager.default.contents(atPath: path)
        guard let data else { throw .invalidArgument("cannot read the scan report \(path)") }
        do {
            return try JSONDecoder().decode(ScanReport.self, from: data)
        } catch {
            throw .invalidArgument("\(path) is not a `scanbench scan --json` report: \(error)")
        }
    }
}
