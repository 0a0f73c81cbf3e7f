extension RunMetrics {
    /// The app's traceroute, DNS and WHOIS tools in a session, each against its reference tool run
    /// in the scanner's namespace right after the session, and the host monitor against the
    /// testbed's truth (docs/METRICS.md, "Tools in the app").
    public struct Lookups: Codable, Sendable, Equatable {
        /// Same hop addresses as `traceroute -n` (a silent hop is `*` in both).
        public var trace: Agreement?
        /// Same answer set as `dig +short`.
        public var dns: Agreement?
        /// Each server's raw answer equal to `whois -h SERVER` (CR and surrounding blank lines dropped).
        public var whois: Agreement?
        /// NetDiag+'s host monitor: each target's first state is the testbed's (up: a device there
        /// answers echo) and no later pass reports a change (no device leaves its link in a run).
        public var monitor: Agreement?
        /// NetDiag+'s certificate check: subject, issuer and expiry equal to `openssl s_client |
        /// openssl x509` on the same endpoint.
        public var cert: Agreement?

        public init(
            trace: Agreement? = nil,
            dns: Agreement? = nil,
            whois: Agreement? = nil,
            monitor: Agreement? = nil,
            cert: Agreement? = nil
        ) {
            (self.trace, self.dns, self.whois, self.monitor, self.cert) = (trace, dns, whois, monitor, cert)
        }

        enum CodingKeys: String, CodingKey { case trace, dns, whois, monitor, cert }
    }

    /// One tool's run against its reference.
    public struct Agreement: Codable, Sendable, Equatable {
        public var agrees: Bool
        /// The tool's duration in the app (start to result on its executor); nil when the session
        /// ended before its result (it never agrees then, and has no duration to count).
        public var durationMs: Double?
        /// What the app's tool said (hops, answers, servers asked), and what the reference said
        /// when they differ (or why it could not run).
        public var ours: String?
        public var reference: String?
        /// Why the reference tool gave no answer to compare with (not run, or exited non-zero): the
        /// run is then neither an agreement nor a disagreement, and its agreement metric is unmeasured.
        public var referenceError: String?

        public init(
            agrees: Bool,
            durationMs: Double?,
            ours: String? = nil,
            reference: String? = nil,
            referenceError: String? = nil
        ) {
            (self.agrees, self.durationMs, self.ours, self.reference) = (agrees, durationMs, ours, reference)
            self.referenceError = referenceError
        }

        /// 1 agrees, 0 not; nil when the reference failed.
        public var agreementValue: Double? { referenceError == nil ? (agrees ? 1 : 0) : nil }

        enum CodingKeys: String, CodingKey {
            case agrees, ours, reference
            case durationMs = "duration_ms"
            case referenceError = "reference_error"
        }
    }
}
