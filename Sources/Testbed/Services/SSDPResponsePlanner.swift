import Fixture
import Wire

/// The SSDP search responses of one UPnP root device, as a pure function of the fixture.
struct SSDPResponsePlanner: Sendable {
    let service: Fixture.SSDPService
    let ip: IPv4Address

    /// Every search target the device answers: root device, its UUID, its type, its services.
    var targets: [String] {
        ["upnp:rootdevice", "uuid:\(service.uuid)", service.deviceType] + (service.services ?? [])
    }

    /// The response texts for `request`: one per target for `ssdp:all`, one for a matching
    /// target, none otherwise.
    func responses(to request: SSDPSearchRequest) -> [String] {
        let matches = request.st == "ssdp:all" ? targets : targets.filter { $0 == request.st }
        var seen: Set<String> = []
        return matches.filter { seen.insert($0).inserted }.map(response(for:))
    }

    /// The response for search target `target`.
    func response(for target: String) -> String {
        let usn = target.hasPrefix("uuid:") ? "uuid:\(service.uuid)" : "uuid:\(service.uuid)::\(target)"
        return [
            "HTTP/1.1 200 OK",
            "CACHE-CONTROL: max-age=1800",
            "EXT:",
            "LOCATION: http://\(ip):\(service.locationPort)\(service.descriptionPath)",
            "SERVER: \(service.server)",
            "ST: \(target)",
            "USN: \(usn)",
            "BOOTID.UPNP.ORG: 1",
            "", "",
        ].joined(separator: "\r\n")
    }

    /// How long to wait before answering: the fixture's delay capped to MX, else random in [0, MX].
    func delayMilliseconds(
        for request: SSDPSearchRequest,
        random: (ClosedRange<Int>) -> Int = { Int.random(in: $0) }
    ) -> Int {
        let window = request.maxWait * 1000
        if let delay = service.delayMs { return min(Int(delay.rounded()), window) }
        return random(0...window)
    }
}
