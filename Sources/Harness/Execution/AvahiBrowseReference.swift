import Foundation
import Spawn
import TestbedPlatform

/// avahi-browse, the reference for the Bonjour tools: `avahi-browse -arpkt` in the scanner's
/// namespace. avahi-browse talks to avahi-daemon over D-Bus, so a private daemon pair is started
/// in a mount namespace with its own /run (nothing of the host's avahi is touched); `-k` keeps raw
/// service types, `-t` ends after the daemon's cache is dumped — bounded by `seconds` anyway.
enum AvahiBrowseReference {
    /// One resolved (`=`) IPv4 line.
    struct Entry: Hashable, Sendable {
        var instance: String
        var type: String
        var address: String
        var port: Int
    }

    /// The shell script that starts the private daemons, browses for `seconds` and stops them.
    static func script(seconds: Int) -> String {
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

    /// Browses in `namespace` for `seconds`.
    /// - Throws: `HarnessError` when the script cannot run or fails before browsing.
    static func resolved(in namespace: String, seconds: Int) throws -> Set<Entry> {
        let arguments = NetworkNamespace(namespace).command(["sh", "-c", script(seconds: seconds)])
        let output: (status: Int32, stdout: String, stderr: String)
        do { output = try ChildProcess.run(arguments, timeout: Double(seconds) + 30) } catch {
            throw HarnessError("avahi-browse could not run in \(namespace): \(error)", fix: "install avahi-daemon, avahi-utils and dbus")
        }
        guard output.status == 0 else {
            throw HarnessError("avahi-browse in \(namespace) exited with \(output.status): \(output.stderr.suffix(300))",
                               fix: "check that avahi-daemon, avahi-utils and dbus are installed")
        }
        return entries(in: output.stdout)
    }

    /// The resolved IPv4 services of avahi-browse -p output, names unescaped.
    static func entries(in output: String) -> Set<Entry> {
        Set(output.split(separator: "\n").filter { $0.hasPrefix("=") }.compactMap { line in
            let fields = line.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
            guard fields.count > 8, fields[2] == "IPv4", let port = Int(fields[8]) else { return nil }
            return Entry(instance: unescape(fields[3]), type: fields[4], address: fields[7], port: port)
        })
    }

    /// avahi's `\DDD` decimal escapes decoded (`Anna\032TV` → `Anna TV`).
    static func unescape(_ text: String) -> String {
        var bytes: [UInt8] = []
        var index = text.startIndex
        while index < text.endIndex {
            if text[index] == "\\", let end = text.index(index, offsetBy: 4, limitedBy: text.endIndex),
               let code = UInt8(text[text.index(after: index)..<end]) {
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
