import Foundation
import Wire

/// HomeNet's deep probe of one host, with knowledge any scanner has of a LAN it has never seen:
/// a quick connect scan of nmap's most frequently open TCP ports, HTTP(S) `Server` header and
/// `<title>` on the ports nmap names as web services, SSH / FTP / SMTP / RTSP banners, AirPlay
/// `/info` and Google Cast `eureka_info` on their protocols' ports, plus PTR name, MAC vendor
/// (IEEE registry) and gateway flag. What devices announced is followed up (`followUp`) once
/// `ProbeSweep`'s SSDP search and Bonjour browse have heard it.
///
/// | probe | on | source |
/// |---|---|---|
/// | connect scan | the `topPorts` (100) most frequently open TCP ports | `NmapServices` (nmap-services; 100 = nmap's `-F`) |
/// | `GET /` | open ports nmap names `http*` or `upnp`; TLS when the name starts with `https` | nmap-services service names |
/// | banner | open 21, 22, 25 (sent first), 554 (`OPTIONS`) | IANA ftp, ssh, smtp, rtsp |
/// | AirPlay `GET /info` | open 7000, or the port an `_airplay._tcp` SRV record gave | AirPlay protocol (https://openairplay.github.io/airplay-spec/) |
/// | Cast `GET /setup/eureka_info` | open 8008 | Google Cast local API (https://rithvikvibhu.github.io/GHLocalApi/) |
/// | UPnP description | the `LOCATION` an SSDP answer gave (`SSDPSearch`); with `upnpPaths`, those paths on open plain-HTTP ports first | UPnP Device Architecture §2.3; HomeNet's `description.xml`, `rootDesc.xml` (seed 002:118) |
/// | TCP latency | with `wifiLatencyMs`: one timed connect to the lowest open (else service) port, and the wired/Wi-Fi guess | HomeNet (seed 002:120); the threshold an assumption |
/// | vendor | the MAC's block in the IEEE registry | `OUIRegistry` |
public struct DeviceProber: Sendable {
    /// The quick scan's width: nmap's fast scan (`-F`) probes its 100 most frequently open ports.
    public static let defaultTopPorts = 100

    public var timeout = 1.5
    public var concurrency = 40
    /// How many of nmap's most frequently open TCP ports the quick scan tries.
    public var topPorts = DeviceProber.defaultTopPorts
    /// Fetch only what can change the classification, so the probe is only as long as that
    /// needs (a port that accepts and never answers costs a whole timeout): no HTTP `Server` /
    /// `<title>` and banners (`DeviceClassifier` reads no free text), no AirPlay `/info`
    /// follow-up for a device its announcements already classified (rules 1–3 outrank it), and
    /// one timeout, not two, for a UPnP description (a few hundred bytes from a LAN device; one
    /// that answered SSDP but cannot be reached, its ARP replies lost, costs that timeout).
    public var classifyOnly = false
    /// Ports the quick scan tries besides the top ones (a strategy's `classify.ports`).
    public var extraPorts: [UInt16] = []
    /// Whether the default gateway is marked as such (a strategy's `classify.gateway_flag`).
    public var marksGateway = true
    /// The slot each TCP connect holds (the app's budget in `scanbench-app`); none by default.
    public var slot = ConnectionSlot.none
    /// Paths tried for a UPnP description on each open plain-HTTP port when no SSDP `LOCATION`
    /// gave one (HomeNet: `description.xml`, `rootDesc.xml`, seed 002:118); none by default.
    public var upnpPaths: [String] = []
    /// When set, one timed TCP connect to the device's lowest open port, and the guess `wifi` at
    /// or above this many milliseconds, `wired` below (HomeNet's "TCP Latency — Wired vs WiFi
    /// inference", seed 002:120; the threshold is unstated there: a strategy's assumption).
    public var wifiLatencyMs: Double?

    public init(
        timeout: Double = 1.5,
        concurrency: Int = 40,
        topPorts: Int = DeviceProber.defaultTopPorts,
        classifyOnly: Bool = false
    ) {
        self.timeout = timeout
        self.concurrency = concurrency
        self.topPorts = topPorts
        self.classifyOnly = classifyOnly
    }

    /// The ports the quick scan tries: the top ones, then the extra ones not among them.
    public var quickPorts: [UInt16] {
        let top = topPorts > 0 ? NmapServices.shared.topTCPPorts(topPorts) : []
        let known = Set(top)
        var extra: [UInt16] = []
        for port in extraPorts where !known.contains(port) && !extra.contains(port) { extra.append(port) }
        return top + extra
    }

    /// IANA ftp 21, ssh 22, smtp 25 (the server speaks first) and rtsp 554 (answers `OPTIONS`).
    static let bannerPorts: [UInt16] = [22, 21, 25, 554]
    /// HomeNet's UPnP description paths, tried where no SSDP answer gave one (seed 002:118).
    public static let homeNetUPnPPaths = ["/description.xml", "/rootDesc.xml"]
    /// AirPlay's `/info` port (AirPlay protocol documentation).
    static let airplayPort: UInt16 = 7000
    /// Google Cast's local HTTP API port (the `eureka_info` endpoint).
    static let castPort: UInt16 = 8008

    /// Whether `port` is a web service by nmap's name for it (`http`, `http-proxy`, `upnp` …),
    /// and then whether it speaks TLS (`https`, `https-alt`); nil when it is not one.
    static func webUsesTLS(_ port: UInt16, names: NmapServices = .shared) -> Bool? {
        guard let name = names.name(tcp: port) else { return nil }
        if name.hasPrefix("https") { return true }
        return name.contains("http") || name == "upnp" ? false : nil
    }

    /// Probes `ip` (Bonjour services and SSDP descriptions are added by `ProbeSweep`: they come
    /// from searches shared by all hosts), without trying the ports in `skipping` — those a scan
    /// already tried — of which `knownOpen` were open: the follow-ups (AirPlay, Cast, web) use them.
    public func probe(
        _ ip: IPv4Address,
        gateway: IPv4Address? = LinuxNetworkInfo.defaultGateway(),
        skipping: Set<UInt16> = [],
        knownOpen: Set<UInt16> = []
    ) -> DeviceSignals {
        var signals = DeviceSignals(ip: ip.description)
        signals.isGateway = marksGateway && gateway == ip
        signals.hostname = HostResolver.reverse(ip)
        signals.openPorts = quickScan(ip, ports: quickPorts.filter { !skipping.contains($0) })
        readMAC(into: &signals, ip: ip)
        let open = Set(signals.openPorts).union(knownOpen)
        for port in open.sorted() where !classifyOnly {
            guard let tls = Self.webUsesTLS(port),
                let head = slot.run({ HTTPProbe.get(ip, port: port, path: "/", tls: tls, timeout: timeout * 2) })
            else { continue }
            Self.readWebPage(head, into: &signals)
        }
        for port in Self.bannerPorts where !classifyOnly && open.contains(port) {
            if let banner = slot.run({ BannerGrabber.grab(ip, port: port, timeout: timeout) }) {
                signals.banners.append(banner)
            }
        }
        if open.contains(Self.airplayPort) { airplayInfo(into: &signals, ip: ip, port: Self.airplayPort) }
        if open.contains(Self.castPort) { castInfo(into: &signals, ip: ip) }
        describeAtKnownPaths(into: &signals, ip: ip, open: open)
        if let threshold = wifiLatencyMs, let port = open.min() {
            measureLatency(into: &signals, ip: ip, port: port, wifiAtMs: threshold)
        }
        return signals
    }

    /// `upnpPaths` on each open plain-HTTP port (nmap's name for it), until one answers with a
    /// device description.
    func describeAtKnownPaths(into signals: inout DeviceSignals, ip: IPv4Address, open: Set<UInt16>) {
        for port in open.sorted() where Self.webUsesTLS(port) == false {
            for path in upnpPaths where signals.upnpDeviceType == nil {
                if let head = slot.run({ HTTPProbe.get(ip, port: port, path: path, tls: false, timeout: timeout) }) {
                    Self.readUPnPDescription(head, into: &signals)
                }
            }
        }
    }

    /// One TCP connect to `port`, timed from the connect call to the handshake's end, and the
    /// wired/Wi-Fi guess from it (nothing when the connect fails).
    func measureLatency(into signals: inout DeviceSignals, ip: IPv4Address, port: UInt16, wifiAtMs: Double) {
        let attempt = slot.run { TCPConnector.connect(ip, port: port, timeout: timeout) }
        attempt.socket?.close()
        guard attempt.outcome == .connected else { return }
        signals.connectLatencyMs = attempt.elapsedMs
        signals.link = Self.linkGuess(latencyMs: attempt.elapsedMs, wifiAtMs: wifiAtMs)
    }

    /// `wifi` for a connect of at least `wifiAtMs` milliseconds, else `wired`.
    public static func linkGuess(latencyMs: Double, wifiAtMs: Double) -> String {
        latencyMs >= wifiAtMs ? "wifi" : "wired"
    }

    /// The open ones of `ports` on `ip`, `concurrency` connects at once. Without a slot they are
    /// multiplexed on one thread (`ConnectPortScanner`); with one, each connect is an attempt of its
    /// own on a thread started once its slot is held and ended with the attempt, so the budget, not
    /// the window, decides how many are in flight, and threads wait for no slot.
    func quickScan(_ ip: IPv4Address, ports: [UInt16]) -> [UInt16] {
        guard !ports.isEmpty else { return [] }
        let scanner = ConnectPortScanner(concurrency: concurrency, timeout: timeout, waitingPolicy: .inspectError)
        guard !slot.isNone else {
            return ((try? scanner.scan(ip, ports: ports)) ?? []).filter { $0.state == .open }.map(\.port)
        }
        let window = DispatchSemaphore(value: min(max(1, concurrency), ports.count))
        let group = DispatchGroup()
        let found = OpenPorts()
        for port in ports {
            window.wait()
            let release = slot.take()
            group.enter()
            Thread {
                if ((try? scanner.scan(ip, ports: [port])) ?? []).contains(where: { $0.state == .open }) {
                    found.add(port)
                }
                release()
                window.signal()
                group.leave()
            }.start()
        }
        group.wait()
        return found.ports.sorted()
    }

    /// The quick scan's open ports, shared by its threads.
    private final class OpenPorts: @unchecked Sendable {
        // @unchecked: every access goes through `lock`.
        private let lock = NSLock()
        private var found: [UInt16] = []
        func add(_ port: UInt16) { lock.lock(); found.append(port); lock.unlock() }
        var ports: [UInt16] { lock.lock(); defer { lock.unlock() }; return found }
    }

    /// Reads a web server's answer to `GET /`: its `Server` header and page `<title>`, each kept
    /// once (fuzzed as `http-page`).
    public static func readWebPage(_ head: HTTPProbe.Head, into signals: inout DeviceSignals) {
        if let server = head.headers["server"], !signals.httpServers.contains(server) {
            signals.httpServers.append(server)
        }
        if let title = HTTPProbe.title(head.body), !signals.httpTitles.contains(title) {
            signals.httpTitles.append(title)
        }
    }

    /// The MAC from the neighbour table and its IEEE vendor, when not known yet.
    func readMAC(into signals: inout DeviceSignals, ip: IPv4Address) {
        guard signals.mac == nil, let mac = LinuxNetworkInfo.mac(of: ip) else { return }
        signals.mac = mac.description
        signals.vendor = OUIRegistry.shared.vendor(mac)
    }

    /// AirPlay `GET /info` on `port`: the model identifier and name.
    func airplayInfo(into signals: inout DeviceSignals, ip: IPv4Address, port: UInt16) {
        guard let head = slot.run({ HTTPProbe.get(ip, port: port, path: "/info", tls: false, timeout: timeout) }) else {
            return
        }
        Self.readAirPlayInfo(head, into: &signals)
    }

    /// Reads an AirPlay `/info` answer (an XML property list): model identifier and name. A pure
    /// function of the bytes a device sent, so it is fuzzed (`scanbench fuzz http-airplay`).
    public static func readAirPlayInfo(_ head: HTTPProbe.Head, into signals: inout DeviceSignals) {
        guard head.status == 200 else { return }
        signals.airplayModel = HTTPProbe.plistString("model", in: head.body)
        signals.airplayName = HTTPProbe.plistString("name", in: head.body)
    }

    /// Google Cast's local API (https://rithvikvibhu.github.io/GHLocalApi/): `GET /setup/eureka_info`
    /// on 8008 answers with the device's name and model.
    func castInfo(into signals: inout DeviceSignals, ip: IPv4Address) {
        let path = "/setup/eureka_info"  // Google Cast local API, https://rithvikvibhu.github.io/GHLocalApi/
        guard let head = slot.run({ HTTPProbe.get(ip, port: Self.castPort, path: path, tls: false, timeout: timeout) })
        else { return }
        Self.readCastInfo(head, into: &signals)
    }

    /// Reads a Google Cast `eureka_info` answer (JSON): name and model (fuzzed as `http-chromecast`).
    public static func readCastInfo(_ head: HTTPProbe.Head, into signals: inout DeviceSignals) {
        guard head.status == 200,
            let object = try? JSONSerialization.jsonObject(with: Data(head.body.utf8)) as? [String: Any]
        else { return }
        signals.chromecastName = object["name"] as? String
        signals.chromecastModel = (object["model_name"] as? String) ?? "unnamed model"
    }

    /// Fetches the UPnP description an SSDP answer pointed to and reads the root device's type,
    /// friendly name, manufacturer and model name (UPnP Device Architecture 2.0 §2.3).
    public func describe(_ location: SSDPSearch.Location, into signals: inout DeviceSignals) {
        let wait = classifyOnly ? timeout : timeout * 2
        guard
            let head = slot.run({
                HTTPProbe.get(location.ip, port: location.port, path: location.path, tls: false, timeout: wait)
            })
        else { return }
        Self.readUPnPDescription(head, into: &signals)
    }

    /// Reads a UPnP device description (XML): the root device's type, friendly name,
    /// manufacturer and model name (fuzzed as `http-upnp`).
    public static func readUPnPDescription(_ head: HTTPProbe.Head, into signals: inout DeviceSignals) {
        guard head.status == 200, head.body.contains("<device>") else { return }
        signals.upnpDeviceType = HTTPProbe.element("deviceType", in: head.body)
        signals.upnpFriendlyName = HTTPProbe.element("friendlyName", in: head.body)
        signals.upnpManufacturer = HTTPProbe.element("manufacturer", in: head.body)
        signals.upnpModel = HTTPProbe.element("modelName", in: head.body)
    }

    /// What the SSDP search heard, followed up as soon as it is over: the MAC, when the device
    /// only became reachable by answering (its answer made it ARP for us), and its UPnP
    /// description at the `LOCATION` it gave.
    public func followUp(_ signals: inout DeviceSignals, location: SSDPSearch.Location?) {
        guard let ip = IPv4Address(signals.ip) else { return }
        readMAC(into: &signals, ip: ip)
        if let location, signals.upnpDeviceType == nil { describe(location, into: &signals) }
    }

    /// What the Bonjour browse heard, followed up: AirPlay `/info` on the port the device's
    /// `_airplay._tcp` record gave, when the quick scan did not reach it on 7000.
    /// With `wifiLatencyMs` set, a device the probe found no open port on is timed on the lowest
    /// port its services gave.
    public func followUp(_ signals: inout DeviceSignals, services: [BonjourService]) {
        if let threshold = wifiLatencyMs, signals.connectLatencyMs == nil, let ip = IPv4Address(signals.ip),
            let port = services.compactMap(\.port).filter({ $0 != 0 }).min()
        {
            measureLatency(into: &signals, ip: ip, port: port, wifiAtMs: threshold)
        }
        guard !classifyOnly || DeviceClassifier.announced(signals) == nil else { return }
        guard signals.airplayModel == nil, let ip = IPv4Address(signals.ip),
            let port = services.first(where: { $0.type.lowercased() == "_airplay._tcp" })?.port, port != 0
        else { return }
        airplayInfo(into: &signals, ip: ip, port: port)
    }

    /// Attaches the services whose addresses include the device's IP.
    public static func attach(_ services: [BonjourService], to signals: inout DeviceSignals) {
        signals.services = services.filter { $0.addresses.contains(signals.ip) }
    }
}
