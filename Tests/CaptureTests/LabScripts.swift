/// Small python3 programs run inside the lab namespaces.
enum LabScripts {
    /// TCP server on the given ports: accepts, sends a banner, reads until EOF, closes.
    static func bannerServer(address: String, ports: [Int]) -> String {
        """
        import socket, threading
        def serve(port):
            s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            s.bind(("\(address)", port)); s.listen(64)
            while True:
                c, _ = s.accept()
                try:
                    c.sendall(b"SSH-2.0-scanbench\\r\\n"); c.settimeout(2)
                    while c.recv(4096): pass
                except Exception: pass
                finally: c.close()
        for p in \(ports): threading.Thread(target=serve, args=(p,), daemon=True).start()
        threading.Event().wait()
        """
    }

    /// A client that connects, reads the banner, sends a line and closes with FIN.
    static func politeClient(address: String, port: Int) -> String {
        """
        import socket
        s = socket.create_connection(("\(address)", \(port)), timeout=3)
        s.recv(100); s.sendall(b"hello\\r\\n"); s.shutdown(socket.SHUT_WR)
        s.settimeout(3)
        while s.recv(100): pass
        s.close()
        """
    }

    /// Sends `count` mDNS queries (to 224.0.0.251:5353) and `count` SSDP M-SEARCHes
    /// (to 239.255.255.250:1900) from `source`.
    static func discoveryQueries(source: String, count: Int) -> String {
        """
        import socket, struct
        q = struct.pack(">HHHHHH", 0, 0, 1, 0, 0, 0) + b"\\x05_http\\x04_tcp\\x05local\\x00" + struct.pack(">HH", 12, 1)
        m = b"M-SEARCH * HTTP/1.1\\r\\nHOST: 239.255.255.250:1900\\r\\nMAN: \\"ssdp:discover\\"\\r\\nMX: 1\\r\\nST: ssdp:all\\r\\n\\r\\n"
        s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        s.setsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_IF, socket.inet_aton("\(source)"))
        for _ in range(\(count)):
            s.sendto(q, ("224.0.0.251", 5353)); s.sendto(m, ("239.255.255.250", 1900))
        """
    }

    /// Sends `count` mDNS responses (multicast) and `count` SSDP responses (unicast to
    /// `scanner`:`port`) from `source`.
    static func discoveryAnswers(source: String, scanner: String, port: Int, count: Int) -> String {
        """
        import socket, struct
        r = struct.pack(">HHHHHH", 0, 0x8400, 0, 1, 0, 0) + b"\\x05_http\\x04_tcp\\x05local\\x00" + struct.pack(">HHIH", 12, 1, 120, 2) + b"\\xc0\\x0c"
        a = b"HTTP/1.1 200 OK\\r\\nST: upnp:rootdevice\\r\\nLOCATION: http://\(source)/d.xml\\r\\n\\r\\n"
        s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        s.bind(("\(source)", 1900))
        s.setsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_IF, socket.inet_aton("\(source)"))
        m = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        m.setsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_IF, socket.inet_aton("\(source)"))
        m.bind(("\(source)", 5353))
        for _ in range(\(count)):
            m.sendto(r, ("224.0.0.251", 5353)); s.sendto(a, ("\(scanner)", \(port)))
        """
    }
}
