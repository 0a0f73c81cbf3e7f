import Wire

/// What a generated device's names and strings are made from: its owner or room, its model and
/// its MAC, filled into the catalog's text templates (`"{owner}’s iPhone"`, `"HP{MAC6}"`).
struct DeviceIdentity: Sendable {
    var vendor: String
    var model: DeviceKind.Model
    var owner: String
    var room: String
    var mac: MACAddress
    var ip: IPv4Address
    /// The device's own name for itself (`Emma’s iPhone`, `Kitchen`), filled from the kind's
    /// `label` template; empty until then.
    var label = ""

    /// `template` with every `{token}` replaced; unknown tokens are a catalog bug.
    ///
    /// | token | gives | example |
    /// |---|---|---|
    /// | `{owner}` `{room}` `{vendor}` `{model}` `{modelid}` `{label}` | the identity's fields | `Emma`, `Living Room`, `Apple`, `HomePod`, `AudioAccessory6,1`, `Kitchen` |
    /// | `{room-}` `{model-}` | the same, lower-case, spaces and punctuation as `-` | `living-room`, `officejet-pro-8025` |
    /// | `{mac6}` `{MAC6}` `{mac12}` `{MAC12}` | the last 3 or all 6 MAC bytes in hex, lower/upper case | `a1b2c3`, `3C06A7A1B2C3` |
    /// | `{MAC:}` | the MAC, upper case with colons | `3C:06:A7:A1:B2:C3` |
    /// | `{dec4}` | the last two MAC bytes as a 4-digit decimal (Tasmota's style) | `0451` |
    /// | `{ip}` | the device's address | `198.18.0.23` |
    /// | `{hex9}` `{hex16}` `{HEX32}` | random hex digits (drawn from `random`) | `6c5f2d7a3` |
    /// | `{ALNUM7}` `{ALNUM8}` | random upper-case letters and digits (Windows' default names) | `K3J9QX2` |
    func fill(_ template: String, random: inout RandomSource) -> String {
        var result = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            result += rest[..<open]
            result += value(of: rest[rest.index(after: open)..<close], random: &random)
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    private func value(of token: Substring, random: inout RandomSource) -> String {
        let bytes = mac.array
        func hex(_ slice: ArraySlice<UInt8>) -> String {
            slice.map { NumberText.zeroPadded(String($0, radix: 16), to: 2) }.joined()
        }
        switch token {
        case "owner": return owner
        case "room": return room
        case "room-": return Self.kebab(room)
        case "vendor": return vendor
        case "label": return label
        case "model": return model.name
        case "model-": return Self.kebab(model.name)
        case "modelid": return model.id ?? model.name
        case "mac6": return hex(bytes[3...])
        case "MAC6": return hex(bytes[3...]).uppercased()
        case "mac12": return hex(bytes[...])
        case "MAC12": return hex(bytes[...]).uppercased()
        case "MAC:": return mac.description.uppercased()
        case "dec4": return NumberText.zeroPadded(String((Int(bytes[4]) << 8 | Int(bytes[5])) % 10_000), to: 4)
        case "ip": return ip.description
        case "hex9": return random.hex(9)
        case "hex16": return random.hex(16)
        case "HEX32": return random.hex(32).uppercased()
        case "ALNUM7": return Self.alphanumeric(7, random: &random)
        case "ALNUM8": return Self.alphanumeric(8, random: &random)
        default: preconditionFailure("unknown template token {\(token)}")
        }
    }

    /// Lower case, every run of other characters than letters and digits as one `-`.
    static func kebab(_ text: String) -> String {
        let words = text.lowercased().split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
        return words.joined(separator: "-")
    }

    private static func alphanumeric(_ count: Int, random: inout RandomSource) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        return String((0..<count).map { _ in alphabet[random.below(alphabet.count)] })
    }
}
