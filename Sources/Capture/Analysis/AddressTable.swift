/// An open-addressing map from an IPv4 address (as `UInt32`) to its `AddressTally`, with a
/// multiplicative hash: the analyzer updates one or two tallies per frame, where `Dictionary`'s
/// seeded SipHash would cost as much as decoding the frame. Addresses are never removed. Not
/// randomised, like `FourTupleTable`: a pathological capture only makes analysis slower.
struct AddressTable: Sendable {
    private var slots: [Int32]
    private var keys: [UInt32]
    /// The tallies, in order of first appearance; `index(of:)` says where an address's is.
    var tallies: [AddressTally] = []
    /// The address of `tallies[i]`.
    private(set) var addresses: [UInt32] = []
    private var shift: UInt64

    init(capacity: Int = 64) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = Array(repeating: -1, count: size)
        keys = Array(repeating: 0, count: size)
        shift = UInt64(64 - size.trailingZeroBitCount)
    }

    /// The index of `address`'s tally in `tallies`, adding an empty one if needed.
    @inline(__always)
    mutating func index(of address: UInt32) -> Int {
        let mask = slots.count - 1
        var i = slot(for: address)
        while slots[i] >= 0 {
            if keys[i] == address { return Int(slots[i]) }
            i = (i + 1) & mask
        }
        if (tallies.count + 1) * 2 > slots.count {
            grow()
            return index(of: address)
        }
        keys[i] = address
        slots[i] = Int32(tallies.count)
        tallies.append(AddressTally())
        addresses.append(address)
        return tallies.count - 1
    }

    /// The tally of `address`, nil when no frame named it.
    func tally(of address: UInt32) -> AddressTally? {
        let mask = slots.count - 1
        var i = slot(for: address)
        while slots[i] >= 0 {
            if keys[i] == address { return tallies[Int(slots[i])] }
            i = (i + 1) & mask
        }
        return nil
    }

    /// Fibonacci hashing: the top bits of the product are the well-mixed ones.
    @inline(__always)
    private func slot(for address: UInt32) -> Int {
        Int(truncatingIfNeeded: (UInt64(address) &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    private mutating func grow() {
        let size = slots.count * 2
        slots = Array(repeating: -1, count: size)
        keys = Array(repeating: 0, count: size)
        shift = UInt64(64 - size.trailingZeroBitCount)
        let mask = size - 1
        for (n, address) in addresses.enumerated() {
            var i = slot(for: address)
            while slots[i] >= 0 { i = (i + 1) & mask }
            keys[i] = address
            slots[i] = Int32(n)
        }
    }
}
