import CaptureFiles

/// An open-addressing hash map from `FourTuple` to an index (a TCP attempt's slot, an ICMP echo
/// exchange's), with a multiplicative hash.
///
/// The analyzer looks up one or two 4-tuples per TCP segment; `Dictionary`'s seeded SipHash
/// was a quarter of the analysis time. Linear probing; `remove` shifts the entries after a
/// removed key back (no tombstones), so lookups stay as short as before. Not randomised: the input is a capture file, and a
/// pathological one only makes analysis slower, never wrong.
///
/// Key and value sit side by side in one 16-byte entry, so a probe touches one cache line, not
/// two: on a long capture the table outgrows the caches and a lookup is a memory access.
///
/// A 4-tuple and its reverse hash to the same home slot, so `find(_:)` looks for a segment's
/// attempt in both orientations in one walk: an answer from the responder then finds its
/// attempt in the cache line its SYN just touched, instead of first missing the cache on a
/// forward key that is not there.
struct FourTupleTable: Sendable {
    private struct Entry: Sendable {
        var key: FourTuple
        /// The attempt index; -1 for an empty slot.
        var value: Int32
    }

    private var entries: [Entry]
    private var mask: Int
    private var shift: UInt64
    private(set) var count = 0

    init(capacity: Int = 1024) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        entries = Array(
            repeating: Entry(key: FourTuple(initiator: 0, initiatorPort: 0, responder: 0, responderPort: 0), value: -1),
            count: size
        )
        mask = size - 1
        shift = UInt64(64 - size.trailingZeroBitCount)
    }

    /// The home slot, the same for `key` and `key.reversed`: each endpoint (address and port) is
    /// mixed on its own and the two are combined in sorted order, then the top bits are taken
    /// (Fibonacci hashing; they are the well-mixed ones).
    @inline(__always)
    private func slot(for key: FourTuple) -> Int {
        let initiator = UInt64(key.initiator) << 16 | UInt64(key.initiatorPort)
        let responder = UInt64(key.responder) << 16 | UInt64(key.responderPort)
        var h = min(initiator, responder) &* 0x9E37_79B9_7F4A_7C15
        h ^= h >> 31
        h = (h ^ max(initiator, responder)) &* 0xC2B2_AE3D_27D4_EB4F
        return Int(truncatingIfNeeded: h >> shift)
    }

    /// The index stored for `key`, or nil.
    subscript(key: FourTuple) -> Int? {
        get {
            var i = slot(for: key)
            while entries[i].value >= 0 {
                if entries[i].key == key { return Int(entries[i].value) }
                i = (i + 1) & mask
            }
            return nil
        }
        set {
            guard let newValue else { preconditionFailure("FourTupleTable: use remove(_:ifValue:)") }
            if (count + 1) * 2 > entries.count { grow() }
            var i = slot(for: key)
            while entries[i].value >= 0 {
                if entries[i].key == key { entries[i].value = Int32(newValue); return }
                i = (i + 1) & mask
            }
            entries[i] = Entry(key: key, value: Int32(newValue))
            count += 1
        }
    }

    /// The index stored for `key`, or else for `key.reversed` (the attempt the other side
    /// opened), in one walk; `reversed` says which was found.
    func find(_ key: FourTuple) -> (index: Int, reversed: Bool)? {
        let reverse = key.reversed
        var reverseIndex: Int?
        var i = slot(for: key)
        while entries[i].value >= 0 {
            if entries[i].key == key { return (Int(entries[i].value), false) }
            if entries[i].key == reverse && reverseIndex == nil { reverseIndex = Int(entries[i].value) }
            i = (i + 1) & mask
        }
        return reverseIndex.map { ($0, true) }
    }

    /// Removes `key` when it maps to `value` (a 4-tuple re-pointed to a later attempt stays).
    ///
    /// Backward-shift deletion: each entry after the hole whose home slot lies at or before the
    /// hole moves into it, so every key stays reachable from its home slot without tombstones.
    mutating func remove(_ key: FourTuple, ifValue value: Int) {
        var i = slot(for: key)
        while entries[i].value >= 0 && entries[i].key != key { i = (i + 1) & mask }
        guard entries[i].value == Int32(value) else { return }
        var hole = i
        var j = (i + 1) & mask
        while entries[j].value >= 0 {
            let home = slot(for: entries[j].key)
            if (j - home) & mask >= (j - hole) & mask {
                entries[hole] = entries[j]
                hole = j
            }
            j = (j + 1) & mask
        }
        entries[hole].value = -1
        count -= 1
    }

    private mutating func grow() {
        let old = entries
        self = FourTupleTable(capacity: old.count)
        for entry in old where entry.value >= 0 { self[entry.key] = Int(entry.value) }
    }
}
