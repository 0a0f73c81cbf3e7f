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
            let prober = DeviceProber(timeout: timeout)
            let gateway = LinuxNetworkInfo.defaultGateway()
            let box = ResultBox(count: ips.count)
            let browse = DispatchGroup()
            let services = ServicesBox()
            if bonjourWindow > 0 {
                let window = bonjourWindow
                DispatchQueue.global().async(group: browse) { services.set((try? BonjourBrowser(window: window).browse()) ?? []) }
            }
            // One thread per host: the probes block on the network, not the CPU.
            let probes = DispatchGroup()
            for (index, ip) in ips.enumerated() {
                probes.enter()
                Thread { box.set(index, prober.probe(ip, gateway: gateway)); probes.leave() }.start()
            }
            probes.wait()
            browse.wait()
            let found = services.get()
            let signals = NameNormaliser.deduplicateByIP(box.all().map { device in
                var device = device
                DeviceProber.attach(found, to: &device)
                return device
            })
            let reports = signals.map(ProbeReport.init(signals:))
            if json { Terminal.printJSON(reports); return }
            for report in reports {
                print("\(report.ip)  \(report.name)  →  \(report.category ?? "unknown")  [\(report.rule)\(report.evidence.map { ": \($0)" } ?? "")]")
                let s = report.signals
                if let hostname = s.hostname { print("    hostname: \(hostname)") }
                if let vendor = s.vendor { print("    vendor: \(vendor) (\(s.mac ?? ""))") }
                if !s.openPorts.isEmpty { print("    open: " + s.openPorts.map(String.init).joined(separator: ", ")) }
                for (label, values) in [("http server", s.httpServers), ("title", s.httpTitles), ("banner", s.banners)] where !values.isEmpty {
                    print("    \(label): " + values.joined(separator: " | "))
                }
                if let type = s.upnpDeviceType { print("    upnp: \(type) \(s.upnpFriendlyName ?? "") / \(s.upnpManufacturer ?? "") / \(s.upnpModel ?? "")") }
                if let model = s.airplayModel { print("    airplay: \(model) \(s.airplayName ?? "")") }
                if let model = s.chromecastModel { print("    chromecast: \(model) \(s.chromecastName ?? "")") }
                for service in s.services { print("    bonjour: \(service.instance) (\(service.type))") }
            }
        }
    }

    private final class ResultBox: @unchecked Sendable {
        // @unchecked: every access goes through `lock`.
        private let lock = NSLock()
        private var values: [DeviceSignals?]
        init(count: Int) { values = Array(repeating: nil, count: count) }
        func set(_ index: Int, _ value: DeviceSignals) { lock.lock(); values[index] = value; lock.unlock() }
        func all() -> [DeviceSignals] { lock.lock(); defer { lock.unlock() }; return values.compactMap { $0 } }
    }

    private final class ServicesBox: @unchecked Sendable {
        // @unchecked: every access goes through `lock`.
        private let lock = NSLock()
        private var value: [BonjourService] = []
        func set(_ services: [BonjourService]) { lock.lock(); value = services; lock.unlock() }
        func get() -> [BonjourService] { lock.lock(); defer { lock.unlock() }; return value }
    }
}
