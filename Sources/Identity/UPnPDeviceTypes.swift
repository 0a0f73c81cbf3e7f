extension IdentityVocabulary {
    /// UPnP device types: `urn:schemas-upnp-org:device:<name>:` are the UPnP Forum's standardised
    /// device control protocols (now published by the Open Connectivity Foundation,
    /// https://openconnectivity.org/developer/specifications/upnp-resources/upnp/); DIAL servers
    /// are a TV's "first screen" (DIAL 2.x specification, http://www.dial-multiscreen.org). The
    /// AV MediaRenderer and MediaServer specifications list TVs, stereos and speakers, and PCs and
    /// NAS boxes, as theirs: `suggests`. A literal is a prefix: the version follows it.
    public static let upnpDeviceTypes = IdentityVocabulary(
        name: "upnp-device-types",
        source: "UPnP Forum / OCF standardized device control protocols; DIAL 2.x specification",
        entries: [
            .init("urn:schemas-upnp-org:device:InternetGatewayDevice:", "router"),
            .init("urn:schemas-upnp-org:device:WANDevice:", "router"),
            .init("urn:schemas-upnp-org:device:WANConnectionDevice:", "router"),
            .init("urn:schemas-upnp-org:device:LANDevice:", "router"),
            .init("urn:schemas-upnp-org:device:WLANAccessPointDevice:", "router"),
            .init("urn:schemas-upnp-org:device:Printer:", "printer"),
            .init("urn:schemas-upnp-org:device:Scanner:", "printer"),
            .init("urn:schemas-upnp-org:device:DigitalSecurityCamera:", "camera"),
            .init("urn:schemas-upnp-org:device:BinaryLight:", "iot"),
            .init("urn:schemas-upnp-org:device:DimmableLight:", "iot"),
            .init("urn:schemas-upnp-org:device:HVAC_System:", "iot"),
            .init("urn:schemas-upnp-org:device:HVAC_ZoneThermostat:", "iot"),
            .init("urn:schemas-upnp-org:device:SensorManagement:", "iot"),
            .init("urn:schemas-upnp-org:device:SolarProtectionBlind:", "iot"),
            .init("urn:dial-multiscreen-org:device:dial:", "tv"),
            .init("urn:schemas-upnp-org:device:MediaRenderer:", "tv", .suggests),
            .init("urn:schemas-upnp-org:device:MediaServer:", "storage", .suggests),
        ]
    )

    /// The entry whose literal starts `deviceType` (case-insensitively).
    public static func upnpEntry(_ deviceType: String) -> Entry? {
        let lower = deviceType.lowercased()
        return upnpDeviceTypes.entries.first { lower.hasPrefix($0.literal.lowercased()) }
    }
}
