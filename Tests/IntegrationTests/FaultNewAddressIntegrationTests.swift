import Foundation
import Testbed
import Testing

/// A `leave` with `new_address: true` on the wire (fixtures/lans/faults/fault-new-address.yaml):
/// once the testbed publishes the printer's return, the printer answers ping, TCP and mDNS on the
/// address the ground truth named beforehand, not on its old one, and the gateway's DNS names
/// the new address.
@Suite("Faults: leave and return on a new address", .tags(.integration), .serialized)
struct FaultNewAddressIntegrationTests {
    @Test("the printer comes back on the return address of the truth: ping, nmap, dig at the gateway and by mDNS")
    func printerReturnsOnItsNewAddress() throws {
        let testbed = try LiveTestbed.up("fault-new-address", extra: ["--seed", "1"])
        defer { testbed.down() }
        let printer = try #require(
            testbed.devices.first { ($0["device"] as? [String: Any])?["name"] as? String == "printer" }
        )
        let returnAddress = try #require(printer["return_address"] as? String, "no return_address in the truth")
        // The printer leaves 4 s after the switch starts and is back at 16 s: wait for the record.
        var record: PathEventRecord?
        for _ in 0..<120 where record == nil {
            record = PathEventRecord.load(testbed: testbed.id)?.first {
                $0.kind == "new_address" && $0.port == "printer"
            }
            if record == nil { usleep(250_000) }
        }
        let move = try #require(record, "no new_address record for the printer within 30 s")
        #expect(move.detail == "198.18.0.60 → \(returnAddress)")
        #expect(abs(move.startSeconds - 16) < 0.001)
        // The controller moves the address and restarts the agent within a few hundred ms.
        usleep(1_500_000)
        let output = try testbed.shell(
            """
            echo "== new"; ping -n -c 3 -i 0.2 -W 1 \(returnAddress) | grep -c 'bytes from'; \
            echo "== old"; ping -n -c 3 -i 0.2 -W 1 198.18.0.60 | grep -c 'bytes from'; \
            echo "== nmap"; nmap -Pn -sT -p 631 -n \(returnAddress) | grep '^631/'; \
            echo "== dns"; dig +short +time=2 +tries=1 hp-printer.home.arpa @198.18.0.1; \
            echo "== mdns"; dig +short +time=2 +tries=1 -p 5353 @\(returnAddress) hp-printer.local A
            """,
            timeout: 60
        ).stdout
        let sections = Dictionary(
            uniqueKeysWithValues: output.components(separatedBy: "== ").dropFirst().map { chunk -> (String, String) in
                let name = String(chunk.prefix { $0 != "\n" })
                return (name, String(chunk.dropFirst(name.count + 1)).trimmingCharacters(in: .whitespacesAndNewlines))
            }
        )
        print("new_address: printer 198.18.0.60 → \(returnAddress): \(sections)")
        #expect(sections["new"] == "3", "\(output)")
        #expect(sections["old"] == "0", "\(output)")
        #expect(sections["nmap"]?.hasPrefix("631/tcp open") == true, "\(output)")
        #expect(sections["dns"] == returnAddress, "\(output)")
        #expect(sections["mdns"] == returnAddress, "\(output)")
    }
}
