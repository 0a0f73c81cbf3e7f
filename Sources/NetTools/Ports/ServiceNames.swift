/// Service names for well-known TCP ports (NetMonitor's 31 and other IANA-assigned ports; the
/// vendor-specific ports cite the vendor's documentation).
public enum ServiceNames {
    static let table: [UInt16: String] = [
        20: "FTP-Data", 21: "FTP", 22: "SSH", 23: "Telnet", 25: "SMTP", 53: "DNS", 67: "DHCP", 80: "HTTP", 110: "POP3",
        119: "NNTP", 123: "NTP", 139: "NetBIOS", 143: "IMAP", 161: "SNMP", 194: "IRC", 443: "HTTPS", 445: "SMB",
        465: "SMTPS",
        514: "Syslog", 515: "LPD", 548: "AFP", 554: "RTSP", 587: "Submission", 631: "IPP", 993: "IMAPS", 995: "POP3S",
        1433: "MSSQL", 1521: "Oracle", 3000: "HTTP Dev", 3306: "MySQL", 3389: "RDP", 5000: "UPnP/HTTP",
        5432: "PostgreSQL", 5900: "VNC", 6379: "Redis", 7000: "AirPlay", 8008: "HTTP Alt (Cast)", 8009: "Cast",
        8080: "HTTP Alt", 8443: "HTTPS Alt", 9100: "JetDirect", 27017: "MongoDB", 32400: "Plex",
        1400: "Sonos",  // Sonos support, firewall ports: TCP 1400 is the players' control port
        49000: "UPnP IGD",  // AVM's TR-064 documentation: FRITZ!Box UPnP/TR-064 descriptions on TCP 49000
        62078: "iPhone Sync",  // nmap-services iphone-sync
    ]

    /// The service name of `port`, nil when unknown.
    public static func name(_ port: UInt16) -> String? { table[port] }
}
