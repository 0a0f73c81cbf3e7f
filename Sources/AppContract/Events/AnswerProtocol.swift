/// The protocol a listening phase heard an answer in: `answer_received`'s `protocol` field.
///
/// The raw values are the strings the log has always carried (docs/EVENTS.md); a missed device's
/// reason prints them ("no mdns answer from it during the bonjour phase").
public enum AnswerProtocol: String, Sendable, Codable, Equatable, Hashable, CaseIterable {
    case mdns, ssdp

    /// The listening phases (by phase id) and the protocol each listens for; the other phases
    /// receive no unsolicited answers.
    public static let listenedByPhase: [String: AnswerProtocol] = ["bonjour": .mdns, "ssdp": .ssdp]
}
