import CaptureFiles

/// What the TCP fold keeps of one target's finished attempts: the distinct ports probed and the
/// SYN round trips.
///
/// Kept per target rather than as one set of (target, port) keys, a handful of ports costs two
/// bytes each (docs/BENCHMARKS.md has the figures). A target probed on more than `bitmapThreshold`
/// ports (a full port scan) switches to a 65,536-bit map (8 KiB), so a hostile or exhaustive scan
/// costs no quadratic inserts.
struct TargetProbes: Sendable {
    /// Sorted, distinct, while there are few.
    private var ports: [UInt16] = []
    /// One bit per port, once there are many.
    private var bitmap: [UInt64]?
    private(set) var distinctPorts = 0
    /// SYN round trips (Karn's rule applied), nanoseconds.
    private(set) var rtts = RTTValues()

    static let bitmapThreshold = 256

    mutating func add(port: UInt16, rtt: Int64?) {
        if let rtt { rtts.append(rtt) }
        insert(port)
    }

    private mutating func insert(_ port: UInt16) {
        if bitmap != nil {
            let word = Int(port >> 6), bit = UInt64(1) << UInt64(port & 63)
            if bitmap![word] & bit == 0 {
                bitmap![word] |= bit
                distinctPorts += 1
            }
            return
        }
        // Sweeps usually probe ports in a fixed order, so the last place is checked first.
        if let last = ports.last, port > last {
            ports.append(port)
        } else {
            var low = 0, high = ports.count
            while low < high {
                let middle = (low + high) / 2
                if ports[middle] < port { low = middle + 1 } else { high = middle }
            }
            guard low == ports.count || ports[low] != port else { return }
            ports.insert(port, at: low)
        }
        distinctPorts += 1
        if ports.count > Self.bitmapThreshold {
            var map = [UInt64](repeating: 0, count: 1024)
            for p in ports { map[Int(p >> 6)] |= UInt64(1) << UInt64(p & 63) }
            bitmap = map
            ports = []
        }
    }
}
