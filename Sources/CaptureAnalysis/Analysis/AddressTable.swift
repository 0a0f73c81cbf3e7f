import CaptureFiles

/// An open-addressing map from an IPv4 address (as `UInt32`) to a value, with a multiplicative
/// hash: the analyzer updates one or two address tallies per frame and a target's probes per TCP
/// attempt, where `Dictionary`'s seeded SipHash would cost as much as decoding the frame.
/// Addresses are never removed. Not randomised, like `FourTupleTable`: a pathological capture
/// only makes analysis slower.
struct AddressTable<Value: Sendable>: Sendable {
    /// An address and where its value is, side by side, so a probe reads one cache line.
    private struct Entry: Sendable {
        var address: UInt32
        /// The index in `values`; -1 for an empty slot.
        var index: Int32
    }

    private var entries: [Entry]
    /// The values, in order of first appearance; `index(of:)` says where an address's is.
    var values: [Value] = []
    /// The address of `values[i]`.
    private(set) var addresses: [UInt32] = []
    private var shift: UInt64
    /// What a new address starts with.
    private let empty: Value

    init(empty: Value, capacity: Int = 64) {
        self.empty = empty
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        entries = Array(repeating: Entry(address: 0, index: -1), count: size)
        shift = UInt64(64 - size.trailingZeroBitCount)
    }

    /// The index of `address`'s value in `values`, adding an empty one if needed.
    @inline(__always)
    mutating func index(of address: UInt32) -> Int {
        let mask = entries.count - 1
        var i = slot(for: address)
        while entries[i].index >= 0 {
            if entries[i].address == address { return Int(entries[i].index) }
            i = (i + 1) & mask
        }
        if (values.count + 1) * 2 > entries.count {
            grow()
            return index(of: address)
        }
        entries[i] = Entry(address: address, index: Int32(values.count))
        values.append(empty)
        addresses.append(address)
        return values.count - 1
    }

    /// The value of `address`, nil when it was never added.
    func value(of address: UInt32) -> Value? {
        let mask = entries.count - 1
        var i = slot(for: address)
        while entries[i].index >= 0 {
            if entries[i].address == address { return values[Int(entries[i].index)] }
            i = (i + 1) & mask
        }
        return nil
    }

    /// Fibonacci hashing: the top bits of the product are the well-mixed ones.
    @inline(__always)
    private func slot(for address: UInt32) -> Int {
        Int(truncatingIfNeeded: (UInt64(address) &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    /// The addresses and their values, in order of first appearance.
    var pairs: Zip2Sequence<[UInt32], [Value]> { zip(addresses, values) }

    private mutating func grow() {
        let size = entries.count * 2
        entries = Array(repeating: Entry(address: 0, index: -1), count: size)
        shift = UInt64(64 - size.trailingZeroBitCount)
        let mask = size - 1
        for (n, address) in addresses.enumerated() {
            var i = slot(for: address)
            while entries[i].index >= 0 { i = (i + 1) & mask }
            entries[i] = Entry(address: address, index: Int32(n))
        }
    }
}
