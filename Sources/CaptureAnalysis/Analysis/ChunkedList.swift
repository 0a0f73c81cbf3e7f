import CaptureFiles

/// A list that grows in fixed chunks once it is long, for what a long capture's analysis keeps
/// per address: appending never copies what is there, where an array's growth copies it and holds
/// both buffers for a moment (up to three times the list at the peak), and a short list costs one
/// small array.
struct ChunkedList<Element: Sendable>: Sendable {
    /// Elements per chunk.
    static var chunkLength: Int { 4_096 }

    /// Full chunks: the first grew as arrays do, the others were reserved at `chunkLength`.
    private var chunks: [[Element]] = []
    /// The chunk being filled: the only one while the list is short, so a short list costs one
    /// small array.
    private var tail: [Element] = []

    var count: Int { chunks.count * Self.chunkLength + tail.count }

    @inline(__always)
    mutating func append(_ element: Element) {
        if tail.count < Self.chunkLength {
            tail.append(element)
        } else {
            chunks.append(tail)
            tail = []
            tail.reserveCapacity(Self.chunkLength)
            tail.append(element)
        }
    }

    /// Lets `body` change the last element in place; false when the list is empty or `body` says so.
    @inline(__always)
    mutating func updateLast(_ body: (inout Element) -> Bool) -> Bool {
        guard !tail.isEmpty else { return false }
        return body(&tail[tail.count - 1])
    }

    /// The element at `position` in append order, nil past the end.
    func element(at position: Int) -> Element? {
        let chunk = position / Self.chunkLength, offset = position % Self.chunkLength
        if chunk < chunks.count { return chunks[chunk][offset] }
        guard chunk == chunks.count, offset < tail.count else { return nil }
        return tail[offset]
    }

    /// Every element in append order.
    func forEach(_ body: (Element) -> Void) {
        for chunk in chunks { for element in chunk { body(element) } }
        for element in tail { body(element) }
    }
}
