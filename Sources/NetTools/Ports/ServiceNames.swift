/// Service names for well-known TCP ports (NetMonitor's 31, plus the home ports ScanBench sees).
public enum ServiceNames {
    static let table: [UInt16: String] = [
        20: "FTP-Data", 21: "FTP", 22: "SSH", 23: "Telnet", 25: "SMTP", 53: "DNS", 67: "DHCP", 80: "HTTP", 110: "POP3",
        119: "NNTP", 123: "NTP", 139: "NetBIOS", 143: "IMAP", 161: "SNMP", 194: "IRC", 443: "HTTPS", 445: "SMB", 465: "SMTPS",
        514: "Syslog", 515: "LPD", 548: "AFP", 554: "RTSP", 587: "Submission", 631: "IPP", 993: "IMAPS", 995: "POP3S",
        1400: "Sonos", 1433: "MSSQL", 1521: "Oracle", 3000: "HTTP Dev", 3306: "MySQL", 3389: "RDP", 5000: "UPnP/HTTP",
        5432: "PostgreSQL", 5900: "VNC", 6379: "Redis", 7000: "AirPlay", 8008: "HTTP Alt (Cast)", 8009: "Cast",
        8080: "HTTP Alt", 8443: "HTTPS Alt", 9100: "JetDirect", 27017: "MongoDB", 32400: "Plex", 49000: "UPnP IGD",
        62078: "iPhone Sync",
    ]

    /// The service name of `port`, nil when unknown.
    public static func name(_ port: UInt16) -> String? { table[port] }
}
