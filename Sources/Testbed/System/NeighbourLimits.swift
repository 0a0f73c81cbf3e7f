import Foundation
import Platform

/// The kernel's neighbour (ARP) table limits. They are global — one table for every namespace —
/// so a big fixture's ARP sweep can overflow all namespaces at once. A testbed raises them for
/// its lifetime and the last `down` on the machine restores the values the first raise found.
public enum NeighbourLimits {
    static let keys = ["gc_thresh1", "gc_thresh2", "gc_thresh3"]
    /// Where the first `raise` keeps the values it found, for `restore`: one file for the machine,
    /// not per state root, since the limits are the kernel's. (Per root, a second root raising
    /// over the first saved the first's raised values, and a root whose job was killed kept the
    /// only record of the defaults, so the limits stayed raised.) A tmpfs, like the limits
    /// themselves, reset by a reboot.
    public static let savedPath = "/run/scanbench-neighbour-limits.json"

    static func path(_ key: String) -> String { "/proc/sys/net/ipv4/neigh/default/\(key)" }

    /// Current (gc_thresh1, gc_thresh2, gc_thresh3).
    public static func current() -> [Int] {
        keys.map { Int(ProcFile.text(path($0))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? 0 }
    }

    /// Raises the limits so `addresses` incomplete entries fit comfortably.
    /// - Returns: a sentence for the user if anything changed.
    public static func raise(toFit addresses: Int) throws -> String? {
        let wanted = [max(1024, addresses * 2), max(4096, addresses * 4), max(8192, addresses * 8)]
        let before = current()
        guard zip(before, wanted).contains(where: { $0 < $1 }) else { return nil }
        // Only the first raise on the machine records what it found (created exclusively: two
        // LANs raising at once must not record each other's raised values). A record left by a job
        // that never restored holds the values found before it raised: still the ones to restore.
        do {
            try JSONEncoder().encode(before).write(to: URL(fileURLWithPath: savedPath), options: .withoutOverwriting)
        } catch  where FileManager.default.fileExists(atPath: savedPath) {
            // Another raise recorded them first.
        }
        for (key, value) in zip(keys, zip(before, wanted).map { max($0, $1) }) {
            try "\(value)\n".write(toFile: path(key), atomically: false, encoding: .utf8)
        }
        return
            "raised the kernel's neighbour table limits (gc_thresh1/2/3 \(before.map(String.init).joined(separator: "/")) → \(current().map(String.init).joined(separator: "/"))) for this testbed; 'testbed down' restores them"
    }

    /// Restores the values the first `raise` found, if any; the caller checks that no testbed on
    /// the machine (whatever its state root) still needs them raised.
    public static func restore() {
        guard let data = FileManager.default.contents(atPath: savedPath),
            let values = try? JSONDecoder().decode([Int].self, from: data), values.count == 3
        else { return }
        for (key, value) in zip(keys, values) {
            try? "\(value)\n".write(toFile: path(key), atomically: false, encoding: .utf8)
        }
        try? FileManager.default.removeItem(atPath: savedPath)
    }
}
