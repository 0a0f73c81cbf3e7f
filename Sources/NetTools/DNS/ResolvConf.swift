import Foundation
import Wire

/// The parts of resolv.conf(5) the DNS tool uses: name servers, search list, timeout, attempts.
public struct ResolvConf: Sendable, Equatable {
    public var nameservers: [IPv4Address] = []
    public var search: [String] = []
    /// `options timeout:N` (seconds, default 5).
    public var timeout: Double = 5
    /// `options attempts:N` (default 2).
    public var attempts: Int = 2

    public init() {}

    /// Parses resolv.conf text; IPv6 name servers and unknown lines are skipped.
    public init(text: String) {
        for rawLine in text.split(whereSeparator: \.isNewline) {
            let line = rawLine.split(whereSeparator: { $0 == "#" || $0 == ";" }).first.map(String.init) ?? ""
            let words = line.split(whereSeparator: \.isWhitespace).map(String.init)
            guard let keyword = words.first else { continue }
            switch keyword {
            case "nameserver":
                if words.count > 1, let ip = IPv4Address(words[1]) { nameservers.append(ip) }
            case "search", "domain":
                search = Array(words.dropFirst())
            case "options":
                for option in words.dropFirst() {
                    let parts = option.split(separator: ":", maxSplits: 1)
                    guard parts.count == 2, let value = Int(parts[1]) else { continue }
                    if parts[0] == "timeout" { timeout = Double(max(1, value)) }
                    if parts[0] == "attempts" { attempts = max(1, value) }
                }
            default: continue
            }
        }
    }

    /// The system's configuration (/etc/resolv.conf), empty when unreadable.
    public static func system(path: String = "/etc/resolv.conf") -> ResolvConf {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return ResolvConf() }
        return ResolvConf(text: text)
    }
}
