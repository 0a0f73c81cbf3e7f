/// One line of the event log: a monotonic timestamp and an event, encoded flat as
/// `{"t_ns": …, "type": "…", <payload fields>}`.
public struct EventRecord: Codable, Sendable, Equatable {
    /// `CLOCK_MONOTONIC` nanoseconds when the event was recorded.
    public var timeNs: UInt64
    public var event: ScanEvent

    private enum CodingKeys: String, CodingKey { case timeNs = "t_ns", type }

    public init(timeNs: UInt64, event: ScanEvent) {
        self.timeNs = timeNs
        self.event = event
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(timeNs, forKey: .timeNs)
        try container.encode(event.type, forKey: .type)
        try event.payload.encode(to: encoder)
    }

    /// - Throws: `DecodingError.dataCorrupted` for an unknown `type`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        timeNs = try container.decode(UInt64.self, forKey: .timeNs)
        let type = try container.decode(String.self, forKey: .type)
        guard let event = try ScanEvent.decode(type: type, from: decoder) else {
            throw DecodingError.dataCorruptedError(
                forKey: .type,
                in: container,
                debugDescription: "unknown event type '\(type)'"
            )
        }
        self.event = event
    }
}
