/// Why a twin fixture could not be derived or checked — what went wrong, where, and what to do.
public enum TwinError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Nothing in the capture looks like a scanner (no SYNs, ARP or echo requests).
    case noScanner(path: String)
    /// The scanner's address never appears in the capture.
    case scannerSilent(path: String, scanner: String)
    /// No device answered the scanner, so there is nothing to put in a fixture.
    case nothingAnswered(path: String, scanner: String)
    /// No address could be taken for the gateway.
    case noGateway(path: String)

    public var description: String {
        switch self {
        case .noScanner(let path):
            return
                "\(path): no host in this capture sent SYNs, ARP requests or echo requests, so there is no scanner to build a twin around. Check it is a capture of a scan, or pass --scanner IP."
        case .scannerSilent(let path, let scanner):
            return
                "\(path): the scanner \(scanner) sent nothing in this capture. Check --scanner (scanbench analyze FILE names the busiest prober)."
        case .nothingAnswered(let path, let scanner):
            return
                "\(path): no device answered \(scanner) (no ARP reply, echo reply, SYN/ACK, RST, mDNS or SSDP answer), so a twin would be empty. Check --scanner and that the capture covers the scan."
        case .noGateway(let path):
            return
                "\(path): cannot tell the gateway: no DNS server on the LAN answered the scanner and no device announced an Internet gateway over SSDP. Pass --inventory with the router listed (category router)."
        }
    }
}
