import Wire

/// NetMonitor's SSDP address rule (spec §1.9): in the first line that starts with `location:`
/// (case-insensitive) take the first strict IPv4 token; otherwise the first strict IPv4 token
/// anywhere in the response. A token is a maximal run of digits and dots; strict means four parts,
/// each 0–255 without leading zeros (`IPv4Address.init?(_:)`).
public enum SSDPAddressExtractor {
    /// The address a response is credited to, or nil when it holds no strict IPv4 token.
    public static func address(in response: String) -> IPv4Address? {
        let lines = response.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
        if let location = lines.first(where: { $0.lowercased().hasPrefix("location:") }),
            let ip = firstIPv4Token(in: location)
        {
            return ip
        }
        return firstIPv4Token(in: response[...])
    }

    /// The first maximal digit-and-dot run that parses as a strict IPv4 address.
    public static func firstIPv4Token(in text: Substring) -> IPv4Address? {
        var token = ""
        for character in text {
            if character.isASCII && (character.isNumber || character == ".") {
                token.append(character)
                continue
            }
            if let ip = IPv4Address(token) { return ip }
            token = ""
        }
        return IPv4Address(token)
    }
}
