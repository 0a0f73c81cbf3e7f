import CaptureFiles
import CaptureAnalysis
import Results
import Wire

/// Attributes a capture's analysis to the devices of an inventory: the one place a wire
/// address becomes a named device for `analyze --inventory`.
///
/// A device is matched by its MAC when the wire shows that MAC (at the inventory's address, or at
/// another one when DHCP moved it), else by its inventory address. Needs an analysis made with
/// `AnalysisOptions.tracksHosts` (and `keepsAttempts` for the TCP columns).
public enum InventoryAttribution {
    /// The yield of `analysis` over `inventory`.
    /// - Parameter file: the inventory's path, recorded in the result.
    public static func yield(of analysis: WireAnalysis, inventory: Inventory, file: String) -> WireYield {
        let hosts = analysis.hosts
        guard let scanner = analysis.scanner else {
            return WireYield(
                inventory: file,
                scanner: nil,
                devices: inventory.devices.map { $0.base(wireIP: nil, matchedBy: "none") },
                notInInventory: []
            )
        }
        var claimed = Set<IPv4Address>([scanner])
        var devices: [DeviceWireYield] = []
        for device in inventory.devices {
            let (wireIP, matchedBy) = match(device, hosts: hosts, scanner: scanner)
            var entry = device.base(wireIP: wireIP, matchedBy: matchedBy)
            if let wireIP {
                claimed.insert(wireIP)
                describe(wireIP, in: analysis, scanner: scanner, into: &entry)
            }
            devices.append(entry)
        }
        let unlisted = hosts.localSenders().filter { !claimed.contains($0) }.map { address in
            WireHost(
                ip: address.description,
                macs: hosts.macs(of: address).map(\.description),
                answered: hosts.answers(from: address, to: scanner).names,
                packetsFromScanner: hosts.packets(from: scanner, to: address),
                packetsToScanner: hosts.packets(from: address, to: scanner)
            )
        }
        return WireYield(inventory: file, scanner: scanner.description, devices: devices, notInInventory: unlisted)
    }

    /// The address the device used on the wire and how it was matched.
    static func match(_ device: Inventory.Device, hosts: HostActivity, scanner: IPv4Address) -> (IPv4Address?, String) {
        if let mac = device.mac, let seen = hosts.addresses(of: mac).first(where: { $0 != scanner }) {
            if let ip = device.ip, hosts.addresses(of: mac).contains(ip) { return (ip, "ip_and_mac") }
            return (seen, "mac")
        }
        if let ip = device.ip, hosts.isSeen(ip) { return (ip, "ip") }
        return (nil, "none")
    }

    /// Fills in what the wire shows of `address`: contact, answers, TCP attempts.
    static func describe(
        _ address: IPv4Address,
        in analysis: WireAnalysis,
        scanner: IPv4Address,
        into entry: inout DeviceWireYield
    ) {
        let hosts = analysis.hosts
        entry.packetsFromScanner = hosts.packets(from: scanner, to: address)
        entry.packetsToScanner = hosts.packets(from: address, to: scanner)
        entry.contacted = entry.packetsFromScanner > 0
        entry.answered = hosts.answers(from: address, to: scanner).names
        entry.namedByMdns = hosts.isNamedByMDNS(address)
        let attempts = analysis.attempts.filter { $0.target == address && $0.initiator == scanner }
        entry.tcpAttempts = attempts.count
        for attempt in attempts { entry.tcpOutcomes[attempt.outcome.rawValue, default: 0] += 1 }
        entry.openPorts = Set(attempts.filter { $0.outcome == .open }.map { Int($0.targetPort) }).sorted()
        entry.closedPorts = Set(attempts.filter { $0.outcome == .closed }.map { Int($0.targetPort) }).sorted()
        entry.connections = attempts.filter(\.handshakeCompleted).count
    }
}

extension Inventory.Device {
    /// The entry before the wire is consulted: who the device is, where it was looked for.
    func base(wireIP: IPv4Address?, matchedBy: String) -> DeviceWireYield {
        DeviceWireYield(
            name: name,
            category: category.rawValue,
            hostname: hostname,
            inventoryIp: ip?.description,
            inventoryMac: mac?.description,
            wireIp: wireIP?.description,
            matchedBy: matchedBy
        )
    }
}
