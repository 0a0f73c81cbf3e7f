/// A list that grows in fixed chunks once it is long, for what a long capture's analysis keeps
/// per address: appending never copies what is there, where an array's growth copies it and holds
/// both buffers for a moment (up to three times the list at the peak), and a short list costs one
/// small array.
struct ChunkedList<Element: Sendable>: Sendable {
    /// Elements per chunk after the first.
    static var chunkLength: Int { 4_096 }

    /// The first elements (an array that grows as arrays do, up to `chunkLength`), then full chunks.
    private var head: [Element] = []
    private var chunks: [[Element]] = []

    var count: Int { head.count + chunks.reduce(0) { $0 + $1.count } }

    @inline(__always)
    mutating func append(_ element: Element) {
        if chunks.isEmpty, head.count < Self.chunkLength {
            head.append(element)
        } else if let last = chunks.indices.last, chunks[last].count < Self.chunkLength {
            chunks[last].append(element)
        } else {
            var chunk: [Element] = []
            chunk.reserveCapacity(Self.chunkLength)
            chunk.append(element)
            chunks.append(chunk)
        }
    }

    /// Lets `body` change the last element in place; false when the list is empty or `body` says so.
    @inline(__always)
    mutating func updateLast(_ body: (inout Element) -> Bool) -> Bool {
        if let last = chunks.indices.last { return body(&chunks[last][chunks[last].count - 1]) }
        guard !head.isEmpty else { return false }
        return body(&head[head.count - 1])
    }

    /// The element at `position` in append order, nil past the end.
    func element(at position: Int) -> Element? {
        if position < head.count { return head[position] }
        let rest = position - head.count
        let chunk = rest / Self.chunkLength, offset = rest % Self.chunkLength
        guard chunk < chunks.count, offset < chunks[chunk].count else { return nil }
        return chunks[chunk][offset]
    }

    /// Every element in append order.
    func forEach(_ body: (Element) -> Void) {
        for element in head { body(element) }
        for chunk in chunks { for element in chunk { body(element) } }
    }
}
