import Platform
import Wire
import AppInputs

/// The ARP phase (`arp`, spec §2.2, §10): a 1-byte UDP poke to every target so the kernel
/// resolves its neighbour, a settle wait, then the complete entries of `/proc/net/arp` that
/// pass the subnet filter, upserted with their MAC. Optional retry rounds poke again only the
/// hosts still missing. Every table read publishes its new entries at once; `read_every_ms` adds
/// reads during the settle wait. No connection objects, so no budget slot.
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

    public func execute(
        context: ScanContext,
        accumulator: ScanAccumulator,
        progress: @escaping @Sendable (Double) -> Void
    ) async {
        progress(0)
        var missing = context.hosts
        var found: [IPv4Address: MACAddress] = [:]
        let rounds = 1 + max(settings.retryRounds, 0)
        for round in 0..<rounds {
            guard !missing.isEmpty, !Task.isCancelled else { break }
            await poke(missing, context: context)
            progress((Double(round) + 0.3) / Double(rounds))
            // The settle wait, in slices when the table is also read during it.
            var waited = 0
            repeat {
                let slice =
                    settings.readEveryMs > 0 ? min(settings.readEveryMs, settings.settleMs - waited) : settings.settleMs
                do { try await Task.sleep(for: .milliseconds(slice)) } catch { break }
                waited += slice
                await read(round: round, found: &found, context: context, accumulator: accumulator)
            } while waited < settings.settleMs && !Task.isCancelled
            missing = missing.filter { found[$0] == nil }
            progress((Double(round) + 0.8) / Double(rounds))
        }
        progress(1)
    }

    /// Reads the neighbour table and publishes the entries not seen before that pass the filters:
    /// as soon as they are read, so a retry round or a long settle holds nothing back.
    private func read(
        round: Int,
        found: inout [IPv4Address: MACAddress],
        context: ScanContext,
        accumulator: ScanAccumulator
    ) async {
        let table = neighbours(context.interface)
        context.events?.record(.neighbourTableRead(.init(phase: id, round: round, addresses: table.map(\.ip))))
        var new: [IPv4Address: MACAddress] = [:]
        for entry in table where found[entry.ip] == nil {
            if settings.subnetFilter && !context.subnetFilter(entry.ip) { continue }
            if entry.ip == context.localIP { continue }
            new[entry.ip] = entry.mac
        }
        for (ip, mac) in new.sorted(by: { $0.key < $1.key }) {
            found[ip] = mac
            await accumulator.upsert(DiscoveredDevice(ip: ip, source: .arp, mac: mac))
        }
    }

    /// Sends the pokes, pausing after every `pace_every` of them.
    ///
    /// No poke is lost to a full send buffer. On Linux each poke to an address still being
    /// resolved stays charged to the socket until ARP answers or gives up (3 s), so the default
    /// 208 KB buffer holds about 290 of them and a larger sweep would lose the rest to `EAGAIN`
    /// unseen. The socket asks for room for the whole sweep; a send that still finds the buffer
    /// full waits for room (up to `sendWaitLimitMs`, longer than ARP's 3 s give-up) and says so in
    /// `packet_sent.blocked_ms`; one that fails anyway is a `send_failed` event, never silence — as
    /// is every poke when the socket cannot be opened or bound.
    private func poke(_ hosts: [IPv4Address], context: ScanContext) async {
        let fd: Int32
        do { fd = try SocketSystem.openDatagram(interface: context.interface) } catch {
            for ip in hosts {
                context.events?.record(
                    .sendFailed(
                        .init(phase: id, kind: .udpPoke, ip: ip, port: settings.pokePort, error: error.errno.name)
                    )
                )
            }
            return
        }
        defer { SocketSystem.close(fd) }
        SocketSystem.requestSendBuffer(fd, bytes: hosts.count * Self.bufferPerPoke)
        let payload: [UInt8] = [0]
        for (index, ip) in hosts.enumerated() {
            if Task.isCancelled { return }
            var sent = SocketSystem.send(fd, payload, to: ip, port: settings.pokePort)
            var waitedMs = 0
            while SocketSystem.isBufferFull(sent) && waitedMs < Self.sendWaitLimitMs {
                do { try await Task.sleep(for: .milliseconds(Self.sendRetryMs)) } catch { return }
                waitedMs += Self.sendRetryMs
                sent = SocketSystem.send(fd, payload, to: ip, port: settings.pokePort)
            }
            if sent > 0 {
                context.events?.record(
                    .packetSent(
                        .init(
                            phase: id,
                            kind: .udpPoke,
                            ip: ip,
                            port: settings.pokePort,
                            bytes: sent,
                            blockedMs: waitedMs > 0 ? waitedMs : nil
                        )
                    )
                )
            } else {
                context.events?.record(
                    .sendFailed(
                        .init(
                            phase: id,
                            kind: .udpPoke,
                            ip: ip,
                            port: settings.pokePort,
                            error: Errno(rawValue: Int32(-sent)).name
                        )
                    )
                )
            }
            if settings.paceEvery > 0 && (index + 1) % settings.paceEvery == 0 && index + 1 < hosts.count {
                try? await Task.sleep(for: .milliseconds(settings.paceSleepMs))
            }
        }
    }

    /// Send-buffer bytes one unresolved 1-byte poke occupies on Linux (skb truesize, measured:
    /// the default 212,992-byte buffer filled after 290 pokes), rounded up.
    static let bufferPerPoke = 1024
    /// How long one poke may wait for buffer room: longer than the kernel's 3 s ARP give-up,
    /// after which the pokes ahead of it free theirs.
    static let sendWaitLimitMs = 5000
    static let sendRetryMs = 10
}
