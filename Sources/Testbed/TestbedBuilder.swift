import Fixture
import Platform
import TestbedPlatform
import Foundation
import Wire
import Spawn

/// Builds a planned LAN for real: namespaces, TAPs on the userspace switch, addresses and
/// routes, firewalls, dnsmasq and the device services. If any step fails, what was built is
/// torn down before the error is thrown.
public struct TestbedBuilder {
    public var fixture: Fixture
    public var fixturePath: String
    public var names: TestbedNames
    public var seed: UInt64
    /// Path of the scanbench executable, started in each namespace as the device agent.
    public var agentExecutable: String
    /// The job whose LAN this is (`TestbedState.ownerPID`), recorded in the state.
    public var ownerPID: Int32?
    /// Start the device services (agents); off brings up only the network and dnsmasq.
    public var startServices = true
    /// Called with progress lines ("creating namespaces…").
    public var log: @Sendable (String) -> Void

    public init(
        fixture: Fixture,
        fixturePath: String,
        names: TestbedNames,
        seed: UInt64,
        agentExecutable: String,
        log: @escaping @Sendable (String) -> Void
    ) {
        self.fixture = fixture
        self.fixturePath = fixturePath
        self.names = names
        self.seed = seed
        self.agentExecutable = agentExecutable
        self.log = log
    }

    /// Builds the testbed and starts its switch.
    /// - Throws: `TestbedError`; nothing is left behind when it throws.
    public func build() throws -> RunningTestbed {
        let plan = TestbedPlan(fixture: fixture, names: names)
        var state = TestbedState(
            id: names.id,
            phase: .building,
            fixturePath: fixturePath,
            fixture: fixture,
            plan: plan,
            controllerPID: ProcessControl.currentID,
            ownerPID: ownerPID,
            seed: seed,
            startedAt: Date()
        )
        // Before the first namespace: the state directory is how `testbed down` attributes this
        // testbed to its state root, also if this process dies half-way (see `TestbedCleaner`).
        try state.save()
        var taps: [Int32] = []
        do {
            let started = MonotonicClock.signedNow()
            let hosts = fixture.network.subnet.hosts.count
            if hosts > 254, let note = try NeighbourLimits.raise(toFit: hosts) { log(note) }
            try createNamespaces(plan)
            taps = try createTaps(plan)
            try configureNamespaces(plan)
            try createLinks(plan)
            try addRoutes(plan)
            try IPStackSettings.apply(fixture.devices, names: names)
            try installFirewalls()
            try JSONEncoder().encode(fixture).write(to: URL(fileURLWithPath: "\(names.stateDirectory)/fixture.json"))
            let running = RunningTestbed(state: state, switch: try makeSwitch(taps: taps))
            running.startSwitch()
            try startDNS(plan, running: running)
            if startServices { try startAgents(running: running) }
            running.startMoves(addressMoves(plan))
            try running.waitForServices(timeout: 5)
            state.phase = .ready
            try state.save()
            running.state = state
            log(
                String(
                    format: "testbed %@ is up (%d namespaces) in %.1f s",
                    names.id,
                    plan.namespaces.count,
                    Double(MonotonicClock.signedNow() - started) / 1e9
                )
            )
            return running
        } catch {
            for fd in taps { TAPDevice.close(fd) }
            TestbedCleaner.remove(id: names.id, log: log)
            throw error
        }
    }

    private func createNamespaces(_ plan: TestbedPlan) throws {
        log("creating \(plan.namespaces.count) namespaces")
        for namespace in plan.namespaces {
            try SystemTool.run(["ip", "netns", "add", namespace.name])
            var settings = [
                "net.ipv6.conf.all.disable_ipv6=1", "net.ipv6.conf.default.disable_ipv6=1",
                "net.ipv4.icmp_ratelimit=0", "net.ipv4.conf.all.rp_filter=0", "net.ipv4.conf.default.rp_filter=0",
            ]
            if namespace.forwarding { settings.append("net.ipv4.ip_forward=1") }
            // New namespaces start with ping_group_range "1 0" (nobody), even for root.
            if namespace.role == .scanner { settings.append("net.ipv4.ping_group_range=0 2147483647") }
            try SystemTool.run(NetworkNamespace(namespace.name).command(["sysctl", "-q", "-w"] + settings))
        }
    }

    private func createTaps(_ plan: TestbedPlan) throws -> [Int32] {
        var fds: [Int32] = []
        var batch = ""
        for namespace in plan.namespaces {
            guard let lan = namespace.lan else { continue }
            let name = names.tapName(lan.tapIndex)
            let fd: Int32
            do { fd = try TAPDevice.open(named: name) } catch {
                for fd in fds { TAPDevice.close(fd) }
                throw TestbedError(
                    "cannot create TAP \(name): \(error.reason)",
                    fix: "run as root (or with CAP_NET_ADMIN) on a kernel with /dev/net/tun"
                )
            }
            precondition(fds.count == lan.tapIndex, "TAP indexes must be dense and in order")
            fds.append(fd)
            batch += "link set dev \(name) netns \(namespace.name)\n"
        }
        try SystemTool.run(["ip", "-batch", "-"], input: batch)
        return fds
    }

    private func configureNamespaces(_ plan: TestbedPlan) throws {
        log("configuring addresses and routes")
        for namespace in plan.namespaces {
            var batch = "link set dev lo up\n"
            if let lan = namespace.lan {
                let tap = names.tapName(lan.tapIndex)
                batch += "link set dev \(tap) name eth0\n"
                batch += "link set dev eth0 address \(lan.mac)\n"
                batch += "addr add \(lan.address) dev eth0\n"
                batch += "link set dev eth0 up\n"
                if namespace.role == .scanner { batch += "route add 224.0.0.0/4 dev eth0\n" }
            }
            if !batch.isEmpty { try SystemTool.run(["ip", "-n", namespace.name, "-batch", "-"], input: batch) }
        }
    }

    private func createLinks(_ plan: TestbedPlan) throws {
        guard !plan.links.isEmpty else { return }
        log("creating the routed path (\(plan.links.count) links)")
        for (index, link) in plan.links.enumerated() {
            let temporaryA = "\(TestbedNames.interfacePrefix)\(names.id)v\(index)a"
            let temporaryB = "\(TestbedNames.interfacePrefix)\(names.id)v\(index)b"
            try SystemTool.run([
                "ip", "link", "add", temporaryA, "netns", link.namespaceA, "type", "veth",
                "peer", "name", temporaryB, "netns", link.namespaceB,
            ])
            try SystemTool.run(
                ["ip", "-n", link.namespaceA, "-batch", "-"],
                input: """
                    link set dev \(temporaryA) name \(link.interfaceA)
                    addr add \(link.addressA) dev \(link.interfaceA)
                    link set dev \(link.interfaceA) up

                    """
            )
            try SystemTool.run(
                ["ip", "-n", link.namespaceB, "-batch", "-"],
                input: """
                    link set dev \(temporaryB) name \(link.interfaceB)
                    addr add \(link.addressB) dev \(link.interfaceB)
                    link set dev \(link.interfaceB) up

                    """
            )
        }
    }

    /// Extra addresses and routes, once every interface exists.
    private func addRoutes(_ plan: TestbedPlan) throws {
        for namespace in plan.namespaces {
            var batch = namespace.extraAddresses.map { "addr add \($0) dev eth0\n" }.joined()
            batch += namespace.routes.map { "route add \($0.destination) via \($0.via)\n" }.joined()
            if !batch.isEmpty { try SystemTool.run(["ip", "-n", namespace.name, "-batch", "-"], input: batch) }
        }
    }

    private func installFirewalls() throws {
        for device in fixture.devices {
            guard let rules = FirewallRules.ruleset(for: device) else { continue }
            try SystemTool.run(
                NetworkNamespace(names.deviceNamespace(device.name)).command(["nft", "-f", "-"]),
                input: rules
            )
        }
    }

    private func makeSwitch(taps: [Int32]) throws -> UserspaceSwitch {
        var ports: [(SwitchPortConfig, Int32)] = [
            (
                SwitchPortConfig(
                    name: "scanner",
                    link: fixture.network.scanner.link,
                    arp: nil,
                    wifi: fixture.network.scanner.wifi
                ), taps[0]
            )
        ]
        for (index, device) in fixture.devices.enumerated() {
            ports.append(
                (
                    SwitchPortConfig(
                        name: device.name,
                        link: device.link,
                        arp: device.arp,
                        powerSave: device.powerSave,
                        deepSleep: device.deepSleep,
                        addresses: [device.ip] + (returnAddresses[device.name].map { [$0] } ?? []),
                        leave: device.leave,
                        mdnsStorm: device.mdnsStorm.map { ($0, StormSchedule.frame(for: device)) },
                        hostile: hostileKinds(of: index).map(Fixture.Hostile.text),
                        newAddress: returnAddresses[device.name].map { (device.ip, $0) }
                    ), taps[index + 1]
                )
            )
        }
        return try UserspaceSwitch(ports: ports, seed: seed)
    }

    private func startDNS(_ plan: TestbedPlan, running: RunningTestbed) throws {
        let config = DnsmasqConfig(fixture: fixture)
        let directory = names.stateDirectory
        try config.hostsFile.write(toFile: "\(directory)/hosts", atomically: true, encoding: .utf8)
        let etc = names.etcDirectory(names.scannerNamespace)
        try FileManager.default.createDirectory(atPath: etc, withIntermediateDirectories: true)
        try config.resolvConf.write(toFile: "\(etc)/resolv.conf", atomically: true, encoding: .utf8)
        guard let gateway = fixture.devices.first(where: { $0.ip == fixture.network.gateway }) else { return }
        let arguments = NetworkNamespace(names.deviceNamespace(gateway.name)).command(
            config.arguments(
                hostsPath: "\(directory)/hosts",
                pidPath: "\(directory)/dnsmasq.pid",
                logPath: "\(directory)/dnsmasq.log"
            )
        )
        let log = "\(directory)/dnsmasq.out"
        running.adopt(try ChildProcess.spawn(arguments, stdout: .file(log), stderr: .file(log)), name: "dnsmasq")
    }

    /// The kinds device `index`'s `hostile` fault answers with, drawn once from the testbed's
    /// seed (the switch logs them, the agent serves them); nil without the fault.
    func hostileKinds(of index: Int) -> [Fixture.Hostile.HostileProtocol: Fixture.Hostile.Kind]? {
        fixture.devices[index].hostile?.drawn(seed: FrameIdentity.mix([seed, UInt64(index + 1), 0x484F]))
    }

    /// Where the devices whose `leave` has `new_address` come back, drawn once from the seed.
    var returnAddresses: [String: IPv4Address] { fixture.returnAddresses(seed: seed) }

    /// The command that starts device `index`'s agent in its namespace, on `address` when given
    /// (a return on a new address) instead of the fixture's.
    func agentCommand(of index: Int, address: IPv4Address? = nil) -> [String] {
        let device = fixture.devices[index]
        let hostile = hostileKinds(of: index).map { ["--hostile", Fixture.Hostile.text($0)] } ?? []
        let moved = address.map { ["--address", $0.description] } ?? []
        return NetworkNamespace(names.deviceNamespace(device.name)).command(
            [
                agentExecutable, "testbed", "agent", "--fixture", "\(names.stateDirectory)/fixture.json", "--device",
                device.name,
            ] + hostile + moved
        )
    }

    /// The address moves of the devices that return on a new address.
    private func addressMoves(_ plan: TestbedPlan) -> [AddressMove] {
        let returns = returnAddresses
        return fixture.devices.enumerated().compactMap { index, device in
            guard let to = returns[device.name] else { return nil }
            let namespace = names.deviceNamespace(device.name)
            return AddressMove(
                device: device.name,
                namespace: namespace,
                from: device.ip,
                to: to,
                prefixLength: fixture.network.subnet.prefixLength,
                routes: plan.namespaces.first { $0.name == namespace }?.routes ?? [],
                agent: startServices && DeviceServicesNeed.any(device) ? agentCommand(of: index, address: to) : nil,
                log: "\(names.stateDirectory)/logs/\(device.name).log"
            )
        }
    }

    private func startAgents(running: RunningTestbed) throws {
        let directory = names.stateDirectory
        let fixtureJSON = "\(directory)/fixture.json"
        try FileManager.default.createDirectory(atPath: "\(directory)/logs", withIntermediateDirectories: true)
        for (index, device) in fixture.devices.enumerated() where DeviceServicesNeed.any(device) {
            let log = "\(directory)/logs/\(device.name).log"
            running.adopt(
                try ChildProcess.spawn(agentCommand(of: index), stdout: .file(log), stderr: .file(log)),
                name: device.name
            )
        }
        for server in fixture.upstream?.servers ?? [] {
            let arguments = NetworkNamespace(names.remoteNamespace)
                .command([agentExecutable, "testbed", "agent", "--fixture", fixtureJSON, "--server", server.name])
            let log = "\(directory)/logs/\(server.name).log"
            running.adopt(try ChildProcess.spawn(arguments, stdout: .file(log), stderr: .file(log)), name: server.name)
        }
    }
}

/// Whether a device needs an agent process (any service beyond what its kernel does).
enum DeviceServicesNeed {
    static func any(_ device: Fixture.Device) -> Bool {
        !device.tcpPorts.openPorts.isEmpty || !(device.mdns ?? []).isEmpty || device.ssdp != nil
            || !(device.udp ?? []).isEmpty || device.wakeOnLAN == true
    }
}
