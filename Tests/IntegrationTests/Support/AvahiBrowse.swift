/// Runs `avahi-browse -arpk` in a testbed's scanner namespace. avahi-browse talks to
/// avahi-daemon over D-Bus, so private ones are started in a mount namespace with its own /run;
/// -k keeps raw service types (no "SSH Remote Terminal").
enum AvahiBrowse {
    /// One resolved (`=`) IPv4 line.
    struct Entry: Hashable {
        var instance: String
        var type: String
        var address: String
        var port: Int
    }

    /// The fields of every resolved (`=`) line, as avahi printed them (`;`-separated, names escaped).
    static func resolvedLines(on testbed: LiveTestbed, seconds: Int = 15) throws -> [[String]] {
        let script = """
            unshare -mu sh -c '
              mount -t tmpfs tmpfs /run && mkdir -p /run/dbus /run/avahi-daemon || exit 3
              dbus-daemon --system --fork --print-pid > /run/dbus/pid.txt || exit 4
              avahi-daemon --no-drop-root --no-chroot --no-rlimits -D || exit 5
              sleep 1
              timeout \(seconds) avahi-browse -arpk
              avahi-daemon -k; kill $(cat /run/dbus/pid.txt)
              true'
            """
        let output = try testbed.shell(script, timeout: Double(seconds) + 45)
        return output.stdout.split(separator: "\n").filter { $0.hasPrefix("=") }
            .map { $0.split(separator: ";", omittingEmptySubsequences: false).map(String.init) }
    }

    /// The resolved IPv4 services as (instance, type, address, port), names unescaped.
    static func resolved(on testbed: LiveTestbed, seconds: Int = 15) throws -> Set<Entry> {
        Set(try resolvedLines(on: testbed, seconds: seconds).compactMap { fields in
            guard fields.count > 8, fields[2] == "IPv4", let port = Int(fields[8]) else { return nil }
            return Entry(instance: avahiUnescape(fields[3]), type: fields[4], address: fields[7], port: port)
        })
    }
}
