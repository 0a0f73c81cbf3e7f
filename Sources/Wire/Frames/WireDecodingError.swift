/// Why a frame, header or message could not be decoded.
///
/// Decoders never trap on hostile input: every read is bounds-checked first and a short or
/// inconsistent buffer becomes one of these values, which the capture analysis counts as
/// "malformed" per layer.
public enum WireDecodingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The buffer ended before the layer's fixed or declared length.
    case truncated(layer: WireLayer, needed: Int, available: Int)
    /// A field holds a value the layer does not allow (e.g. an IPv4 header length below 20).
    case malformed(layer: WireLayer, reason: String)

    /// The layer the error occurred in.
    public var layer: WireLayer {
        switch self {
        case .truncated(let layer, _, _), .malformed(let layer, _): layer
        }
    }

    public var description: String {
        switch self {
        case .truncated(let layer, let needed, let available):
            "\(layer) truncated: needs \(needed) bytes, only \(available) present (was the capture snap length too short?)"
        case .malformed(let layer, let reason):
            "\(layer) malformed: \(reason)"
        }
    }
}

/// The protocol layers the Wire decoders know, used to attribute decoding errors.
public enum WireLayer: String, Sendable, Codable, CaseIterable, CustomStringConvertible {
    case ethernet, arp, ipv4, icmp, tcp, udp, dns, ssdp, link

    public var description: String { rawValue }
}
