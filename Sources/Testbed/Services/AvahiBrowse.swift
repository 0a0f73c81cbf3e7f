/// avahi-browse, the reference for the Bonjour tools (the integration tests' and the harness's):
/// `avahi-browse -arpk` in a testbed's scanner namespace. avahi-browse talks to avahi-daemon over
/// D-Bus, so a private daemon pair is started in a mount namespace with its own /run (nothing of
/// the host's avahi is touched); `-k` keeps raw service types (no "SSH Remote Terminal").
public enum AvahiBrowse {
    /// One resolved (`=`) IPv4 line.
    public struct Entry: Hashable, Sendable {
        public var instance: String
        public var type: String
        public var address: String
        public var port: Int

        public init(instance: String, type: String, address: String, port: Int) {
            (self.instance, self.type, self.address, self.port) = (instance, type, address, port)
        }
    }

    /// The shell script (run it in the scanner namespace) that starts the private daemons,
    /// browses for `seconds` and stops them.
    public static func script(seconds: Int) -> String {
        """
        unshare -mu sh -c '
          mount -t tmpfs tmpfs /run && mkdir -p /run/dbus /run/avahi-daemon || exit 3
          dbus-daemon --system --fork --print-pid > /run/dbus/pid.txt || exit 4
          avahi-daemon --no-drop-root --no-chroot --no-rlimits -D || exit 5
          sleep 1
          timeout \(seconds) avahi-browse -arpk
          avahi-daemon -k; kill $(cat /run/dbus/pid.txt)
          true'
        """
    }

    /// The fields of every resolved (`=`) line of `output`, as avahi printed them (`;`-separated, names escaped).
    public static func resolvedLines(in output: String) -> [[String]] {
        output.split(separator: "\n").filter { $0.hasPrefix("=") }
            .map { $0.split(separator: ";", omittingEmptySubsequences: false).map(String.init) }
    }

    /// The resolved IPv4 services of `output`, names unescaped.
    public static func entries(in output: String) -> Set<Entry> {
        Set(
            resolvedLines(in: output).compactMap { fields in
                guard fields.count > 8, fields[2] == "IPv4", let port = Int(fields[8]) else { return nil }
                return Entry(instance: unescape(fields[3]), type: fields[4], address: fields[7], port: port)
            }
        )
    }

    /// avahi's `\DDD` decimal escapes decoded (`Anna\032TV` → `Anna TV`).
    public static func unescape(_ text: String) -> String {
        var bytes: [UInt8] = []
        var index = text.startIndex
        while index < text.endIndex {
            if text[index] == "\\", let end = text.index(index, offsetBy: 4, limitedBy: text.endIndex),
                let code = UInt8(text[text.index(after: index)..<end])
            {
                bytes.append(code)
                index = end
            } else {
                bytes.append(contentsOf: Array(String(text[index]).utf8))
                index = text.index(after: index)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
