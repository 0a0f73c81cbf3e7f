/// The SSDP answers one host sent the scanner: the headers that describe its UPnP root device,
/// and how long after the scanner's M-SEARCH each first answer came.
public struct ObservedSSDP: Sendable, Equatable {
    /// The device UUID from the USN, without `uuid:`.
    public var uuid: String?
    /// ST values naming a device type (`urn:…:device:…`).
    public var deviceTypes: [String] = []
    /// ST values naming a service type (`urn:…:service:…`).
    public var serviceTypes: [String] = []
    public var server: String?
    /// From LOCATION: the TCP port and path of the description.
    public var locationPort: Int?
    public var locationPath: String?
    /// M-SEARCH → first answer, ms, one per M-SEARCH answered.
    public var answerDelays: [Double] = []

    public init() {}

    /// Adds one answer's headers.
    mutating func add(st: String?, usn: String?, server: String?, location: String?) {
        if let usn, usn.hasPrefix("uuid:") {
            let id = usn.dropFirst(5).split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first.map(
                String.init
            )
            if uuid == nil, let id, !id.isEmpty { uuid = id }
        }
        if let st {
            if st.contains(":device:"), !deviceTypes.contains(st) { deviceTypes.append(st) }
            if st.contains(":service:"), !serviceTypes.contains(st) { serviceTypes.append(st) }
        }
        if self.server == nil { self.server = server }
        if let location, locationPort == nil, let parsed = Self.portAndPath(location) {
            locationPort = parsed.port
            locationPath = parsed.path
        }
    }

    /// `http://host:port/path` → (port, path); port 80 when absent.
    static func portAndPath(_ location: String) -> (port: Int, path: String)? {
        guard let scheme = location.range(of: "://") else { return nil }
        let rest = location[scheme.upperBound...]
        let slash = rest.firstIndex(of: "/") ?? rest.endIndex
        let authority = rest[..<slash]
        let path = slash < rest.endIndex ? String(rest[slash...]) : "/"
        if let colon = authority.lastIndex(of: ":") {
            guard let port = Int(authority[authority.index(after: colon)...]), (1...65535).contains(port) else {
                return nil
            }
            return (port, path)
        }
        return (location.hasPrefix("https") ? 443 : 80, path)
    }
}
