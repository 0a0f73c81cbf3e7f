import Fixture

extension SessionTargets {
    /// What `--target` binds `name` to: the device's MAC for `$wol_target` (the Wake-on-LAN tool
    /// takes a MAC), its address for the others.
    static func binding(_ name: String, _ device: GroundTruth.DeviceTruth) -> String {
        name == "wol_target" ? device.device.mac.description : device.device.ip.description
    }

    /// The device woken: the first (by address) whose agent runs a Wake-on-LAN listener, which
    /// logs every datagram on UDP 9 (`WakeOnLANListener`) — the reference the packet is scored against.
    var wolTarget: GroundTruth.DeviceTruth? {
        truth.devices.filter { $0.device.wakeOnLAN == true }.min { $0.device.ip < $1.device.ip }
    }

    /// The device whose detail screen discovers services: reliable ARP and the most mDNS services
    /// (ties: the lower address), so that the address filter has the most to keep.
    var detailTarget: GroundTruth.DeviceTruth? {
        truth.devices.filter { ($0.device.arp?.replyProbability ?? 1) >= 1 && !($0.device.mdns ?? []).isEmpty }
            .max { a, b in
                let (na, nb) = ((a.device.mdns ?? []).count, (b.device.mdns ?? []).count)
                return na != nb ? na < nb : a.device.ip > b.device.ip
            }
    }
}
