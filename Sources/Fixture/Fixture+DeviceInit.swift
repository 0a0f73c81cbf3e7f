import Wire

// In an extension so the memberwise initialiser the generator uses stays synthesized; public so
// `Twin` can build a fixture from a capture.

extension Fixture.Device {
    /// A device with only its identity; every behaviour key absent (the schema's defaults).
    public init(name: String, ip: IPv4Address, mac: MACAddress, category: Fixture.DeviceCategory) {
        self.name = name
        self.ip = ip
        self.mac = mac
        self.category = category
    }
}
