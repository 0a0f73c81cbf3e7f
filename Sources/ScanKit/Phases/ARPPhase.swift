import Wire

/// The ARP phase (`arp`, spec §2.2, §10): a 1-byte UDP poke to every target so the kernel
/// resolves its neighbour, a settle wait, then the complete entries of `/proc/net/arp` that
/// pass the subnet filter, upserted with their MAC. Optional retry rounds poke again only the
/// hosts still missing. No connection objects, so no budget slot.
public struct ARPPhase: ScanPhase {
    public let id = PhaseKind.arp.rawValue
    public let displayName = PhaseKind.arp.displayName
    public let weight = PhaseKind.arp.weight
    public var settings: Strategy.ARP
    /// Reads the neighbour table's complete entries, of one device or (nil) all.
    public typealias NeighbourReader = @Sendable (_ device: String?) -> [NeighbourTable.Entry]
    private let neighbours: NeighbourReader

    /// - Parameters:
    ///   - settings: the strategy's `arp` section.
    ///   - neighbours: the table reader (`/proc/net/arp`; tests give a table of their own).
    public init(settings: Strategy.ARP, neighbours: @escaping NeighbourReader = { NeighbourTable.read(device: $0) }) {
        self.settings = settings
        self.neighbours = neighbours
    }

    public func execute(context: ScanContext, accumulator: ScanAccumulator,
                        progress: @escaping @Sendable (Double) -> Void) async {
        progress(0)
        var missing = context.hosts
        var found: [IPv4Address: MACAddress] = [:]
        let rounds = 1 + max(settings.retryRounds, 0)
        for round in 0..<rounds {
            guard !missing.isEmpty, !Task.isCancelled else { break }
            await poke(missing, context: context)
            progress((Double(round) + 0.3) / Double(rounds))
            do { try await Task.sleep(for: .milliseconds(settings.settleMs)) } catch { break }
            let table = neighbours(context.interface)
            context.events?.record(.neighbourTableRead(.init(phase: id, round: round, addresses: table.map(\.ip))))
            for entry in table {
                if settings.subnetFilter && !context.subnetFilter(entry.ip) { continue }
                if entry.ip == context.localIP { continue }
                found[entry.ip] = entry.mac
            }
            missing = missing.filter { found[$0] == nil }
            progress((Double(round) + 0.8) / Double(rounds))
        }
        for (ip, mac) in found.sorted(by: { $0.key < $1.key }) {
            await accumulator.upsert(DiscoveredDevice(ip: ip, source: .arp, mac: mac))
        }
        progress(1)
    }

    /// Sends the pokes, pausing after every `pace_every` of them.
    private func poke(_ hosts: [IPv4Address], context: ScanContext) async {
        guard let fd = try? SocketSystem.openSocket(type: SocketSystem.datagramType) else { return }
        defer { SocketSystem.close(fd) }
        if let interface = context.interface { try? SocketSystem.bindToDevice(fd, interface: interface) }
        let payload: [UInt8] = [0]
        for (index, ip) in hosts.enumerated() {
            if Task.isCancelled { return }
            let sent = SocketSystem.send(fd, payload, to: ip, port: settings.pokePort)
            if sent > 0 {
                context.events?.record(.packetSent(.init(phase: id, kind: "udp_poke", ip: ip, port: settings.pokePort, bytes: sent)))
            }
            if settings.paceEvery > 0 && (index + 1) % settings.paceEvery == 0 && index + 1 < hosts.count {
                try? await Task.sleep(for: .milliseconds(settings.paceSleepMs))
            }
        }
    }
}
