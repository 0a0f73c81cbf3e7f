import AppContract
import Foundation
import Results
import Spawn
import TestbedPlatform

/// Scores the session's traceroute, DNS and WHOIS runs against traceroute, dig and whois run in
/// the scanner's namespace right after the session, on the same target, name or server: the
/// reference tools see the same routes, resolver and servers the app saw.
struct SessionLookupScorer: Sendable {
    var namespace: String

    /// The first run of each tool against its reference; nil when the session ran none.
    func score(_ session: SessionReport) -> RunMetrics.Lookups? {
        guard
            !session.traces.isEmpty || !session.dnsLookups.isEmpty || !session.whoisLookups.isEmpty
                || !session.certs.isEmpty
        else {
            return nil
        }
        var lookups = RunMetrics.Lookups(
            trace: session.traces.first.map(score),
            dns: session.dnsLookups.first.map(score),
            whois: session.whoisLookups.first.map(score)
        )
        lookups.cert = session.certs.first.map(score)
        return lookups
    }

    /// Hop addresses against `traceroute -n -q 1 -w 1` (one probe per hop: its first responder is
    /// the hop's address, as ours is the first of three).
    func score(_ trace: SessionReport.TraceRun) -> RunMetrics.Agreement {
        guard trace.finished else { return unfinished(trace.error) }
        let hops = trace.hops.map { $0.address ?? "*" }
        let ours = trace.error ?? hops.joined(separator: " ")
        let theirs: [String]
        switch reference(["traceroute", "-n", "-q", "1", "-w", "1", trace.target]) {
        case .success(let output): theirs = Self.traceHops(output)
        case .failure(let failure): return referenceFailed(failure, trace.durationMs, ours: ours, appError: trace.error)
        }
        // No hops on either side is no agreement.
        return agreement(
            trace.error == nil && !hops.isEmpty && hops == theirs,
            trace.durationMs,
            ours: ours,
            reference: theirs.joined(separator: " ")
        )
    }

    /// Subject, issuer and expiry against `openssl s_client | openssl x509` on the same endpoint.
    func score(_ cert: SessionReport.CertRun) -> RunMetrics.Agreement {
        guard cert.finished else { return unfinished(cert.error) }
        let ours = cert.error ?? "\(cert.subject ?? "?") | \(cert.issuer ?? "?") | \(cert.notAfter ?? "?")"
        let script =
            "openssl s_client -connect \(cert.endpoint) </dev/null 2>/dev/null"
            + " | openssl x509 -noout -subject -issuer -enddate -nameopt RFC2253"
        let output: String
        switch reference(["sh", "-c", script]) {
        case .success(let text): output = text
        case .failure(let failure): return referenceFailed(failure, cert.durationMs, ours: ours, appError: cert.error)
        }
        var fields: [String: String] = [:]
        for line in output.split(whereSeparator: \.isNewline) {
            guard let equals = line.firstIndex(of: "=") else { continue }
            fields[String(line[..<equals])] = String(line[line.index(after: equals)...])
                .trimmingCharacters(in: .whitespaces)
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "MMM d HH:mm:ss yyyy zzz"
        let expiry = fields["notAfter"].flatMap {
            formatter.date(from: $0.split(whereSeparator: \.isWhitespace).joined(separator: " "))
        }.map { ISO8601DateFormatter().string(from: $0) }
        let theirs = "\(fields["subject"] ?? "?") | \(fields["issuer"] ?? "?") | \(expiry ?? "?")"
        return agreement(
            cert.error == nil && fields["subject"] != nil && ours == theirs,
            cert.durationMs,
            ours: ours,
            reference: theirs
        )
    }

    /// Answer data against `dig +short` (`-x` for a PTR of an address), as sets.
    func score(_ lookup: SessionReport.DNSLookupRun) -> RunMetrics.Agreement {
        guard lookup.finished else { return unfinished(lookup.error) }
        let arguments =
            lookup.type == "PTR" && lookup.name.allSatisfy({ $0.isNumber || $0 == "." })
            ? ["dig", "+short", "-x", lookup.name] : ["dig", "+short", "-t", lookup.type, lookup.name]
        let ours = Set(lookup.answers)
        let said = lookup.error ?? ours.sorted().joined(separator: ", ")
        let theirs: Set<String>
        switch reference(arguments) {
        case .success(let output): theirs = Set(output.split(whereSeparator: \.isNewline).map(String.init))
        case .failure(let failure):
            return referenceFailed(failure, lookup.durationMs, ours: said, appError: lookup.error)
        }
        // Two empty answers may be NOERROR against NXDOMAIN: an empty answer never agrees.
        return agreement(
            lookup.error == nil && !ours.isEmpty && ours == theirs,
            lookup.durationMs,
            ours: said,
            reference: theirs.sorted().joined(separator: ", ")
        )
    }

    /// Each server's raw answer against `whois -h SERVER QUERY` to the same server.
    func score(_ lookup: SessionReport.WhoisLookupRun) -> RunMetrics.Agreement {
        guard lookup.finished else { return unfinished(lookup.error) }
        guard lookup.error == nil, !lookup.chain.isEmpty else {
            return agreement(false, lookup.durationMs, ours: lookup.error ?? "no answer", reference: nil)
        }
        for step in lookup.chain {
            let theirs: String
            switch reference(["whois", "-h", step.server, lookup.query]) {
            case .success(let output): theirs = output
            case .failure(let failure):
                return referenceFailed(failure, lookup.durationMs, ours: step.server, appError: nil)
            }
            if Self.normalised(step.raw) != Self.normalised(theirs) {
                return agreement(
                    false,
                    lookup.durationMs,
                    ours: "\(step.server): \(Self.normalised(step.raw).prefix(200))",
                    reference: String(Self.normalised(theirs).prefix(200))
                )
            }
        }
        return agreement(
            true,
            lookup.durationMs,
            ours: lookup.chain.map(\.server).joined(separator: " → "),
            reference: nil
        )
    }

    /// A run the session ended before its result: a disagreement with no duration, its error as
    /// what the app said. The reference tool is not run: there is nothing to compare it with.
    private func unfinished(_ error: String?) -> RunMetrics.Agreement {
        RunMetrics.Agreement(agrees: false, durationMs: nil, ours: error ?? SessionReport.didNotFinish, reference: nil)
    }

    /// A run whose reference tool gave nothing to compare with: neither agreement nor disagreement
    /// (its agreement metric is unmeasured), with why. A tool that failed itself (`appError`)
    /// disagrees whatever the reference did, as an unfinished one does.
    private func referenceFailed(
        _ failure: ReferenceFailure,
        _ ms: Double,
        ours: String,
        appError: String?
    ) -> RunMetrics.Agreement {
        guard appError == nil else { return agreement(false, ms, ours: ours, reference: failure.text) }
        return RunMetrics.Agreement(
            agrees: false,
            durationMs: ms,
            ours: ours,
            reference: nil,
            referenceError: failure.text
        )
    }

    /// What the app said is kept either way (so that agreeing on nothing shows); the reference only when it differs.
    private func agreement(_ agrees: Bool, _ ms: Double, ours: String, reference: String?) -> RunMetrics.Agreement {
        RunMetrics.Agreement(agrees: agrees, durationMs: ms, ours: ours, reference: agrees ? nil : reference)
    }

    /// A reference tool's standard output in the scanner namespace, or why it gave none.
    private func reference(_ arguments: [String]) -> Result<String, ReferenceFailure> {
        do {
            let run = try ChildProcess.run(NetworkNamespace(namespace).command(arguments), timeout: 60)
            guard run.status == 0 else {
                return .failure(
                    ReferenceFailure("\(arguments[0]) exited with \(run.status): \(run.stderr.prefix(200))")
                )
            }
            return .success(run.stdout)
        } catch {
            return .failure(ReferenceFailure("\(arguments[0]) did not run: \(error)"))
        }
    }

    struct ReferenceFailure: Error { var text: String; init(_ text: String) { self.text = text } }

    /// traceroute -n's hop addresses, `*` for a silent hop (the header line dropped).
    static func traceHops(_ output: String) -> [String] {
        output.split(separator: "\n").dropFirst().map {
            $0.split(separator: " ").dropFirst().first.map(String.init) ?? "*"
        }
    }

    /// WHOIS text without CRs and surrounding blank lines.
    static func normalised(_ text: String) -> String {
        text.replacingOccurrences(of: "\r", with: "").trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
