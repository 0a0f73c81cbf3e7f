/// One DNS-SD service a host answered with over mDNS: what its PTR, SRV and TXT records said,
/// and how long after the scanner's question each answer came.
public struct ObservedService: Sendable, Equatable {
    /// `_ipp._tcp` (no `.local`).
    public var type: String
    public var instance: String
    /// From the SRV record; nil when only the PTR was seen.
    public var port: Int?
    public var txt: [String: String] = [:]
    /// Query → answer, ms, for answers that followed a question from the scanner naming the type,
    /// the instance or the `_services._dns-sd._udp` meta-query.
    public var answerDelays: [Double] = []

    public init(type: String, instance: String) {
        self.type = type
        self.instance = instance
    }

    var key: String { "\(instance).\(type)" }
}
