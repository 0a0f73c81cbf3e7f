import Fixture
import Platform
import Wire

/// The running services of one device (or one remote server): every socket is bound when
/// `start` returns, and ``stop()`` ends them all.
///
/// Sockets are created on the calling thread, so call `start` from a thread (or process) that
/// is already inside the device's network namespace. Serving happens on background threads.
public final class DeviceServices: Sendable {
    /// Knobs for where the services run.
    public struct Options: Sendable {
        /// The interface whose index is used to join the mDNS and SSDP groups. When it does not
        /// exist, the groups are joined on whichever interface holds the device's address.
        public var interfaceName: String
        /// Where the Wake-on-LAN listener writes `<device>.log`.
        public var wakeOnLANDirectory: String
        /// Send two unsolicited mDNS announcements at start.
        public var announce: Bool
        /// Bind TCP and UDP services to the device's own address instead of every address.
        public var bindToDeviceAddress: Bool
        /// Open TCP ports another real program serves in this namespace (the gateway's dnsmasq
        /// holds 53), which the agent must leave alone.
        public var portsServedElsewhere: Set<Int>
        /// A `hostile` fault as drawn at `testbed up` (`Fixture.Hostile.drawn(seed:)`): the kind
        /// each spoiled protocol answers with; empty for none.
        public var hostile: [Fixture.Hostile.HostileProtocol: Fixture.Hostile.Kind]

        public init(
            interfaceName: String = "eth0",
            wakeOnLANDirectory: String = "\(StateRoot.path)/wol",
            announce: Bool = true,
            bindToDeviceAddress: Bool = false,
            portsServedElsewhere: Set<Int> = [],
            hostile: [Fixture.Hostile.HostileProtocol: Fixture.Hostile.Kind] = [:]
        ) {
            self.hostile = hostile
            self.portsServedElsewhere = portsServedElsewhere
            self.interfaceName = interfaceName
            self.wakeOnLANDirectory = wakeOnLANDirectory
            self.announce = announce
            self.bindToDeviceAddress = bindToDeviceAddress
        }
    }

    private let signal: StopSignal
    /// One line per started service, e.g. `tcp/80 http`, `mdns 2 service(s) as tv.local`.
    public let summary: [String]

    /// Runs `work`, which binds sockets and starts loops on `signal`; on failure stops what
    /// already started.
    private init(starting work: (StopSignal, inout [String]) throws -> Void) throws {
        let signal = StopSignal()
        var summary: [String] = []
        do {
            try work(signal, &summary)
        } catch {
            signal.stop()
            throw error
        }
        self.signal = signal
        self.summary = summary
    }

    /// Ends every service: listening sockets close within a quarter second; open connections
    /// finish their current exchange.
    public func stop() { signal.stop() }

    /// Starts every service the fixture lists for `device`.
    /// - Parameters:
    ///   - device: the device whose `tcp.open`, `http`, `banners`, `mdns`, `ssdp`, `udp` and
    ///     `wake_on_lan` entries are served.
    ///   - options: interface and file locations.
    /// - Throws: ``DeviceServicesError`` naming the service that could not start.
    public static func start(device: Fixture.Device, options: Options = Options()) throws -> DeviceServices {
        try DeviceServices { signal, summary in
            let address = options.bindToDeviceAddress ? device.ip : nil
            let interfaceIndex = Socket.interfaceIndex(named: options.interfaceName)
            let roles = TCPPortRole.roles(for: device)
            let needsTLS = roles.values.contains(.http(tls: true))
            let tls = needsTLS ? TLSServerContext.make(commonName: device.hostname ?? device.name) : nil
            let hostile = options.hostile.isEmpty ? nil : HostileAnswers(kinds: options.hostile)
            for port in roles.keys.sorted() where !options.portsServedElsewhere.contains(port) {
                let role = roles[port]!
                let server = try attempt("TCP port \(port)", device.name) {
                    try TCPPortServer(
                        device: device,
                        port: port,
                        role: role,
                        address: address,
                        tls: tls,
                        hostile: hostile
                    )
                }
                server.start(stop: signal)
                summary.append(
                    "tcp/\(port) \(role.label)\(role == .http(tls: true) && tls == nil ? " (TLS unavailable: accept-and-close)" : "")"
                )
            }
            if let services = device.mdns, !services.isEmpty {
                let responder = try attempt("mDNS (UDP 5353)", device.name) {
                    try MDNSResponder(device: device, interfaceIndex: interfaceIndex, hostile: hostile)
                }
                responder.start(stop: signal, announce: options.announce)
                summary.append("mdns \(services.count) service(s) as \(responder.planner.records.hostName)")
            }
            if let hostile { summary.append("hostile: \(Fixture.Hostile.text(hostile.kinds))") }
            if let ssdp = device.ssdp {
                let responder = try attempt("SSDP (UDP 1900)", device.name) {
                    try SSDPResponder(service: ssdp, ip: device.ip, interfaceIndex: interfaceIndex, hostile: hostile)
                }
                responder.start(stop: signal)
                summary.append("ssdp \(ssdp.deviceType)")
            }
            for service in device.udp ?? [] {
                let udp = try attempt("UDP port \(service.port)", device.name) {
                    try UDPPortServer(service, address: address)
                }
                udp.start(stop: signal)
                summary.append("udp/\(service.port)\(service.reply == nil ? "" : " reply")")
            }
            if device.wakeOnLAN == true {
                let listener = try attempt("Wake-on-LAN (UDP 9)", device.name) {
                    try WakeOnLANListener(deviceName: device.name, directory: options.wakeOnLANDirectory)
                }
                listener.start(stop: signal)
                summary.append("wol → \(listener.logPath)")
            }
        }
    }

    /// Starts a remote server's WHOIS service (TCP 43 on its address) and its `tcp_open` ports,
    /// which accept and close.
    /// - Throws: ``DeviceServicesError`` naming the service that could not start.
    public static func start(server: Fixture.RemoteServer) throws -> DeviceServices {
        try DeviceServices { signal, summary in
            if let entries = server.whois {
                let whois = try attempt("WHOIS (TCP 43)", server.name) {
                    try WhoisServer(entries: entries, address: server.ip)
                }
                whois.start(stop: signal)
                summary.append("whois \(entries.count) entr\(entries.count == 1 ? "y" : "ies") on \(server.ip):43")
            }
            for port in server.tcpOpen ?? [] where !(port == WhoisServer.port && server.whois != nil) {
                let listener = try attempt("TCP port \(port)", server.name) {
                    try Socket.tcpListener(port: port, address: server.ip)
                }
                ServiceLoop.connections(on: listener, name: "tcp/\(port)", stop: signal) { _, _ in }
                summary.append("tcp/\(port) accept-and-close")
            }
        }
    }

    private static func attempt<T>(_ service: String, _ owner: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch {
            throw DeviceServicesError(owner: owner, service: service, reason: "\(error)")
        }
    }
}

/// A device service that could not start.
public struct DeviceServicesError: Error, CustomStringConvertible {
    /// The device or server name.
    public var owner: String
    /// Which service, e.g. `TCP port 80`.
    public var service: String
    public var reason: String

    public var description: String {
        "\(owner): cannot start \(service): \(reason). Check that the agent runs inside the device's namespace "
            + "(ip netns exec …) as root and that nothing else holds the port."
    }
}

extension TCPPortRole {
    var label: String {
        switch self {
        case .http(let tls): tls ? "https" : "http"
        case .banner(let banner): "banner \(banner.protocol.rawValue)"
        case .hold: "hold"
        }
    }
}
