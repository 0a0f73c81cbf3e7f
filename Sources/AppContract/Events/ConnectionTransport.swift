/// A connection's transport, as `connection_created` names it.
public enum ConnectionTransport: String, Sendable, Codable { case tcp, udp }
