import AppContract
import CaptureFiles
import CaptureAnalysis
import Fixture
import Foundation
import Results
import Wire
import OrderStatistics

/// Joins what the stack reported (scan report, event log), what the wire shows (the capture's
/// analysis) and what the fixture says into a run's metrics, device outcomes and time series.
/// Every number is defined in docs/METRICS.md.
public struct MetricsJoiner: Sendable {
    public var observation: RunObservation

    public init(observation: RunObservation) { self.observation = observation }

    public func join() -> (metrics: RunMetrics, devices: [DeviceOutcome], series: RunSeries) {
        var metrics = RunMetrics()
        let tally = EventTally(observation.events)
        let scanStart = tally.scanStartNs ?? tally.firstNs ?? 0
        let scanEnd = tally.scanEndNs ?? tally.lastNs ?? scanStart
        metrics.durationS = observation.scan?.summary?.durationS ?? Double(scanEnd &- scanStart) / 1e9
        metrics.phasesS = tally.phaseElapsedNs.mapValues { Double($0) / 1e9 }
        metrics.phasesCutAtDeadline = tally.phasesCutAtDeadline.isEmpty ? nil : tally.phasesCutAtDeadline
        fillProcess(&metrics)
        fillWire(&metrics)
        fillStack(&metrics, tally: tally)
        fillUI(&metrics, tally: tally)
        let (devices, found) = outcomes(tally, scanStart: scanStart)
        fillYield(&metrics, devices: devices)
        fillLatency(&metrics, devices: devices)
        fillNames(&metrics, devices: devices)
        fillCategories(&metrics, devices: devices)
        fillSession(&metrics, tally: tally, scanStart: scanStart)
        let series = self.series(scanStart: scanStart, found: found)
        // Time to 90 % of the final yield: over the discoverable fixture devices found.
        let discoverable = devices.filter(\.discoverable)
        let times = discoverable.filter(\.found).compactMap(\.firstSeenMs).sorted()
        let total = Double(times.count)
        if total > 0 {
            let index = Int((0.9 * total).rounded(.up)) - 1
            metrics.timeTo90PercentS = times[max(0, min(index, times.count - 1))] / 1000
        }
        // Time to 100 %: when the k-th discoverable device was found, k the fixture's discoverable
        // count; none for a run that missed one (it never got there).
        if !discoverable.isEmpty, discoverable.allSatisfy(\.found) {
            metrics.timeTo100PercentS = times.last.map { $0 / 1000 }
        }
        metrics.timeTo100PercentFloorS = devices.filter(\.discoverable).compactMap(\.floorMs).max().map { $0 / 1000 }
        return (metrics, devices, series)
    }

    // MARK: - Pieces

    private func fillProcess(_ metrics: inout RunMetrics) {
        let process = observation.process
        metrics.cpuS = process.cpuSeconds
        metrics.peakRssMb = process.peakRSSMegabytes
        metrics.peakFds = process.peakFileDescriptors
        metrics.peakThreads = process.peakThreads
        metrics.contextSwitchesVoluntary = process.voluntaryContextSwitches
        metrics.contextSwitchesInvoluntary = process.involuntaryContextSwitches
        metrics.wakeups = process.wakeups
        metrics.syscalls = process.syscalls
    }

    /// The capture's counters come whole from Capture (`WireCounters(analysis:)`); capture drops
    /// and the emulated switch's counters are not in the capture's frames.
    private func fillWire(_ metrics: inout RunMetrics) {
        if let wire = observation.wire { metrics.wire = RunMetrics.WireCounters(analysis: wire) }
        metrics.wire.captureDrops = observation.captureDrops
        if let total = observation.switchCounters?.total {
            metrics.wire.emulatorConfiguredDrops = total.configuredDrops
            metrics.wire.emulatorWriteFailures = total.writeFailures
        }
    }

    private func fillStack(_ metrics: inout RunMetrics, tally: EventTally) {
        metrics.stack.connectionsCreated = tally.connectionsCreated
        metrics.stack.tcpConnectionsCreated = tally.tcpConnectionsCreated
        metrics.stack.peakInFlight = tally.peakInFlight
        metrics.stack.budgetWaits = tally.budgetWaits
        metrics.stack.peakSlotsInUse = tally.peakSlotsInUse
        metrics.stack.budgetLimit = tally.budgetLimit
        metrics.stack.waitingByError = tally.waitingByError
        if metrics.stack.connectionsCreated == 0, let summary = observation.scan?.summary {
            metrics.stack.connectionsCreated = summary.connectionsCreated ?? 0
        }
        if let wire = observation.wire {
            let check = wireCheck(tally: tally, wire: wire)
            metrics.stack.wireCheck = check
            metrics.stack.agreesWithWire = check.holds
        }
    }

    /// The stack's TCP connects per address against the wire's SYN attempts and ARP requests, both
    /// ways (`RunMetrics.WireCheck`; the rules: docs/METRICS.md, "Agrees with the wire"). Not checked: the
    /// addresses a scenario's tool probed from the same namespace, and the scanner's own (its
    /// connects never reach the link).
    private func wireCheck(tally: EventTally, wire: WireAnalysis) -> RunMetrics.WireCheck {
        let connects = Dictionary(
            uniqueKeysWithValues: tally.tcpConnectsByAddress.map { ($0.key.description, $0.value) }
        )
        var attempts: [String: Int] = [:]
        for attempt in wire.attempts { attempts[attempt.target.description, default: 0] += 1 }
        let arp = wire.arpRequestsByTarget()
        let present = Set(observation.truth.devices.flatMap { $0.addresses.map(\.description) })
        let scanner = observation.truth.scanner.ip.description
        var check = RunMetrics.WireCheck()
        check.connectsStartedToPresent = 0
        check.connectsAnsweredToPresent = 0
        check.excluded = observation.toolTargets.sorted()
        let checked = Set(connects.keys).union(attempts.keys).subtracting(observation.toolTargets).subtracting([scanner]
        )
        for address in checked.sorted() {
            let made = connects[address] ?? 0, sent = attempts[address] ?? 0
            let ip = IPv4Address(address)
            let fate = ip.flatMap { tally.evidence?[$0].tcp }
            let started = max(fate?.started.count ?? 0, fate?.attempts ?? 0), answered = fate?.answered.count ?? 0,
                unreachable = fate?.unreachable.count ?? 0
            let requests = ip.map { arp[$0] ?? 0 } ?? 0
            if sent > started {
                check.disagreements.append(
                    "\(address): \(sent) SYN attempts on the wire, \(started) connects started in the stack"
                )
            }
            if sent < answered {
                check.disagreements.append(
                    "\(address): \(answered) connects answered in the stack (ready or refused), \(sent) SYN attempts on the wire"
                )
            }
            if present.contains(address) {
                check.connectsToPresent += made
                check.connectsStartedToPresent? += started
                check.connectsAnsweredToPresent? += answered
                check.synAttemptsToPresent += sent
            } else {
                check.connectsToAbsent += made
                check.synAttemptsToAbsent += sent
                if made > 0 { check.arpRequestsToAbsent += requests }
                if sent > 0 {
                    check.disagreements.append("\(address): \(sent) SYN attempts to an address where no device lives")
                }
                if unreachable > 0 && requests == 0 {
                    check.disagreements.append(
                        "\(address): \(unreachable) connects unreachable in the stack, no ARP request for it on the wire"
                    )
                }
            }
        }
        return check
    }

    private func fillUI(_ metrics: inout RunMetrics, tally: EventTally) {
        let busyMs = tally.publishBusyNs.map { Double($0) / 1e6 }
        metrics.ui.publishes = busyMs.count
        metrics.ui.mainBusyMs = busyMs.reduce(0, +)
        metrics.ui.deviceListPublishes = tally.deviceListPublishes
        metrics.ui.mainBusyP50Ms = Percentile.of(busyMs, 50)
        metrics.ui.mainBusyP95Ms = Percentile.of(busyMs, 95)
        metrics.ui.mainBusyMaxMs = busyMs.max()
        metrics.ui.lateFrames = tally.lateFrames
        metrics.ui.worstHitchMs = Double(tally.worstFrameLateNs) / 1e6
    }

    /// Per fixture device: found or not, by which sources, when, with which latency; and the
    /// (ip, ms after scan start) of every device first seen, fixture device or not.
    private func outcomes(_ tally: EventTally, scanStart: UInt64) -> ([DeviceOutcome], [(String, Double)]) {
        let firstSeen = Dictionary(
            uniqueKeysWithValues: tally.firstSeen.map { ip, seen in
                (ip.description, (source: seen.source.rawValue, ms: Double(seen.timeNs &- scanStart) / 1e6))
            }
        )
        let sources = Dictionary(
            uniqueKeysWithValues: tally.sources.map { ($0.key.description, $0.value.map(\.rawValue)) }
        )
        let reported = Dictionary(
            (observation.scan?.devices ?? []).map { ($0.ip, $0) },
            uniquingKeysWith: { first, _ in first }
        )
        let verdicts = observation.categories?.byIP
        let wireRTT = Dictionary(
            (observation.wire?.rttByTarget ?? []).map { ($0.target.description, $0) },
            uniquingKeysWith: { a, _ in a }
        )
        var outcomes: [DeviceOutcome] = []
        let mechanism = MissedMechanism(observation: observation)
        for entry in observation.truth.devices {
            let device = entry.device
            // A device that came back on a new address (`leave` with `new_address`) is found at
            // either; its figures are taken at the first address it was found at.
            let ip =
                entry.addresses.map(\.description).first { reported[$0] != nil || firstSeen[$0] != nil }
                ?? device.ip.description
            let report = reported[ip]
            var outcome = DeviceOutcome(
                name: device.name,
                ip: ip,
                category: device.category.rawValue,
                discoverable: Discoverability.isDiscoverable(device),
                found: report != nil || firstSeen[ip] != nil
            )
            outcome.firstSource = report?.firstSource ?? firstSeen[ip]?.source
            outcome.sources = report?.sources ?? sources[ip] ?? []
            outcome.firstSeenMs = report?.firstSeenMs ?? firstSeen[ip]?.ms
            if let tcp = tally.evidence?[device.ip], !tcp.tcp.started.isEmpty {
                let ready = tcp.tcp.answered.filter { tcp.ends[$0] == .ready }.count
                outcome.tcpReady = ready
                outcome.tcpRefused = tcp.tcp.answered.count - ready
            }
            outcome.mdnsFirstAnswerMs = tally.firstMDNSAnswerNs[device.ip].map { Double($0 &- scanStart) / 1e6 }
            outcome.latencyMs = report?.latencyMs
            if let rtt = wireRTT[ip] {
                let summary =
                    report?.latencySource == "tcp" ? (rtt.tcpSyn ?? rtt.icmpEcho) : (rtt.icmpEcho ?? rtt.tcpSyn)
                outcome.wireRttMs = summary.map { Double($0.median) / 1e6 }
            }
            outcome.truthRttMs = Discoverability.truthRTTMs(device, scannerLink: observation.truth.scanner.link)
            outcome.floorMs = Discoverability.floorMs(device, scannerLink: observation.truth.scanner.link)
            outcome.hostnameReported = report?.hostname
            if let expected = device.hostname, let reportedName = report?.hostname {
                outcome.hostnameCorrect = Self.sameHost(reportedName, expected)
            }
            if outcome.discoverable && !outcome.found, let evidence = tally.evidence {
                outcome.missedBecause = Self.missedReason(
                    evidence,
                    device.ip,
                    mechanism: mechanism.notes(for: device.ip)
                )
            }
            outcome.categoryIdentifiable = Identifiability.isIdentifiable(device, gateway: observation.truth.gateway)
            if let verdict = verdicts?[ip] {
                outcome.categoryPredicted = verdict.category
                outcome.categoryRule = verdict.rule
                outcome.categoryEvidence = verdict.evidence
                outcome.linkGuess = verdict.link
                outcome.linkCorrect = verdict.link.map { ($0 == "wifi") == device.onWiFi }
            }
            outcomes.append(outcome)
        }
        let found = firstSeen.map { ($0.key, $0.value.ms) }
        return (outcomes, found)
    }

    /// "annas-iphone.home.arpa." and "annas-iphone.local" both name host "annas-iphone".
    static func sameHost(_ reported: String, _ expected: String) -> Bool {
        let first = reported.lowercased().split(separator: ".").first.map(String.init) ?? ""
        return first == expected.lowercased()
    }

    /// Why a discoverable device was missed, built only from the run's events: first what the
    /// scanner did toward the address and saw of it ("observed"), then what that implies
    /// ("inferred"). A strategy that never read the ARP table or never listened is told so,
    /// rather than credited with having looked.
    /// `mechanism` adds what the fixture, the switch and the path events say (`MissedMechanism`).
    static func missedReason(
        _ evidence: EventTally.Evidence,
        _ ip: IPv4Address,
        mechanism: (observed: [String], inferred: [String]) = ([], [])
    ) -> String {
        let seen = evidence[ip]
        let created = seen.ports, finals = seen.ends, waiting = seen.waitingByError
        let packets = seen.packetsByKind, sendFailures = seen.sendFailures
        let tableReads = evidence.tableReads, inTable = seen.tableReadsListing
        let listeningPhases = evidence.listeningPhases, answered = seen.answered
        var observed: [String] = []
        if created.isEmpty {
            observed.append("no TCP connect to it")
        } else {
            let cancelled = finals.values.filter { $0 == .cancelled }.count
            observed.append(
                "\(created.count) TCP connects (ports \(Set(created.values).sorted().map(String.init).joined(separator: ",")))"
                    + (cancelled > 0 ? ", \(cancelled) ended by timer/cancel" : "")
            )
            for (error, count) in waiting.sorted(by: { $0.key < $1.key }) {
                observed.append("\(count)× waiting \(error)")
            }
        }
        if packets.isEmpty {
            observed.append("no ARP poke or ICMP echo sent to it")
        } else {
            observed.append(
                packets.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.value) \($0.key.rawValue)" }.joined(
                    separator: ", "
                )
            )
        }
        for (failure, count) in sendFailures.sorted(by: { $0.key < $1.key }) {
            observed.append("\(count)× \(failure): send failed")
        }
        if tableReads == 0 {
            observed.append("the ARP table was never read")
        } else if inTable == 0 {
            observed.append("not in the ARP table at any of \(tableReads) reads")
        } else {
            observed.append("in the ARP table at \(inTable) of \(tableReads) reads")
        }
        if listeningPhases.isEmpty { observed.append("no mDNS or SSDP listening phase") }
        for phase in listeningPhases {
            guard let proto = AnswerProtocol.listenedByPhase[phase] else { continue }
            observed.append(
                answered.contains(proto)
                    ? "answered \(proto.rawValue)" : "no \(proto.rawValue) answer from it during the \(phase) phase"
            )
        }
        var inferred: [String] = []
        if created.isEmpty && packets.isEmpty && tableReads == 0 { inferred.append("the strategy never addressed it") }
        if packets[.udpPoke] != nil && tableReads > 0 && inTable == 0 {
            inferred.append("it did not answer ARP before the table was read")
        }
        if !created.isEmpty && !finals.values.contains(.ready) { inferred.append("no probed port answered") }
        if inTable > 0 { inferred.append("it was in the ARP table but a filter or a cut phase kept it out") }
        observed += mechanism.observed
        inferred += mechanism.inferred
        return "observed: " + observed.joined(separator: "; ")
            + (inferred.isEmpty ? "" : " — inferred: " + inferred.joined(separator: "; "))
    }

    private func fillYield(_ metrics: inout RunMetrics, devices: [DeviceOutcome]) {
        let discoverable = devices.filter(\.discoverable)
        metrics.yield.discoverable = discoverable.count
        metrics.yield.found = discoverable.filter(\.found).count
        metrics.yield.recall = discoverable.isEmpty ? 0 : Double(metrics.yield.found) / Double(discoverable.count)
        let known = Set(
            observation.truth.devices.flatMap { $0.addresses.map(\.description) }
                + [observation.truth.scanner.ip.description]
        )
        let reported = Set((observation.scan?.devices ?? []).map(\.ip))
        metrics.yield.falsePositives = reported.subtracting(known).count
        for device in devices where device.found {
            if let source = device.firstSource { metrics.yield.bySource[source, default: 0] += 1 }
        }
        for device in discoverable {
            var cell = metrics.yield.byCategory[device.category] ?? [0, 0]
            cell[1] += 1
            if device.found { cell[0] += 1 }
            metrics.yield.byCategory[device.category] = cell
        }
    }

    private func fillLatency(_ metrics: inout RunMetrics, devices: [DeviceOutcome]) {
        var vsWire: [Double] = []
        var vsTruth: [Double] = []
        for device in devices {
            guard let latency = device.latencyMs else { continue }
            metrics.latency.devicesWithLatency += 1
            if let wire = device.wireRttMs { vsWire.append(abs(latency - wire)) }
            if let truth = device.truthRttMs { vsTruth.append(abs(latency - truth)) }
        }
        metrics.latency.stackVsWireAbsMsMedian = Percentile.of(vsWire, 50)
        metrics.latency.stackVsWireAbsMsP95 = Percentile.of(vsWire, 95)
        metrics.latency.stackVsTruthAbsMsMedian = Percentile.of(vsTruth, 50)
        metrics.latency.stackVsTruthAbsMsP95 = Percentile.of(vsTruth, 95)
    }

    private func fillNames(_ metrics: inout RunMetrics, devices: [DeviceOutcome]) {
        for device in devices where device.found {
            guard let correct = device.hostnameCorrect else {
                if observation.truth.devices.first(where: { $0.device.ip.description == device.ip })?.device.hostname
                    != nil
                {
                    metrics.names.withHostname += 1
                }
                continue
            }
            metrics.names.withHostname += 1
            if correct { metrics.names.hostnameCorrect += 1 }
        }
    }

    /// Categories over every discoverable device, so that strategies compare: `CategoryScore` of
    /// the probe's verdicts (a found device no rule decided is unknown, neither right nor wrong;
    /// a missed one is not found), docs/METRICS.md "Categories".
    private func fillCategories(_ metrics: inout RunMetrics, devices: [DeviceOutcome]) {
        guard observation.categories != nil else { return }
        let score = Self.categoryScore(devices)
        metrics.names.categoryTotal = devices.filter(\.discoverable).count
        metrics.names.categoryCorrect = score.right
        metrics.names.categoryFound = score.found
        metrics.names.categoryGiven = score.given
        metrics.names.categoryIdentifiable = score.identifiable
        metrics.names.categoryProbeS = observation.categoryProbeSeconds
        metrics.names.categoryProbeConnections = observation.categoryProbeWire?.tcpAttempts
        metrics.names.categoryProbePackets = observation.categoryProbePacketsSent
        let guessed = devices.filter { $0.found }.compactMap(\.linkCorrect)
        if !guessed.isEmpty {
            metrics.names.linkGiven = guessed.count
            metrics.names.linkCorrect = guessed.filter { $0 }.count
        }
    }

    /// The whole session's cost (`RunMetrics.Session`): the scan's and its tools' figures plus the
    /// classify step's capture. The categories are ready when the step ends: its `phase_end` in the
    /// app's event log, or, for the harness's own probe (run after the app), the scan's duration
    /// plus the probe's seconds.
    private func fillSession(_ metrics: inout RunMetrics, tally: EventTally, scanStart: UInt64) {
        var ready: Double?
        if observation.categories != nil {
            if let end = tally.phaseTimes[SessionReport.Classify.phase]?.end, end >= scanStart {
                ready = Double(end - scanStart) / 1e9
            } else if let probe = observation.categoryProbeSeconds {
                ready = metrics.durationS + probe
            }
        }
        metrics.session = RunMetrics.Session(
            scan: metrics,
            classify: observation.categoryProbeWire,
            timeToCategoriesS: ready
        )
    }

    /// The probe's verdicts of `devices` as `CategoryScore` takes them: every found device's
    /// category (nil: unknown), against each device's truth.
    static func categoryScore(_ devices: [DeviceOutcome]) -> CategoryScore {
        let guesses = Dictionary(
            devices.filter(\.found).map { ($0.ip, $0.categoryPredicted) },
            uniquingKeysWith: { first, _ in first }
        )
        let truth = devices.map {
            CategoryScore.Truth(
                ip: $0.ip,
                category: $0.category,
                discoverable: $0.discoverable,
                identifiable: $0.categoryIdentifiable ?? false
            )
        }
        return CategoryScore(guesses: guesses, truth: truth)
    }

    private func series(scanStart: UInt64, found: [(String, Double)]) -> RunSeries {
        var series = RunSeries()
        let times = found.map(\.1).sorted()
        series.devicesFound = times.enumerated().map { [$0.element, Double($0.offset + 1)] }
        if let wire = observation.wire {
            // pcap time (realtime ns) → ms after scan start on the monotonic clock.
            let offset = observation.realtimeMinusMonotonicNs
            series.tcpInFlight = wire.attemptsInFlight.steps.map { step in
                [Double(step.time - offset - Int64(scanStart)) / 1e6, Double(step.value)]
            }
        }
        return series
    }
}
