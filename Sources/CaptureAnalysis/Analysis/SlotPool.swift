import CaptureFiles

/// Records in an array whose freed places are reused, for state looked up through a
/// `FourTupleTable` (which maps a key to a slot here): the TCP tracker's live attempts, the echo
/// tracker's exchanges. Memory then follows the records alive at once, not every record a
/// capture ever had.
struct SlotPool<Element> {
    private var elements: [Element] = []
    private var free: [Int32] = []

    /// Slots ever allocated: the most records alive at once.
    var capacity: Int { elements.count }

    /// Stores `element` in a freed slot, or a new one, and returns the slot.
    @inline(__always)
    mutating func insert(_ element: Element) -> Int {
        if let slot = free.popLast() {
            elements[Int(slot)] = element
            return Int(slot)
        }
        elements.append(element)
        return elements.count - 1
    }

    /// Marks `slot` free for a later `insert`; its element stays until then.
    mutating func release(_ slot: Int) { free.append(Int32(slot)) }

    subscript(slot: Int) -> Element {
        @inline(__always) get { elements[slot] }
        @inline(__always) _modify { yield &elements[slot] }
    }
}
extension SlotPool: Sendable where Element: Sendable {}
