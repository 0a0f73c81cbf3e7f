/// A public table a category depends on, as the run found it on this machine: the IEEE registry
/// (`ieee-data`), nmap's `nmap-mac-prefixes`, `nmap-os-db` and `nmap-services` (docs/METRICS.md,
/// "Categories"). Another version of a table can move a vendor's verdict, so results.json
/// records which one was read (`environment.public_tables`).
public struct PublicTableRecord: Codable, Sendable, Equatable {
    public var path: String
    /// SHA-256 of the file; nil when it is absent (then the classifier ran without it).
    public var sha256: String?
    /// Its modification time, ISO 8601 UTC.
    public var modified: String?
    /// The Debian package that installed it and its version (`ieee-data 20220827.1`), when dpkg knows.
    public var package: String?

    public init(path: String, sha256: String?, modified: String?, package: String?) {
        self.path = path
        self.sha256 = sha256
        self.modified = modified
        self.package = package
    }

    /// The files `NetTools`' probe and classifier read (`OUIRegistry`, `NmapDeviceTypes`, `NmapServices`).
    public static let paths = [
        "/usr/share/ieee-data/oui.csv", "/usr/share/ieee-data/mam.csv", "/usr/share/ieee-data/oui36.csv",
        "/usr/share/ieee-data/iab.csv", "/usr/share/nmap/nmap-mac-prefixes", "/usr/share/nmap/nmap-os-db",
        "/usr/share/nmap/nmap-services",
    ]
}
