extension SSDPMessage {
    /// The kind of message `bytes` hold, decided as ``init(decoding:)`` decides it, without
    /// building the start line's strings or the headers: counting a capture's SSDP traffic then
    /// costs no string per datagram.
    ///
    /// An ASCII payload is read byte by byte under the decoder's rules (a byte is a character
    /// there); any other payload, and any payload those rules refuse, goes through the decoder
    /// itself, so the answer and the error are always the decoder's.
    ///
    /// - Throws: what ``init(decoding:)`` throws for the same bytes.
    public static func kind(classifying bytes: UnsafeRawBufferPointer) throws(WireDecodingError) -> Kind {
        if let kind = asciiKind(bytes) { return kind }
        return try SSDPMessage(decoding: ArraySlice(bytes)).kind
    }

    /// The kind of an all-ASCII message the decoder accepts; nil for anything else.
    private static func asciiKind(_ bytes: UnsafeRawBufferPointer) -> Kind? {
        guard !bytes.isEmpty, isASCII(bytes) else { return nil }
        var lines = Lines(bytes: bytes)
        guard let first = lines.next(), !first.isEmpty, let kind = startLineKind(first) else { return nil }
        while let line = lines.next(), !line.isEmpty {
            guard let colon = line.firstIndex(of: colon),
                line[..<colon].contains(where: { $0 != space && $0 != tab })
            else { return nil }
        }
        return kind
    }

    /// The kind a start line gives, under the decoder's rules: `HTTP/x.y code reason` with a
    /// code 100–999, or `METHOD target HTTP/x.y` with a method of capitals and hyphens.
    private static func startLineKind(_ line: Slice<UnsafeRawBufferPointer>) -> Kind? {
        let parts = StartLineParts(line)
        if startsWithHTTP(line) {
            guard parts.count >= 2, let status = decimal(parts.second), (100...999).contains(status) else { return nil }
            return .response
        }
        guard parts.count == 3, startsWithHTTP(parts.third),
            parts.first.allSatisfy({ (0x41...0x5A).contains($0) || $0 == hyphen })
        else { return nil }
        if parts.first.elementsEqual("M-SEARCH".utf8) { return .search }
        if parts.first.elementsEqual("NOTIFY".utf8) { return .notify }
        return .otherRequest
    }

    /// Whether every byte is below 0x80, read eight at a time.
    private static func isASCII(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var i = 0
        while i + 8 <= bytes.count {
            guard bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 else {
                return false
            }
            i += 8
        }
        while i < bytes.count {
            guard bytes[i] < 0x80 else { return false }
            i += 1
        }
        return true
    }

    /// Whether `bytes` begin with "HTTP/".
    private static func startsWithHTTP(_ bytes: Slice<UnsafeRawBufferPointer>) -> Bool {
        bytes.starts(with: "HTTP/".utf8)
    }

    /// The value `Int(_:)` reads from ASCII `digits` (an optional sign, then decimal digits);
    /// nil where it reads none. Values past 9,999 read as 9,999: only 100–999 matters here.
    private static func decimal(_ digits: Slice<UnsafeRawBufferPointer>) -> Int? {
        var rest = digits[...]
        var negative = false
        if let sign = rest.first, sign == plus || sign == minus {
            negative = sign == minus
            rest = rest.dropFirst()
        }
        guard !rest.isEmpty, rest.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        let value = rest.reduce(0) { min($0 * 10 + Int($1 - 0x30), 9_999) }
        return negative ? -value : value
    }

    /// The lines `split(separator: LF, omittingEmptySubsequences: false)` gives (after the last
    /// LF, one more, empty or not), each without one trailing CR; no array is made.
    private struct Lines: IteratorProtocol {
        let bytes: UnsafeRawBufferPointer
        var start = 0

        mutating func next() -> Slice<UnsafeRawBufferPointer>? {
            guard start <= bytes.count else { return nil }
            var end = start
            while end < bytes.count, bytes[end] != newline { end += 1 }
            defer { start = end + 1 }
            let line = bytes[start..<end]
            return line.last == carriageReturn ? line.dropLast() : line
        }
    }

    /// The parts `split(separator: space, maxSplits: 2, omittingEmptySubsequences: true)` gives
    /// (up to three; the third is the rest of the line after the second part's space), without
    /// making an array.
    private struct StartLineParts {
        private(set) var count = 0
        private(set) var first: Slice<UnsafeRawBufferPointer>
        private(set) var second: Slice<UnsafeRawBufferPointer>
        private(set) var third: Slice<UnsafeRawBufferPointer>

        init(_ line: Slice<UnsafeRawBufferPointer>) {
            let none = line[line.endIndex...]
            first = none; second = none; third = none
            var start = line.startIndex, end = start
            while end < line.endIndex {
                guard line[end] == space else { end += 1; continue }
                let appended = start < end
                if appended { append(line[start..<end]) }
                end += 1
                start = end
                if appended && count == 2 { break }
            }
            if start < line.endIndex { append(line[start...]) }
        }

        private mutating func append(_ part: Slice<UnsafeRawBufferPointer>) {
            switch count {
            case 0: first = part
            case 1: second = part
            default: third = part
            }
            count += 1
        }
    }

    private static let newline: UInt8 = 0x0A, carriageReturn: UInt8 = 0x0D, space: UInt8 = 0x20, tab: UInt8 = 0x09
    private static let colon: UInt8 = 0x3A, hyphen: UInt8 = 0x2D, plus: UInt8 = 0x2B, minus: UInt8 = 0x2D
}
