import Foundation
import Testing
import Wire

@Suite("DNS message codec")
struct DNSMessageTests {
    static let service: DNSName = "Living Room._airplay._tcp.local"

    static func sampleResponse() -> DNSMessage {
        DNSMessage(
            id: 0x1234,
            isResponse: true,
            isAuthoritative: true,
            recursionDesired: true,
            recursionAvailable: true,
            questions: [DNSQuestion(name: "_airplay._tcp.local", type: .ptr, unicastResponse: true)],
            answers: [
                DNSResourceRecord(name: "_airplay._tcp.local", data: .ptr(service), ttl: 4500),
                DNSResourceRecord(
                    name: service,
                    data: .srv(priority: 0, weight: 0, port: 7000, target: "apple-tv.local"),
                    ttl: 120,
                    cacheFlush: true
                ),
                DNSResourceRecord(
                    name: service,
                    data: .txt(strings: ["model=AppleTV11,1", "deviceid=aa:bb"]),
                    ttl: 4500,
                    cacheFlush: true
                ),
            ],
            authorities: [
                DNSResourceRecord(
                    name: "example",
                    data: .soa(
                        .init(
                            primary: "ns1.example",
                            mailbox: "hostmaster.example",
                            serial: 7,
                            refresh: 3600,
                            retry: 600,
                            expire: 86400,
                            minimum: 60
                        )
                    ),
                    ttl: 60
                ),
                DNSResourceRecord(name: "example", data: .ns("ns1.example"), ttl: 60),
            ],
            additionals: [
                DNSResourceRecord(
                    name: "apple-tv.local",
                    data: .a(IPv4Address(198, 18, 0, 20)),
                    ttl: 120,
                    cacheFlush: true
                ),
                DNSResourceRecord(name: "apple-tv.local", data: .aaaa(Array(1...16)), ttl: 120, cacheFlush: true),
                DNSResourceRecord(name: "www.example", data: .cname("example"), ttl: 30),
                DNSResourceRecord(name: "example", data: .mx(preference: 10, exchange: "mail.example"), ttl: 30),
                DNSResourceRecord(
                    name: "example",
                    data: .unknown(type: DNSRecordType(rawValue: 99), data: [1, 2, 3]),
                    ttl: 5
                ),
            ]
        )
    }

    @Test func roundTripKeepsEverything() throws {
        let message = Self.sampleResponse()
        let decoded = try DNSMessage(bytes: message.encoded())
        #expect(decoded == message)
        #expect(decoded.questions[0].unicastResponse)
        #expect(decoded.answers[1].cacheFlush)
        #expect(!decoded.answers[0].cacheFlush)
        #expect(decoded.answers[2].data.textStrings == ["model=AppleTV11,1", "deviceid=aa:bb"])
    }

    @Test func headerFlagsHaveTheirWireBits() {
        let message = DNSMessage(
            id: 0xBEEF,
            isResponse: true,
            opcode: 2,
            isAuthoritative: true,
            isTruncated: true,
            recursionDesired: true,
            recursionAvailable: true,
            responseCode: .nameError
        )
        let bytes = message.encoded()
        #expect(Array(bytes.prefix(4)) == [0xBE, 0xEF, 0x97, 0x83])
        #expect(bytes.count == 12)
    }

    @Test func namesAreCompressed() throws {
        let message = Self.sampleResponse()
        let bytes = message.encoded()
        // "_airplay._tcp.local" appears once in full; later uses are pointers.
        let needle = Array("\u{8}_airplay".utf8)
        let hits = (0...(bytes.count - needle.count)).filter { Array(bytes[$0..<($0 + needle.count)]) == needle }
        #expect(hits.count == 1)
        // A question's name, then a PTR owner name that is a single pointer to offset 12.
        let uncompressed = message.questions[0].name.labels.reduce(1) { $0 + $1.utf8.count + 1 }
        #expect(bytes[12 + uncompressed + 4] == 0xC0)
        #expect(bytes[12 + uncompressed + 5] == 12)
    }

    @Test func compressionIsCaseInsensitiveAndKeepsCase() throws {
        let message = DNSMessage(answers: [
            DNSResourceRecord(name: "Host.LOCAL", data: .a(IPv4Address(198, 18, 0, 1)), ttl: 1),
            DNSResourceRecord(name: "other.local", data: .a(IPv4Address(198, 18, 0, 2)), ttl: 1),
        ])
        let decoded = try DNSMessage(bytes: message.encoded())
        #expect(decoded.answers[0].name.labels == ["Host", "LOCAL"])
        #expect(decoded.answers[1].name == "OTHER.local")
        #expect(message.encoded().count < 12 + 2 * (12 + 14))
    }

    @Test func nameParsingAndEscapes() {
        let name = DNSName("My\\.Printer._ipp._tcp.local.")
        #expect(name.labels == ["My.Printer", "_ipp", "_tcp", "local"])
        #expect(name.description == "My\\.Printer._ipp._tcp.local")
        #expect(name.hasSuffix("_TCP.Local"))
        #expect(!name.hasSuffix("tcp.local"))
        #expect(DNSName.root.description == ".")
    }

    @Test func emptyTXTBecomesOneEmptyString() throws {
        let message = DNSMessage(answers: [DNSResourceRecord(name: "x.local", data: .txt([]), ttl: 1)])
        let decoded = try DNSMessage(bytes: message.encoded())
        #expect(decoded.answers[0].data == .txt([[]]))
        // A zero-length TXT on the wire reads the same (RFC 6763 §6.1), so it round-trips.
        let zeroLength: [UInt8] = [0, 0, 0x84, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0x78, 0, 0, 16, 0, 1, 0, 0, 0, 1, 0, 0]
        #expect(try DNSMessage(bytes: zeroLength).answers[0].data == .txt([[]]))
    }

    @Test func aLabelThatIsNotUTF8IsATypedError() {
        // One label of two bytes, 0xC3 0x28: not UTF-8, so DNSName could not hold it faithfully.
        let bytes: [UInt8] = [0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 2, 0xC3, 0x28, 0, 0, 1, 0, 1]
        #expect(throws: DNSDecodingError.badLabelText(offset: 12)) { try DNSMessage(bytes: bytes) }
    }

    @Test func everyTruncationThrows() {
        let bytes = Self.sampleResponse().encoded()
        for length in 0..<bytes.count {
            #expect(throws: DNSDecodingError.self) { try DNSMessage(bytes: bytes.prefix(length)) }
        }
    }

    @Test func pointerLoopsThrow() {
        // One question whose name is a pointer to itself.
        let selfLoop: [UInt8] = [0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0xC0, 12, 0, 1, 0, 1]
        #expect(throws: DNSDecodingError.pointerLoop(offset: 12)) { try DNSMessage(bytes: selfLoop) }
        // Two pointers to each other, with a label in between.
        let pair: [UInt8] = [0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0x61, 0xC0, 16, 0xC0, 12, 0, 1, 0, 1]
        #expect(throws: DNSDecodingError.self) { try DNSMessage(bytes: pair) }
    }

    /// The analyzer's check without building walks the same reader: the same error for the same
    /// bytes, and the QR bit of what decodes — including a chain of 64 pointers (the most a name
    /// may follow) and one of 65.
    @Test func validatingWithoutBuildingAgreesWithDecoding() throws {
        func validated(_ bytes: [UInt8]) throws -> Bool {
            try bytes.withUnsafeBytes { try DNSMessage.isResponse(validating: $0) }
        }
        #expect(try validated(Self.sampleResponse().encoded()) == true)
        var query = Self.sampleResponse()
        query.isResponse = false
        #expect(try validated(query.encoded()) == false)
        let header: [UInt8] = [0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0]
        func chain(_ hops: Int) -> [UInt8] {
            // Pointer i (at 12 + 2i) points to pointer i + 1; the last one to a root label.
            var bytes = header
            for i in 0..<hops { bytes += [0xC0, UInt8(12 + 2 * (i + 1))] }
            return bytes + [0, 0, 1, 0, 1]
        }
        let samples: [[UInt8]] = [
            chain(64), chain(65), header + [0xC0, 12, 0, 1, 0, 1], header + [2, 0xC3, 0x28, 0, 0, 1, 0, 1],
            header + [2, 0xC3, 0xA9, 0, 0, 1, 0, 1], Array(Self.sampleResponse().encoded().dropLast()),
        ]
        for bytes in samples {
            let decoded = Result { try DNSMessage(bytes: bytes).isResponse }
            let checked = Result { try validated(bytes) }
            switch (decoded, checked) {
            case (.success(let a), .success(let b)): #expect(a == b)
            case (.failure(let a as DNSDecodingError), .failure(let b as DNSDecodingError)): #expect(a == b)
            default: Issue.record("decoded \(decoded), validated \(checked)")
            }
        }
        #expect(throws: DNSDecodingError.pointerLoop(offset: 12)) { try validated(chain(65)) }
        #expect(try validated(chain(64)) == false)
    }

    @Test func malformedInputsThrowTypedErrors() {
        let header: [UInt8] = [0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0]
        #expect(throws: DNSDecodingError.pointerOutOfBounds(offset: 12)) {
            try DNSMessage(bytes: header + [0xC0, 0xFF, 0, 1, 0, 1])
        }
        #expect(throws: DNSDecodingError.badLabelType(offset: 12)) {
            try DNSMessage(bytes: header + [0x40, 0, 0, 1, 0, 1])
        }
        let label: [UInt8] = [63] + Array(repeating: 0x61, count: 63)
        let longName: [UInt8] = Array((0..<5).map { _ in label }.joined()) + [0, 0, 1, 0, 1]
        #expect(throws: DNSDecodingError.nameTooLong(offset: 12)) { try DNSMessage(bytes: header + longName) }
        // An A record whose data is 3 bytes long.
        let badA: [UInt8] = [0, 0, 0x84, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0, 1, 0, 3, 1, 2, 3]
        #expect(throws: DNSDecodingError.badRecordData(type: .a, offset: 23)) { try DNSMessage(bytes: badA) }
        // A PTR whose name runs past its declared data length.
        let badPTR: [UInt8] = [0, 0, 0x84, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 12, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0x61, 0]
        #expect(throws: DNSDecodingError.self) { try DNSMessage(bytes: badPTR) }
        // Huge counts with no data.
        #expect(throws: DNSDecodingError.self) {
            try DNSMessage(bytes: [0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF])
        }
    }

    /// What one fuzz run saw.
    struct FuzzTally: Equatable {
        /// Inputs that decoded (and then round-tripped).
        var accepted = 0
        /// Inputs refused with a `DNSDecodingError`.
        var rejected = 0
        /// Inputs refused with any other error (must stay empty).
        var untyped: [String] = []
        /// Decoded messages whose re-encoding does not decode to the same message, or does not
        /// re-encode to the same bytes (must stay empty).
        var notRoundTripping: [String] = []
    }

    /// Feeds `count` inputs from `seed` to the decoder: three in four are the sample response with
    /// one to four bytes overwritten or its tail cut, one in four is 0–80 random bytes.
    static func fuzz(seed: UInt64, count: Int) -> FuzzTally {
        var random = RandomSource(seed: seed)
        let base = sampleResponse().encoded()
        var tally = FuzzTally()
        for index in 0..<count {
            var bytes: [UInt8]
            if index % 4 == 3 {
                bytes = (0..<Int.random(in: 0...80, using: &random)).map { _ in
                    UInt8.random(in: 0...255, using: &random)
                }
            } else {
                bytes = base
                for _ in 0..<Int.random(in: 1...4, using: &random) {
                    bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
                }
                if random.chance(percent: 20) { bytes.removeLast(Int.random(in: 1...bytes.count, using: &random)) }
            }
            var hex: String { bytes.map { String(format: "%02x", $0) }.joined() }
            do {
                let message = try DNSMessage(bytes: bytes)
                tally.accepted += 1
                let encoded = message.encoded()
                guard let again = try? DNSMessage(bytes: encoded), again == message, again.encoded() == encoded else {
                    tally.notRoundTripping.append(hex)
                    continue
                }
            } catch is DNSDecodingError {
                tally.rejected += 1
            } catch {
                tally.untyped.append("\(hex): \(error)")
            }
        }
        return tally
    }

    /// Seeded fuzzing (`RandomSource`, SplitMix64): nothing traps; every input either decodes —
    /// and then its re-encoding decodes to the same message and re-encodes to the same bytes — or
    /// is refused with a `DNSDecodingError`; the counts are printed, and the same seed gives the
    /// same counts. SCANBENCH_FUZZ_SEED and SCANBENCH_FUZZ_COUNT replay or widen a run.
    @Test func seededFuzzRoundTripsOrFailsTyped() {
        let environment = ProcessInfo.processInfo.environment
        let seed = environment["SCANBENCH_FUZZ_SEED"].flatMap { UInt64($0) } ?? 0xD45_F022
        let count = environment["SCANBENCH_FUZZ_COUNT"].flatMap { Int($0) } ?? 4000
        let tally = Self.fuzz(seed: seed, count: count)
        print(
            "DNS fuzz seed \(seed), \(count) inputs: \(tally.accepted) accepted (round-tripped), \(tally.rejected) rejected "
                + "with DNSDecodingError, \(tally.untyped.count) other errors, \(tally.notRoundTripping.count) not round-tripping"
        )
        #expect(tally.untyped.isEmpty, "rejected without a DNSDecodingError: \(tally.untyped.prefix(5))")
        #expect(tally.notRoundTripping.isEmpty, "decoded but did not round-trip: \(tally.notRoundTripping.prefix(5))")
        #expect(tally.accepted > count / 10 && tally.rejected > count / 10, "both paths must be exercised")
        #expect(Self.fuzz(seed: seed, count: count) == tally, "the same seed must give the same counts")
        #expect(Self.fuzz(seed: seed &+ 1, count: count) != tally, "another seed should draw other inputs")
    }

    @Test func decodesARealDigQuery() throws {
        // dig -p 5353 @host _services._dns-sd._udp.local PTR (with an EDNS OPT record).
        let name: [UInt8] =
            [9] + Array("_services".utf8) + [7] + Array("_dns-sd".utf8) + [4] + Array("_udp".utf8) + [5]
            + Array("local".utf8) + [0]
        let bytes: [UInt8] =
            [0xAB, 0xCD, 0x01, 0x20, 0, 1, 0, 0, 0, 0, 0, 1] + name + [0, 12, 0, 1]
            + [0, 0, 41, 0x04, 0xD0, 0, 0, 0, 0, 0, 0]
        let message = try DNSMessage(bytes: bytes)
        #expect(message.id == 0xABCD)
        #expect(message.recursionDesired && message.authenticData)
        #expect(message.questions == [DNSQuestion(name: "_services._dns-sd._udp.local", type: .ptr)])
        #expect(message.additionals[0].type == .opt)
        #expect(message.additionals[0].recordClass.rawValue == 1232)
        #expect(message.encoded() == bytes)
    }
}
