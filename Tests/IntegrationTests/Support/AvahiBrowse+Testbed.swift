import Testbed

/// `AvahiBrowse` (the Testbed module's avahi-browse reference) run in a live testbed's scanner namespace.
extension AvahiBrowse {
    /// The fields of every resolved (`=`) line, as avahi printed them (`;`-separated, names escaped).
    static func resolvedLines(on testbed: LiveTestbed, seconds: Int = 15) throws -> [[String]] {
        resolvedLines(in: try testbed.shell(script(seconds: seconds), timeout: Double(seconds) + 45).stdout)
    }

    /// The resolved IPv4 services as (instance, type, address, port), names unescaped.
    static func resolved(on testbed: LiveTestbed, seconds: Int = 15) throws -> Set<Entry> {
        entries(in: try testbed.shell(script(seconds: seconds), timeout: Double(seconds) + 45).stdout)
    }
}
