import CaptureFiles

/// Round-trip times in nanoseconds, kept in four bytes each where they fit.
///
/// The per-target summaries need every value (an exact median), so on a long capture these lists
/// are most of what the analyzer keeps: an evening of scans of one /24 (10 M frames) holds about
/// 3 M SYN round trips. A LAN round trip fits 32 bits of nanoseconds (4.29 s) with room to spare;
/// the rare value that does not — a reply long after its request, or a negative one from a
/// capture whose clock stepped back — goes to a short list of full 64-bit values, so nothing is
/// rounded and the summaries stay exact. The compact values are kept in a `ChunkedList`, so a
/// target's list grows without the spare half an array's growth leaves.
struct RTTValues: Sendable {
    private var compact = ChunkedList<UInt32>()
    private var wide: [Int64] = []

    var count: Int { compact.count + wide.count }

    mutating func append(_ rtt: Int64) {
        if rtt >= 0, rtt <= Int64(UInt32.max) {
            compact.append(UInt32(rtt))
        } else {
            wide.append(rtt)
        }
    }

    /// Every value, compact ones first (the summaries do not depend on order).
    var values: [Int64] {
        var all: [Int64] = []
        all.reserveCapacity(count)
        compact.forEach { all.append(Int64($0)) }
        all.append(contentsOf: wide)
        return all
    }
}
