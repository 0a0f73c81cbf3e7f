import CaptureFiles
import Wire

/// One 802.11 frame as a monitor-mode capture holds it: the radio header (radiotap, PPI, Prism,
/// AVS or none), the MAC header (IEEE 802.11-2020 §9.2.4: frame control, duration/ID, addresses,
/// sequence control, QoS and HT control), and where its LLC/SNAP payload's network packet starts
/// when the frame is unprotected data.
///
/// Decoding never traps: the MAC header's fields are read as far as the frame holds them, and
/// `damage` says where it was cut short, so the frame is still counted for its transmitter.
public struct WLANFrame: Sendable {
    public enum Kind: String, Sendable, Codable, CaseIterable {
        case management, control, data, `extension`
    }

    /// What the radio header said (empty for plain 802.11).
    public var radio = RadioInfo()
    /// The MPDU's length on the air (MAC header, body and FCS), bytes.
    public var mpduLength = 0
    public var kind = Kind.management
    public var subtype: UInt8 = 0
    public var flags: UInt8 = 0
    /// The Duration/ID field, µs when below 0x8000 (the time the medium is reserved after this frame).
    public var durationID: UInt16 = 0
    /// Receiver (address 1) and transmitter (address 2; nil for CTS, ACK and other frames
    /// without one) addresses.
    public var receiver: MACAddress?
    public var transmitter: MACAddress?
    /// The network layer of an unprotected data frame with an LLC/SNAP header: its type and
    /// offset from the start of the captured bytes.
    public var payload: (type: EtherType, offset: Int)?
    /// Why decoding stopped early, if it did.
    public var damage: WireDecodingError?

    public var isRetry: Bool { flags & 0x08 != 0 }
    public var powerManagement: Bool { flags & 0x10 != 0 }
    public var isProtected: Bool { flags & 0x40 != 0 }
    public var toDS: Bool { flags & 0x01 != 0 }
    public var fromDS: Bool { flags & 0x02 != 0 }
    /// Data subtypes with bit 2 set (Null, QoS Null, CF-Poll…) carry no body.
    public var isNullData: Bool { kind == .data && subtype & 0x04 != 0 }

    /// The subtype's name (`beacon`, `qos_data`, `ack`, …), as IEEE 802.11-2020 Table 9-1 names it.
    public var subtypeName: String {
        let names: [String?]
        switch kind {
        case .management:
            names = [
                "assoc_request", "assoc_response", "reassoc_request", "reassoc_response", "probe_request",
                "probe_response",
                "timing_advertisement", nil, "beacon", "atim", "disassociation", "authentication", "deauthentication",
                "action", "action_no_ack", nil,
            ]
        case .control:
            names = [
                nil, nil, "trigger", "tack", "beamforming_report_poll", "ndp_announcement", "control_frame_extension",
                "control_wrapper", "block_ack_request", "block_ack", "ps_poll", "rts", "cts", "ack", "cf_end",
                "cf_end_ack",
            ]
        case .data:
            names = [
                "data", nil, nil, nil, "null", nil, nil, nil, "qos_data", "qos_data_cf_ack", "qos_data_cf_poll",
                "qos_data_cf_ack_cf_poll", "qos_null", nil, "qos_cf_poll", "qos_cf_ack_cf_poll",
            ]
        case .extension:
            names = Array(repeating: nil, count: 16)
        }
        return names[Int(subtype & 0x0F)] ?? "\(kind.rawValue)_subtype_\(subtype)"
    }

    public init() {}

    /// Decodes the frame in `bytes` of link type `linkType` (one of the `LinkType.isWireless` types).
    ///
    /// - Throws: `WireDecodingError` (layer `link`) only when the radio header itself is
    ///   broken; a cut MAC header is reported in `damage`.
    public init(decoding bytes: UnsafeRawBufferPointer, linkType: LinkType) throws(WireDecodingError) {
        switch linkType {
        case .radiotap: radio = try RadiotapHeader.decode(bytes)
        case .ppi: radio = try PPIHeader.decode(bytes)
        case .prism: radio = try PrismHeader.decodePrism(bytes)
        case .avs: radio = try PrismHeader.decodeAVS(bytes)
        default: break
        }
        let start = radio.headerLength
        mpduLength = bytes.count - start
        decodeMAC(UnsafeRawBufferPointer(rebasing: bytes[start...]), at: start)
    }

    private mutating func decodeMAC(_ mac: UnsafeRawBufferPointer, at start: Int) {
        guard mac.count >= 10 else {
            damage = .truncated(layer: .link, needed: 10, available: mac.count)
            return
        }
        kind = Kind.allCases[Int(mac[0] >> 2 & 0x03)]
        subtype = mac[0] >> 4
        flags = mac[1]
        durationID = RadiotapHeader.le16(mac, 2)
        receiver = MACAddress(bytes: UnsafeRawBufferPointer(rebasing: mac[4..<10]))
        guard hasTransmitter else { return }
        guard mac.count >= 16 else {
            damage = .truncated(layer: .link, needed: 16, available: mac.count)
            return
        }
        transmitter = MACAddress(bytes: UnsafeRawBufferPointer(rebasing: mac[10..<16]))
        guard kind == .data, !isNullData, !isProtected else { return }
        findPayload(mac, at: start)
    }

    /// Management and data frames name a transmitter; of control frames, those IEEE 802.11-2020
    /// §9.3.1 gives a TA field (what tshark shows as `wlan.ta`).
    private var hasTransmitter: Bool {
        switch kind {
        case .management, .data: true
        case .control: [2, 4, 5, 8, 9, 10, 11, 14, 15].contains(subtype)
        case .extension: false
        }
    }

    /// The data frame's MAC header (24 bytes; 30 with address 4 when both DS bits are set; +2
    /// QoS control; +4 HT control when QoS and Order are set), the radiotap padding, then
    /// LLC/SNAP: AA AA 03 and an OUI of 00 00 00 (RFC 1042) or 00 00 F8 (802.1H), then the EtherType.
    /// An A-MSDU (QoS control bit 7) holds subframes, not one packet, and is left undecoded.
    private mutating func findPayload(_ mac: UnsafeRawBufferPointer, at start: Int) {
        let qos = subtype & 0x08 != 0
        var length = toDS && fromDS ? 30 : 24
        if qos {
            guard mac.count >= length + 2 else { return }
            if mac[length] & 0x80 != 0 { return }  // A-MSDU
            length += 2
            if flags & 0x80 != 0 { length += 4 }
        }
        if radio.dataPad { length = (length + 3) / 4 * 4 }
        let fcs = radio.hasFCS ? 4 : 0
        guard mac.count >= length + 8 + fcs else {
            damage = .truncated(layer: .link, needed: length + 8 + fcs, available: mac.count)
            return
        }
        let llc = length
        guard mac[llc] == 0xAA, mac[llc + 1] == 0xAA, mac[llc + 2] == 0x03, mac[llc + 3] == 0,
            mac[llc + 4] == 0 && (mac[llc + 5] == 0 || mac[llc + 5] == 0xF8)
        else { return }
        let type = UInt16(mac[llc + 6]) << 8 | UInt16(mac[llc + 7])
        payload = (EtherType(rawValue: type), start + llc + 8)
    }

    /// The source address (SA) by the To/From-DS mapping of IEEE 802.11-2020 Table 9-30 (address
    /// 2 unless the frame comes from the DS, where address 3; address 4 when both bits are set).
    public func sourceAddress(in bytes: UnsafeRawBufferPointer) -> MACAddress? {
        guard kind == .data else { return transmitter }
        let offset = radio.headerLength + (fromDS ? (toDS ? 24 : 16) : 10)
        guard offset + 6 <= bytes.count else { return nil }
        return MACAddress(bytes: UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + 6)]))
    }
}
