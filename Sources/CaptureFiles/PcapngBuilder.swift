/// Builds a pcapng file in memory, block by block, in the shapes iPhone capture routes write:
/// one interface per link type (Apple's `tcpdump -P`), Apple process information blocks and the
/// EPB options that point at them (owner 0x8001, effective 0x8003), pymobiledevice3's
/// per-packet comments.
///
/// It exists so the reader and `scanbench analyze` can be checked against files tshark also
/// reads, from real testbed traffic re-encapsulated (no iPhone is needed to test). Bytes go to
/// `bytes`; write them with any file API.
public struct PcapngBuilder: Sendable {
    /// The file so far.
    public private(set) var bytes: [UInt8] = []
    private let bigEndian: Bool
    private var interfaces = 0
    private var processes = 0

    /// Starts a file with a section header (section length −1: unknown, as streaming writers say).
    ///
    /// - Parameters:
    ///   - bigEndian: the section's byte order (readers must take either).
    ///   - application: `shb_userappl`, e.g. "pymobiledevice3".
    public init(bigEndian: Bool = false, application: String? = nil) {
        self.bigEndian = bigEndian
        var body: [UInt8] = []
        append32(&body, 0x1A2B_3C4D)
        append16(&body, 1)
        append16(&body, 0)
        append32(&body, 0xFFFF_FFFF)
        append32(&body, 0xFFFF_FFFF)
        appendOptions(&body, application.map { [(UInt16(4), Array($0.utf8))] } ?? [])
        appendBlock(PcapngReader.sectionHeaderType, body)
    }

    /// Adds an interface description; returns its index for `addPacket`.
    ///
    /// - Parameters:
    ///   - linkType: the LINKTYPE_ value (1 Ethernet, 101 raw IP, 276 SLL2, 258 PKTAP …).
    ///   - nanosecondTimestamps: write `if_tsresol` 9; without it timestamps are microseconds,
    ///     as pymobiledevice3 writes them.
    public mutating func addInterface(linkType: UInt16, name: String? = nil, nanosecondTimestamps: Bool = true) -> Int {
        var body: [UInt8] = []
        append16(&body, linkType)
        append16(&body, 0)
        append32(&body, 0)
        var options: [(UInt16, [UInt8])] = []
        if let name { options.append((2, Array(name.utf8))) }
        if nanosecondTimestamps { options.append((9, [9])) }
        appendOptions(&body, options)
        appendBlock(1, body)
        interfaces += 1
        return interfaces - 1
    }

    /// Adds an Apple process information block (0x80000001); returns its index for `addPacket`.
    public mutating func addProcess(_ process: PacketProcess) -> Int {
        var body: [UInt8] = []
        append32(&body, UInt32(bitPattern: process.pid))
        appendOptions(&body, [(2, Array(process.name.utf8))])
        appendBlock(0x8000_0001, body)
        processes += 1
        return processes - 1
    }

    /// Adds an enhanced packet block.
    ///
    /// - Parameters:
    ///   - timestamp: ns since the epoch (written in the interface's units, µs unless it was
    ///     added with `nanosecondTimestamps`).
    ///   - nanosecondUnits: must match how `interface` was added.
    ///   - comment: `opt_comment`, e.g. `PacketProcess.pymobiledevice3Comment`.
    ///   - processIndex: Apple's option 0x8001, a `addProcess` index: the socket's owner.
    ///   - effectiveProcessIndex: Apple's option 0x8003, a `addProcess` index: the process the
    ///     owner sends for.
    ///   - extraOptions: more options as (code, value), written as given after the others (for
    ///     hostile input: an option too short, an index out of range).
    public mutating func addPacket(
        interface: Int,
        timestamp: Int64,
        nanosecondUnits: Bool = true,
        data: [UInt8],
        originalLength: Int? = nil,
        comment: String? = nil,
        processIndex: Int? = nil,
        effectiveProcessIndex: Int? = nil,
        extraOptions: [(code: UInt16, value: [UInt8])] = []
    ) {
        let units = UInt64(bitPattern: nanosecondUnits ? timestamp : timestamp / 1000)
        var body: [UInt8] = []
        append32(&body, UInt32(interface))
        append32(&body, UInt32(truncatingIfNeeded: units >> 32))
        append32(&body, UInt32(truncatingIfNeeded: units))
        append32(&body, UInt32(data.count))
        append32(&body, UInt32(originalLength ?? data.count))
        body += data
        body += [UInt8](repeating: 0, count: (4 - data.count % 4) % 4)
        var options: [(UInt16, [UInt8])] = []
        if let comment { options.append((1, Array(comment.utf8))) }
        for (code, index) in [(UInt16(0x8001), processIndex), (0x8003, effectiveProcessIndex)] {
            guard let index else { continue }
            var value: [UInt8] = []
            append32(&value, UInt32(index))
            options.append((code, value))
        }
        appendOptions(&body, options + extraOptions.map { ($0.code, $0.value) })
        appendBlock(6, body)
    }

    /// Adds a block of any type with `body` as is (name resolution, statistics, hostile input).
    public mutating func addBlock(type: UInt32, body: [UInt8]) {
        appendBlock(type, body + [UInt8](repeating: 0, count: (4 - body.count % 4) % 4))
    }

    private mutating func appendBlock(_ type: UInt32, _ body: [UInt8]) {
        let length = UInt32(12 + body.count)
        append32(&bytes, type)
        append32(&bytes, length)
        bytes += body
        append32(&bytes, length)
    }

    private func appendOptions(_ body: inout [UInt8], _ options: [(UInt16, [UInt8])]) {
        guard !options.isEmpty else { return }
        for (code, value) in options {
            append16(&body, code)
            append16(&body, UInt16(value.count))
            body += value
            body += [UInt8](repeating: 0, count: (4 - value.count % 4) % 4)
        }
        append32(&body, 0)  // opt_endofopt
    }

    private func append16(_ bytes: inout [UInt8], _ value: UInt16) {
        let ordered = bigEndian ? value.bigEndian : value.littleEndian
        withUnsafeBytes(of: ordered) { bytes += $0 }
    }

    private func append32(_ bytes: inout [UInt8], _ value: UInt32) {
        let ordered = bigEndian ? value.bigEndian : value.littleEndian
        withUnsafeBytes(of: ordered) { bytes += $0 }
    }
}
