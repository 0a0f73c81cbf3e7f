import Testing

extension Tag {
    /// Needs root, network namespaces, nmap, ping, python3 and tshark; builds its own LAN.
    @Tag static var integration: Self
}
