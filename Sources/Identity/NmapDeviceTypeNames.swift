extension IdentityVocabulary {
    /// nmap's device types (the third field of `nmap-os-db`'s `Class` lines; Nmap Network
    /// Scanning, ch. 8 "Device and OS classification": https://nmap.org/book/osdetect-fingerprint-format.html)
    /// and the category each stands for. Types not listed (load balancer, terminal …) map to none.
    public static let nmapDeviceTypes = IdentityVocabulary(
        name: "nmap-device-types",
        source:
            "nmap-os-db Class device types; Nmap Network Scanning ch. 8 (nmap.org/book/osdetect-fingerprint-format.html)",
        entries: [
            .init("general purpose", "computer"), .init("printer", "printer"), .init("print server", "printer"),
            .init("webcam", "camera"),
            .init("storage-misc", "storage"), .init("game console", "gaming"), .init("phone", "phone"),
            .init("VoIP phone", "phone"),
            .init("PDA", "tablet"),  // a handheld computer that is not a phone
            .init("router", "router"), .init("broadband router", "router"), .init("WAP", "router"),
            .init("switch", "router"),
            .init("bridge", "router"), .init("hub", "router"), .init("firewall", "router"),
            .init("media device", "tv"),  // audiovisual equipment, TVs
            .init("specialized", "iot"), .init("power-device", "iot"),  // the catch-all, UPSs
        ]
    )

    /// nmap-os-db's names of vendors the IEEE registry spells differently (`Class` vendor field;
    /// IEEE: "Hewlett Packard", "Routerboard.com", "Silicon Graphics", "WIESEMANN & THEIS GMBH",
    /// "D&M Holdings Inc."). `category` holds the IEEE organisation's words.
    public static let nmapVendorNames = IdentityVocabulary(
        name: "nmap-vendor-names",
        source: "nmap-os-db Class vendor field against the IEEE MA-L listing (standards-oui.ieee.org)",
        entries: [
            .init("HP", "hewlett packard"), .init("MikroTik", "routerboard com"), .init("SGI", "silicon graphics"),
            .init("W&T", "wiesemann theis"), .init("Denon", "d m holdings"),
        ]
    )
}
