import Foundation

/// A server certificate as the TLS check reports it.
public struct CertificateReport: Sendable, Codable, Equatable {
    public var host: String
    public var port: UInt16
    public var subject: String
    public var issuer: String
    /// Subject alternative names ("DNS:…", "IP Address:…").
    public var subjectAltNames: [String]
    public var notBefore: Date?
    public var notAfter: Date?
    /// Whole days from `now` until `notAfter` (negative once expired).
    public var daysLeft: Int?
    public var selfSigned: Bool
    /// OpenSSL's verification verdict against the system trust store ("ok" or the reason).
    public var verification: String
    public var expired: Bool { (daysLeft ?? 0) < 0 }

    enum CodingKeys: String, CodingKey {
        case host, port, subject, issuer, verification
        case subjectAltNames = "subject_alt_names"
        case notBefore = "not_before"
        case notAfter = "not_after"
        case daysLeft = "days_left"
        case selfSigned = "self_signed"
    }

    /// Reads `openssl x509 -noout -subject -issuer -dates -ext subjectAltName` output.
    public static func parse(
        x509 text: String,
        host: String,
        port: UInt16,
        verification: String,
        now: Date = Date()
    ) -> CertificateReport {
        var subject = "", issuer = ""
        var notBefore: Date?, notAfter: Date?
        var sans: [String] = []
        var inSAN = false
        for rawLine in text.split(whereSeparator: \.isNewline) {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("subject=") {
                subject = String(line.dropFirst(8)).trimmingCharacters(in: .whitespaces); inSAN = false
            } else if line.hasPrefix("issuer=") {
                issuer = String(line.dropFirst(7)).trimmingCharacters(in: .whitespaces); inSAN = false
            } else if line.hasPrefix("notBefore=") {
                notBefore = parseDate(String(line.dropFirst(10)))
            } else if line.hasPrefix("notAfter=") {
                notAfter = parseDate(String(line.dropFirst(9)))
            } else if line.contains("Subject Alternative Name") {
                inSAN = true
            } else if inSAN {
                sans += line.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
                    !$0.isEmpty
                }
                inSAN = false
            }
        }
        let days = notAfter.map { Int(floor($0.timeIntervalSince(now) / 86400)) }
        return CertificateReport(
            host: host,
            port: port,
            subject: subject,
            issuer: issuer,
            subjectAltNames: sans,
            notBefore: notBefore,
            notAfter: notAfter,
            daysLeft: days,
            selfSigned: !subject.isEmpty && subject == issuer,
            verification: verification
        )
    }

    /// Parses OpenSSL's "Nov 21 10:06:00 2025 GMT".
    static func parseDate(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "MMM d HH:mm:ss yyyy zzz"
        let squeezed = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return formatter.date(from: squeezed)
    }
}
