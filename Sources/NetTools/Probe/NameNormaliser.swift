/// HomeNet's name normalisation and display-name choice, and its de-duplication by IP.
public enum NameNormaliser {
    /// Strips domain suffixes (.lan, .local, .home.arpa, .home), a trailing dot, a DNS
    /// disambiguation number ("-7"), a Bonjour instance suffix ("(920)", " (2)") and a RAOP hex
    /// prefix ("00005E005301@", RFC 7042's documentation MAC).
    public static func normalise(_ name: String) -> String {
        var text = name.trimmingCharacters(in: .whitespaces)
        if text.hasSuffix(".") { text.removeLast() }
        for suffix in [".home.arpa", ".local", ".lan", ".home", ".localdomain"]
        where text.lowercased().hasSuffix(suffix) {
            text.removeLast(suffix.count)
        }
        if let at = text.firstIndex(of: "@") {
            let prefix = text[..<at]
            if prefix.count == 12, prefix.allSatisfy(\.isHexDigit) { text = String(text[text.index(after: at)...]) }
        }
        if text.hasSuffix(")"), let open = text.lastIndex(of: "("),
            text[text.index(after: open)..<text.index(before: text.endIndex)].allSatisfy(\.isNumber)
        {
            text = String(text[..<open]).trimmingCharacters(in: .whitespaces)
        }
        if let dash = text.lastIndex(of: "-"), text.index(after: dash) < text.endIndex {
            let tail = text[text.index(after: dash)...]
            if tail.count <= 2, tail.allSatisfy(\.isNumber) { text = String(text[..<dash]) }
        }
        return text
    }

    /// The display name: a probe-discovered friendly name (AirPlay, UPnP, Chromecast), then the
    /// longest Bonjour instance name, then the host name, then the IP.
    public static func displayName(_ signals: DeviceSignals) -> String {
        for name in [signals.airplayName, signals.upnpFriendlyName, signals.chromecastName] {
            if let name, !name.isEmpty { return name }
        }
        let instances = signals.services.map { normalise($0.instance) }.filter {
            !$0.isEmpty && !$0.contains("@fe80") && !$0.contains(":")
        }
        if let longest = instances.max(by: { $0.count < $1.count }) { return longest }
        if let hostname = signals.hostname { return normalise(hostname) }
        return signals.ip
    }

    /// Merges entries with the same IP, keeping the richer one's values and the union of lists.
    public static func deduplicateByIP(_ devices: [DeviceSignals]) -> [DeviceSignals] {
        var merged: [String: DeviceSignals] = [:]
        var order: [String] = []
        func richness(_ d: DeviceSignals) -> Int {
            d.services.count + d.openPorts.count + (d.hostname == nil ? 0 : 1) + (d.hasProbeResults ? 2 : 0)
        }
        for device in devices {
            guard var existing = merged[device.ip] else {
                merged[device.ip] = device; order.append(device.ip); continue
            }
            let richer = richness(device) > richness(existing)
            var rich = richer ? device : existing
            let poor = richer ? existing : device
            rich.hostname = rich.hostname ?? poor.hostname
            rich.vendor = rich.vendor ?? poor.vendor
            rich.mac = rich.mac ?? poor.mac
            rich.isGateway = rich.isGateway || poor.isGateway
            rich.openPorts = Array(Set(rich.openPorts + poor.openPorts)).sorted()
            rich.services += poor.services.filter { service in
                !rich.services.contains { $0.instance == service.instance && $0.type == service.type }
            }
            existing = rich
            merged[device.ip] = existing
        }
        return order.compactMap { merged[$0] }
    }
}
