import Fixture
import Wire

/// Everything a fixture's LAN consists of, worked out before anything is created: namespaces,
/// addresses, routes, point-to-point links and switch ports. Pure data, so it can be tested and
/// inspected without root.
public struct TestbedPlan: Sendable, Codable {
    public var names: TestbedNames
    public var namespaces: [Namespace]
    public var links: [PointToPointLink]

    /// One network namespace and its configuration.
    public struct Namespace: Sendable, Codable {
        public enum Role: String, Sendable, Codable { case scanner, device, gateway, router, remote }

        public var name: String
        public var role: Role
        /// Device or server name from the fixture ("scanner", "router1", …).
        public var label: String
        /// Attachment to the LAN switch, if any.
        public var lan: LANPort?
        /// Extra addresses on `eth0` (the remote segment's servers share one namespace).
        public var extraAddresses: [String] = []
        /// (destination CIDR or "default", next hop).
        public var routes: [Route] = []
        public var forwarding = false
    }

    /// A TAP port on the userspace switch, renamed `eth0` inside its namespace.
    public struct LANPort: Sendable, Codable {
        public var tapIndex: Int
        public var mac: MACAddress
        public var address: String
    }

    public struct Route: Sendable, Codable {
        public var destination: String
        public var via: IPv4Address
    }

    /// A veth pair between two namespaces.
    public struct PointToPointLink: Sendable, Codable {
        public var namespaceA: String
        public var interfaceA: String
        public var addressA: String
        public var namespaceB: String
        public var interfaceB: String
        public var addressB: String
    }

    /// Plans the LAN of `fixture` under `names`.
    public init(fixture: Fixture, names: TestbedNames) {
        self.names = names
        let prefix = fixture.network.subnet.prefixLength
        let gateway = fixture.network.gateway
        var namespaces: [Namespace] = []
        namespaces.append(
            Namespace(
                name: names.scannerNamespace,
                role: .scanner,
                label: "scanner",
                lan: LANPort(
                    tapIndex: 0,
                    mac: fixture.network.scanner.mac,
                    address: "\(fixture.network.scanner.ip)/\(prefix)"
                ),
                routes: [Route(destination: "default", via: gateway)]
            )
        )
        for (index, device) in fixture.devices.enumerated() {
            let isGateway = device.ip == gateway
            namespaces.append(
                Namespace(
                    name: names.deviceNamespace(device.name),
                    role: isGateway ? .gateway : .device,
                    label: device.name,
                    lan: LANPort(tapIndex: index + 1, mac: device.mac, address: "\(device.ip)/\(prefix)"),
                    routes: isGateway ? [] : [Route(destination: "default", via: gateway)],
                    forwarding: isGateway
                )
            )
        }
        var links: [PointToPointLink] = []
        if let upstream = fixture.upstream {
            let transit = upstream.transitNetwork.address.value
            func transitAddress(_ link: Int, _ side: UInt32) -> IPv4Address {
                IPv4Address(transit + UInt32(link) * 4 + side)
            }
            let gatewayIndex = namespaces.firstIndex { $0.role == .gateway }!
            var previous = names.deviceNamespace(fixture.devices.first { $0.ip == gateway }!.name)
            for router in 1...upstream.routerCount {
                let link = router - 1
                links.append(
                    PointToPointLink(
                        namespaceA: previous,
                        interfaceA: "up0",
                        addressA: "\(transitAddress(link, 1))/30",
                        namespaceB: names.routerNamespace(router),
                        interfaceB: "down0",
                        addressB: "\(transitAddress(link, 2))/30"
                    )
                )
                var routes = [Route(destination: "\(fixture.network.subnet)", via: transitAddress(link, 1))]
                if router < upstream.routerCount {
                    routes.append(Route(destination: "default", via: transitAddress(link + 1, 2)))
                }
                namespaces.append(
                    Namespace(
                        name: names.routerNamespace(router),
                        role: .router,
                        label: "router\(router)",
                        routes: routes,
                        forwarding: true
                    )
                )
                previous = names.routerNamespace(router)
            }
            namespaces[gatewayIndex].routes.append(Route(destination: "default", via: transitAddress(0, 2)))
            let segmentRouter = IPv4Address(upstream.segment.address.value + 1)
            links.append(
                PointToPointLink(
                    namespaceA: previous,
                    interfaceA: "seg0",
                    addressA: "\(segmentRouter)/\(upstream.segment.prefixLength)",
                    namespaceB: names.remoteNamespace,
                    interfaceB: "eth0",
                    addressB:
                        "\(upstream.servers.first?.ip ?? IPv4Address(upstream.segment.address.value + 2))/\(upstream.segment.prefixLength)"
                )
            )
            namespaces.append(
                Namespace(
                    name: names.remoteNamespace,
                    role: .remote,
                    label: "remote",
                    extraAddresses: upstream.servers.dropFirst().map { "\($0.ip)/32" },
                    routes: [Route(destination: "default", via: segmentRouter)]
                )
            )
        }
        self.namespaces = namespaces
        self.links = links
    }

    /// Addresses of the routers a packet from the LAN crosses, in order (for traceroute checks).
    public var routerHops: [String] {
        links.filter { $0.interfaceB == "down0" }.map { String($0.addressB.split(separator: "/")[0]) }
    }
}
