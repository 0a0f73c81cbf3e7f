import Platform
import Wire

/// Whether a UDP "connection" can be `ready`, as NWConnection decides it for the SSDP phase's
/// M-SEARCH socket.
///
/// A UDP NWConnection exchanges no packet before `.ready`: it is ready as soon as its path is
/// satisfied ("the path is available to establish connections and send data",
/// `NWPath.Status.satisfied`). Until then it is `.waiting` ("waiting for a network path change",
/// `NWConnection.State.waiting`) and stays so for as long as the path is unsatisfied — which is why
/// NetMonitor's SSDP phase bounds its wait for `.ready` at 2 s (spec §2.5 step 1: "Wait for ready
/// up to 2 s (failed/cancelled/timeout → return nothing)"; §6 row 8: "SSDP ready timeout … none →
/// 2 s … fix SSDP hang"). That bound is the strategy's `ssdp.ready_timeout_ms`.
///
/// NetMonitor requires the Wi-Fi interface (spec §2.5: "Wi-Fi interface only"); this port requires
/// the scanning interface when `bind_to_interface` is on, and otherwise any interface holding the
/// scanner's address. Read from `getifaddrs`:
///
/// | path (Linux)                                                        | NWConnection           | `decide`                  | source |
/// |---|---|---|---|
/// | required interface up (`IFF_UP`), carrier (`IFF_RUNNING`), an IPv4 address | `.ready`        | nil (ready)               | `NWPath.Status.satisfied` |
/// | required interface missing                                           | `.waiting` (no such interface to use) | `ENODEV`   | `NWPath.Status.unsatisfied` |
/// | required interface down or without carrier (Wi-Fi off, not associated) | `.waiting`           | `ENETDOWN`                | `NWPath.Status.unsatisfied` |
/// | required interface up with no IPv4 address yet (DHCP pending)        | `.waiting`             | `EADDRNOTAVAIL`           | `NWPath.Status.unsatisfied` |
/// | no interface required: the scanner's address is on an interface up with carrier | `.ready`    | nil                       | `NWPath.Status.satisfied` |
/// | no interface required: that interface is down / the address is gone | `.waiting`             | `ENETDOWN` / `EADDRNOTAVAIL` | `NWPath.Status.unsatisfied` |
/// | nothing required and no address known                              | `.ready`               | nil                       | nothing to wait for |
public enum PathReadiness {
    /// What `getifaddrs` says about one interface.
    public struct Interface: Sendable, Equatable {
        public var name: String
        /// `IFF_UP`: administratively up.
        public var isUp: Bool
        /// `IFF_RUNNING`: the link has carrier.
        public var isRunning: Bool
        /// Its IPv4 addresses.
        public var addresses: [IPv4Address]

        public init(name: String, isUp: Bool, isRunning: Bool, addresses: [IPv4Address]) {
            self.name = name
            self.isUp = isUp
            self.isRunning = isRunning
            self.addresses = addresses
        }
    }

    /// Checks a path now; nil when it is satisfied, else the error its `waiting` state carries.
    public typealias Check = @Sendable (_ interface: String?, _ localIP: IPv4Address?) -> ConnectionError?

    /// The decision for a path (see the table above).
    /// - Parameters:
    ///   - interface: the required interface, nil for none (`bind_to_interface: false`).
    ///   - localIP: the scanner's address, used when no interface is required.
    ///   - interfaces: the machine's interfaces now.
    /// - Returns: nil when the path is satisfied, else `ENODEV`, `ENETDOWN` or `EADDRNOTAVAIL`.
    public static func decide(interface: String?, localIP: IPv4Address?, interfaces: [Interface]) -> ConnectionError? {
        if let interface {
            guard let found = interfaces.first(where: { $0.name == interface }) else {
                return ConnectionError(code: Errno.noSuchDevice.rawValue)
            }
            guard found.isUp && found.isRunning else { return ConnectionError(code: Errno.networkDown.rawValue) }
            return found.addresses.isEmpty ? ConnectionError(code: Errno.addressNotAvailable.rawValue) : nil
        }
        guard let localIP else { return nil }
        guard let holder = interfaces.first(where: { $0.addresses.contains(localIP) }) else {
            return ConnectionError(code: Errno.addressNotAvailable.rawValue)
        }
        return holder.isUp && holder.isRunning ? nil : ConnectionError(code: Errno.networkDown.rawValue)
    }

    /// One `Interface` per name from `getifaddrs` entries (an interface without addresses still
    /// appears, through its link entry).
    public static func interfaces(from entries: [NetworkInterfaces.Entry]) -> [Interface] {
        var found: [Interface] = []
        for entry in entries {
            let index =
                found.firstIndex { $0.name == entry.name }
                ?? {
                    found.append(
                        Interface(name: entry.name, isUp: entry.isUp, isRunning: entry.isRunning, addresses: [])
                    )
                    return found.count - 1
                }()
            if let ipv4 = entry.ipv4 { found[index].addresses.append(ipv4.address) }
        }
        return found
    }

    /// `decide` on the machine's interfaces as they are now.
    public static let current: Check = { interface, localIP in
        decide(interface: interface, localIP: localIP, interfaces: SocketSystem.interfaces())
    }
}
