/// The catalogue: every metric, declared once. Ids are built from `RunMetrics`' coding keys, so a
/// metric cannot name a key results.json does not have. The metrics `compare`'s verdict tests
/// (`gated`) declare `gate:`, the allowance one draw of a LAN may land from the baseline's before it
/// counts as worse or better, and `whenCut:`, what a draw with a phase cut at its deadline does to
/// that. The allowances are frozen: reports/gate-calibration/README.md says which runs chose them,
/// and main-job.md and ci-plan.md beside it are the verdict's false-alarm rate and power measured
/// on jobs recorded after they were frozen, with the recorded null per metric
/// (`scripts/gate-error-rates`); never tuned to pass or catch a particular change.
extension Metric {
    // MARK: Yield: what the scanner reported against the fixture

    public static let recall = Metric(yield(.recall), "Recall", .higherIsBetter, .counter, digits: 2, from: .truth) {
        $0.yield.recall
    }
    /// No device may be lost on a draw, cut or not: losing one is what this tool exists to catch.
    public static let found = Metric(
        yield(.found),
        "Devices found",
        short: "Found",
        .higherIsBetter,
        .counter,
        from: .truth,
        gate: MetricThreshold(absolute: 0),
        of: { Double($0.yield.discoverable) }
    ) { Double($0.yield.found) }
    public static let falsePositives = Metric(
        yield(.falsePositives),
        "False positives",
        .lowerIsBetter,
        .counter,
        from: .truth
    ) {
        Double($0.yield.falsePositives)
    }
    /// Discoverable devices found and put in the fixture's category by the probe after the scan,
    /// out of every discoverable device (docs/METRICS.md, "Categories"); one device either way is allowed.
    public static let categoriesCorrect = Metric(
        names(.categoryCorrect),
        "Categories correct",
        .higherIsBetter,
        .counter,
        from: .truth,
        gate: MetricThreshold(absolute: 1),
        of: { $0.names.categoryTotal.map(Double.init) }
    ) {
        $0.names.categoryCorrect.map(Double.init)
    }
    /// Of the found devices the probe gave a category (not unknown), the share that is the
    /// fixture's: an honest "unknown" costs nothing here (`CategoryScore`).
    public static let categoryPrecision = Metric(
        "category_precision",
        "Category precision",
        short: "Cat. prec.",
        unit: "%",
        .higherIsBetter,
        .counter,
        digits: 1,
        from: .truth
    ) { metrics in
        guard let right = metrics.names.categoryCorrect, let given = metrics.names.categoryGiven, given > 0 else {
            return nil
        }
        return 100 * Double(right) / Double(given)
    }
    /// Of the discoverable devices found, the share the probe gave a category at all.
    public static let categoryCoverage = Metric(
        "category_coverage",
        "Category coverage",
        short: "Cat. cov.",
        unit: "%",
        .higherIsBetter,
        .counter,
        digits: 1,
        from: .truth
    ) { metrics in
        guard let given = metrics.names.categoryGiven, let found = metrics.names.categoryFound, found > 0 else {
            return nil
        }
        return 100 * Double(given) / Double(found)
    }
    /// Found devices given a category, out of those found: what coverage counts.
    public static let categoriesGiven = Metric(
        names(.categoryGiven),
        "Categories given",
        .higherIsBetter,
        .counter,
        from: .truth,
        of: { $0.names.categoryFound.map(Double.init) }
    ) { $0.names.categoryGiven.map(Double.init) }
    /// Discoverable devices whose own signals determine their category (`Fixture.Identifiability`):
    /// a property of the fixture, the ceiling a classifier by specification can reach.
    public static let categoriesIdentifiable = Metric(
        names(.categoryIdentifiable),
        "Identifiable devices",
        short: "Identifiable",
        .higherIsBetter,
        .counter,
        from: .truth,
        of: { $0.names.categoryTotal.map(Double.init) }
    ) {
        $0.names.categoryIdentifiable.map(Double.init)
    }
    /// The classify step after the scan (the strategy's `classify`): its wall time, and the TCP
    /// connection attempts and packets the scanner sent meanwhile (its own capture; not the scan's).
    public static let categoryProbeSeconds = Metric(
        names(.categoryProbeS),
        "Category probe time",
        short: "Probe",
        unit: "s",
        .lowerIsBetter,
        .timing,
        digits: 1,
        from: .process
    ) { $0.names.categoryProbeS }
    public static let categoryProbeConnections = Metric(
        names(.categoryProbeConnections),
        "Category probe connections",
        short: "Probe conn.",
        .lowerIsBetter,
        .counter,
        from: .capture
    ) { $0.names.categoryProbeConnections.map(Double.init) }
    public static let categoryProbePackets = Metric(
        names(.categoryProbePackets),
        "Category probe packets",
        short: "Probe pkts",
        .lowerIsBetter,
        .counter,
        from: .capture
    ) { $0.names.categoryProbePackets.map(Double.init) }
    /// Found devices the classify step guessed wired or Wi-Fi right (HomeNet's guess from one TCP
    /// connect's time, `classify.wifi_latency_ms`), out of those it guessed; absent when it guessed none.
    public static let linksCorrect = Metric(
        names(.linkCorrect),
        "Wired/Wi-Fi right",
        short: "Link right",
        .higherIsBetter,
        .counter,
        from: .truth,
        of: { $0.names.linkGiven.map(Double.init) }
    ) { $0.names.linkCorrect.map(Double.init) }
    /// Found devices whose reported host name is the fixture's (`names.hostname_correct`): a count,
    /// not a share, so finding more named devices counts.
    public static let hostnamesCorrect = Metric(
        names(.hostnameCorrect),
        "Host names correct",
        .higherIsBetter,
        .counter,
        from: .truth
    ) {
        Double($0.names.hostnameCorrect)
    }

    // MARK: Wire: the capture of the scanner's link

    public static let tcpAttempts = Metric(
        wire(.tcpAttempts),
        "TCP attempts",
        .lowerIsBetter,
        .counter,
        from: .capture,
        gate: MetricThreshold(relativePercent: 5),
        whenCut: .notJudged
    ) { Double($0.wire.tcpAttempts) }
    public static let tcpSyn = Metric(
        wire(.tcpSyn),
        "TCP SYNs",
        short: "SYNs",
        .lowerIsBetter,
        .counter,
        from: .capture
    ) { Double($0.wire.tcpSyn) }
    public static let retransmits = Metric(
        wire(.tcpSynRetransmissions),
        "SYN retransmits",
        short: "Retrans.",
        .lowerIsBetter,
        .counter,
        from: .capture
    ) { Double($0.wire.tcpSynRetransmissions) }
    /// Moves with scheduling under one seed: 47–55 for review-baseline over ten runs on home
    /// (docs/METRICS.md#repeatability); shown, not tested.
    public static let peakInFlight = Metric(
        wire(.tcpPeakInFlight),
        "Peak in flight",
        .lowerIsBetter,
        .counter,
        from: .capture
    ) {
        Double($0.wire.tcpPeakInFlight)
    }
    /// Every frame the scanner's link carried, ARP included, so no strategy saves SYNs by spending ARP.
    public static let packets = Metric(
        wire(.packets),
        "Packets",
        .lowerIsBetter,
        .counter,
        from: .capture,
        gate: MetricThreshold(relativePercent: 5),
        whenCut: .allowance(MetricThreshold(relativePercent: 15))
    ) {
        Double($0.wire.packets)
    }
    /// mDNS (UDP 5353) packets on the link, queries and answers of everyone: Bonjour browsing's cost on the wire.
    public static let mdnsPackets = Metric(
        wire(.mdnsPackets),
        "mDNS packets",
        short: "mDNS",
        .lowerIsBetter,
        .counter,
        from: .capture
    ) {
        Double($0.wire.mdnsPackets)
    }
    public static let bytes = Metric(wire(.bytes), "Bytes", .lowerIsBetter, .counter, from: .capture) {
        Double($0.wire.bytes)
    }
    /// Frames libpcap dropped: a capture that lost frames undercounts every wire figure.
    public static let captureDrops = Metric(
        wire(.captureDrops),
        "Capture drops",
        short: "Drops",
        .lowerIsBetter,
        .counter,
        from: .capture
    ) {
        Double($0.wire.captureDrops)
    }
    /// Frames the emulated switch could not deliver (loss nobody configured; 0 in a sound run).
    public static let emulatorWriteFailures = Metric(
        wire(.emulatorWriteFailures),
        "LAN write failures",
        .lowerIsBetter,
        .counter,
        from: .capture
    ) { $0.wire.emulatorWriteFailures.map(Double.init) }
    /// An estimate from the capture under a published Wi-Fi power model, not a measurement of a radio (docs/METRICS.md).
    public static let radioActive = Metric(
        wire(.radioActiveS),
        "Radio active (est.)",
        unit: "s",
        .lowerIsBetter,
        .timing,
        digits: 1,
        from: .model
    ) { $0.wire.radioActiveS }
    /// An estimate: the scanner's frames as 802.11 exchanges (contention, PPDU, SIFS, ACK) under
    /// the stated PHY model `wire.airtime_model` (`AirtimeModel`; docs/METRICS.md, "Airtime (estimate)").
    public static let airtime = Metric(
        wire(.airtimeMsEst),
        "Airtime (est.)",
        unit: "ms",
        .lowerIsBetter,
        .timing,
        digits: 1,
        from: .model
    ) { $0.wire.airtimeMsEst }
    /// An estimate: how long the radio is awake for the scanner's frames before it dozes (the
    /// model's power-save timeout after each burst).
    public static let radioOn = Metric(
        wire(.radioOnSEst),
        "Radio on (est.)",
        unit: "s",
        .lowerIsBetter,
        .timing,
        digits: 1,
        from: .model
    ) { $0.wire.radioOnSEst }

    // MARK: Stack: the scanner's event log

    public static let connectionsCreated = Metric(
        stack(.connectionsCreated),
        "Connections created",
        short: "Conns (stack)",
        .lowerIsBetter,
        .counter,
        from: .eventLog,
        gate: MetricThreshold(relativePercent: 5),
        whenCut: .allowance(MetricThreshold(relativePercent: 10))
    ) {
        Double($0.stack.connectionsCreated)
    }
    /// Connection objects alive at once move with when connects to absent hosts fail, as the
    /// wire's peak does: 78–90 for netmonitor-2.0 over ten runs of one seed on tiny (docs/CI.md).
    public static let stackPeak = Metric(
        stack(.peakInFlight),
        "Peak connections",
        .lowerIsBetter,
        .counter,
        from: .eventLog
    ) {
        Double($0.stack.peakInFlight)
    }
    /// Connections the stack put in `waiting(ENOMEM)`: started while the app held its platform's
    /// Network.framework flow limit (`max_flows`, docs/PLATFORMS.md); 0 on `linux`.
    public static let flowLimitWaits = Metric(
        "\(stack(.waitingByError)).ENOMEM",
        "Waiting (flow limit)",
        short: "ENOMEM",
        .lowerIsBetter,
        .counter,
        from: .eventLog
    ) { metrics in
        metrics.stack.waitingByError.map { Double($0["ENOMEM"] ?? 0) }
    }
    public static let publishes = Metric(ui(.publishes), "Publishes", .lowerIsBetter, .counter, from: .eventLog) {
        Double($0.ui.publishes)
    }
    /// Phases a run cut off at their deadline: a measured outcome (a change that makes scans run
    /// into their deadlines is a regression), not a reason to look away. Whether a phase ends just
    /// before its deadline can be a coin flip (docs/REPORTS.md, "What is gated, and how"), so the
    /// 5 % the other metrics hold is no bound here; the bound for a yes/no outcome of a run is: two
    /// independent runs that are cut with chance p differ one way with chance p(1 − p) ≤ ¼.
    public static let phasesCut = Metric(
        top(.phasesCutAtDeadline),
        "Phases cut at deadline",
        short: "Cut",
        .lowerIsBetter,
        .counter,
        from: .eventLog,
        gate: MetricThreshold(absolute: 0),
        nullExceedance: 0.25
    ) {
        Double(($0.phasesCutAtDeadline ?? []).count)
    }

    // MARK: Time

    public static let duration = Metric(
        top(.durationS),
        "Scan duration",
        short: "Duration",
        unit: "s",
        .lowerIsBetter,
        .timing,
        digits: 1,
        from: .eventLog,
        gate: MetricThreshold(relativePercent: 10)
    ) { $0.durationS }
    /// The TCP probe phase alone (`phases_s.tcp_probe`, from the engine's `phase_end` events): what
    /// the seeds' claims about a scan's length time ("/24 in 2-3 seconds", 003:109; the batches of
    /// 25, 002:43), apart from the Bonjour and lookup phases that overlap or follow it.
    public static let tcpProbePhase = Metric(
        "\(top(.phasesS)).tcp_probe",
        "TCP probe phase",
        short: "TCP phase",
        unit: "s",
        .lowerIsBetter,
        .timing,
        digits: 2,
        from: .eventLog
    ) { $0.phasesS["tcp_probe"] }
    public static let timeTo90 = Metric(
        top(.timeTo90PercentS),
        "Time to 90 %",
        unit: "s",
        .lowerIsBetter,
        .timing,
        digits: 1,
        from: .truth,
        gate: MetricThreshold(relativePercent: 10, absolute: 0.5)
    ) { $0.timeTo90PercentS }
    /// When the run found its k-th discoverable device, k the fixture's discoverable count. A run that
    /// missed one never got there: +∞ here (null in results.json), the worst value, so a median over
    /// repetitions counts it as the slowest run and a strategy that misses a device in most runs has no
    /// finite time (docs/METRICS.md, "Pareto front and suites"). Nil only when nothing was measured
    /// (no discoverable device, or no time for any found one).
    public static let timeTo100 = Metric(
        top(.timeTo100PercentS),
        "Time to 100 %",
        unit: "s",
        .lowerIsBetter,
        .timing,
        digits: 1,
        from: .truth
    ) { $0.isIncomplete ? .infinity : $0.timeTo100PercentS }
    /// Time to 100 % over the fixture's physical floor (`time_to_100_percent_floor_s`): 1 is as fast as the LAN allows;
    /// +∞ for a run that missed a discoverable device, as `timeTo100`. Derived from two keys, so its id is no key of results.json.
    public static let timeTo100VsFloor = Metric(
        "time_to_100_percent_vs_floor",
        "Time to 100 % ÷ floor",
        unit: "×",
        .lowerIsBetter,
        .timing,
        digits: 1,
        from: .truth
    ) { metrics in
        guard let time = timeTo100.value(in: metrics), let floor = metrics.timeTo100PercentFloorS, floor > 0 else {
            return nil
        }
        return time / floor
    }

    // MARK: Session: everything the app did under the strategy

    /// The scan with the session's tools, plus the classify step: a strategy's whole cost, which
    /// the Pareto front and the verdict count (`RunMetrics.Session`; docs/METRICS.md, "Session cost").
    public static let sessionTCPAttempts = Metric(
        session(.tcpAttempts),
        "TCP attempts (session)",
        short: "TCP att. (session)",
        .lowerIsBetter,
        .counter,
        from: .capture
    ) { $0.session.map { Double($0.tcpAttempts) } }
    public static let sessionPackets = Metric(
        session(.packets),
        "Packets (session)",
        short: "Pkts (session)",
        .lowerIsBetter,
        .counter,
        from: .capture
    ) { $0.session.map { Double($0.packets) } }
    public static let sessionConnections = Metric(
        session(.connectionsCreated),
        "Connections (session)",
        short: "Conns (session)",
        .lowerIsBetter,
        .counter,
        from: .eventLog
    ) { $0.session.map { Double($0.connectionsCreated) } }
    /// An estimate, as `airtime`: the scan's frames and the classify step's under one PHY model.
    public static let sessionAirtime = Metric(
        session(.airtimeMsEst),
        "Airtime (session, est.)",
        short: "Airtime (session)",
        unit: "ms",
        .lowerIsBetter,
        .timing,
        digits: 1,
        from: .model
    ) { $0.session?.airtimeMsEst }
    /// When the user has what "categories correct" scores: from the scan's start to the classify
    /// step's end (tools and the settle before the step included).
    public static let timeToCategories = Metric(
        session(.timeToCategoriesS),
        "Time to categories",
        short: "To categories",
        unit: "s",
        .lowerIsBetter,
        .timing,
        digits: 1,
        from: .eventLog
    ) { $0.session?.timeToCategoriesS }

    // MARK: UI: the model of NetMonitor's device screen, from the event log

    public static let worstHitch = Metric(
        ui(.worstHitchMs),
        "Worst hitch",
        unit: "ms",
        .lowerIsBetter,
        .timing,
        digits: 1,
        from: .eventLog
    ) {
        $0.ui.worstHitchMs
    }
    /// Ticks of the 60 Hz main-actor frame probe more than a frame late: the review's "UI
    /// responsiveness" as a count (docs/METRICS.md, "UI").
    public static let lateFrames = Metric(ui(.lateFrames), "Late frames", .lowerIsBetter, .timing, from: .eventLog) {
        Double($0.ui.lateFrames)
    }
    /// Main-actor time of all publishes in the run: the UI thread's load from the scan (the
    /// review's "UI unusable"); the model's cost is calibrated in docs/METRICS.md, "UI".
    public static let mainBusy = Metric(
        ui(.mainBusyMs),
        "Main busy",
        unit: "ms",
        .lowerIsBetter,
        .timing,
        digits: 1,
        from: .eventLog
    ) {
        $0.ui.mainBusyMs
    }
    /// The 95th percentile of one publish's main-actor time: this machine's cost of the model of
    /// NetMonitor's device screen (calibration in docs/METRICS.md, "UI"); nil in files written
    /// before it was recorded.
    public static let mainBusyP95 = Metric(
        ui(.mainBusyP95Ms),
        "Main busy per publish p95",
        unit: "ms",
        .lowerIsBetter,
        .timing,
        digits: 2,
        from: .eventLog
    ) { $0.ui.mainBusyP95Ms }

    // MARK: Process: measured from outside the scanner

    public static let cpu = Metric(top(.cpuS), "CPU", unit: "s", .lowerIsBetter, .timing, digits: 2, from: .process) {
        $0.cpuS
    }
    public static let peakRSS = Metric(
        top(.peakRssMb),
        "Peak RSS",
        short: "RSS",
        unit: "MB",
        .lowerIsBetter,
        .timing,
        digits: 1,
        from: .process
    ) {
        $0.peakRssMb
    }
    /// Process activity beside CPU (docs/METRICS.md): counts over the scanner process and every thread it had.
    /// Timings, not counters: how often threads block, wake and are preempted depends on scheduling.
    public static let contextSwitchesVoluntary = Metric(
        top(.contextSwitchesVoluntary),
        "Voluntary context switches",
        .lowerIsBetter,
        .timing,
        from: .process
    ) {
        $0.contextSwitchesVoluntary.map(Double.init)
    }
    /// Preemptions measure the machine's load more than the scanner.
    public static let contextSwitchesInvoluntary = Metric(
        top(.contextSwitchesInvoluntary),
        "Involuntary context switches",
        .lowerIsBetter,
        .timing,
        from: .process
    ) {
        $0.contextSwitchesInvoluntary.map(Double.init)
    }
    /// The most threads the scanner process had at once (sampled every 50 ms from /proc): how wide
    /// the executors spread, e.g. a dedicated tool queue beside the scan's pool.
    public static let peakThreads = Metric(
        top(.peakThreads),
        "Peak threads",
        short: "Threads",
        .lowerIsBetter,
        .timing,
        from: .process
    ) {
        Double($0.peakThreads)
    }
    public static let wakeups = Metric(top(.wakeups), "Wakeups", .lowerIsBetter, .timing, from: .process) {
        $0.wakeups.map(Double.init)
    }
    public static let syscalls = Metric(top(.syscalls), "Syscalls", .lowerIsBetter, .timing, from: .process) {
        $0.syscalls.map(Double.init)
    }

    // MARK: Tools in the app

    /// The ping tool's error against the wire, attempt by attempt, 95th percentile (docs/METRICS.md
    /// "Tools in the app"); nil when the session pinged nothing or no attempt was answered.
    public static let pingVsWireP95 = Metric(
        ping(.vsWireAbsMsP95),
        "Ping error vs wire p95",
        unit: "ms",
        .lowerIsBetter,
        .timing,
        digits: 2,
        from: .tools
    ) { $0.ping?.vsWireAbsMsP95 }
    /// Ping attempts that got no answer within the tool's timeout.
    public static let pingLost = Metric(ping(.lost), "Pings lost", .lowerIsBetter, .timing, from: .tools) {
        $0.ping.map { Double($0.lost) }
    }
    /// The port scanner's states that match the fixture, out of the ports it checked ("3/20").
    public static let portsCorrect = Metric(
        ports(.correct),
        "Port states correct",
        .higherIsBetter,
        .timing,
        from: .tools,
        of: { $0.ports.map { Double($0.checked) } }
    ) { $0.ports.map { Double($0.correct) } }

    /// The session's traceroute, DNS and WHOIS against traceroute -n, dig and whois (1 agrees, 0
    /// not, unmeasured when the reference tool failed; docs/METRICS.md "Tools in the app"), and how
    /// long each took in the app.
    public static let traceAgrees = Metric(
        lookup(.trace, .agrees),
        "Traceroute agrees",
        .higherIsBetter,
        .counter,
        from: .tools
    ) {
        $0.lookups?.trace?.agreementValue
    }
    public static let traceDuration = Metric(
        lookup(.trace, .durationMs),
        "Traceroute duration",
        unit: "ms",
        .lowerIsBetter,
        .timing,
        from: .tools
    ) { $0.lookups?.trace?.durationMs }
    public static let dnsAgrees = Metric(
        lookup(.dns, .agrees),
        "DNS lookup agrees",
        .higherIsBetter,
        .counter,
        from: .tools
    ) {
        $0.lookups?.dns?.agreementValue
    }
    public static let dnsDuration = Metric(
        lookup(.dns, .durationMs),
        "DNS lookup duration",
        unit: "ms",
        .lowerIsBetter,
        .timing,
        digits: 1,
        from: .tools
    ) { $0.lookups?.dns?.durationMs }
    public static let whoisAgrees = Metric(
        lookup(.whois, .agrees),
        "WHOIS agrees",
        .higherIsBetter,
        .counter,
        from: .tools
    ) {
        $0.lookups?.whois?.agreementValue
    }
    public static let whoisDuration = Metric(
        lookup(.whois, .durationMs),
        "WHOIS duration",
        unit: "ms",
        .lowerIsBetter,
        .timing,
        digits: 1,
        from: .tools
    ) { $0.lookups?.whois?.durationMs }
    /// NetDiag+'s host monitor against the testbed's up/down truth (1 agrees, 0 not), and how long
    /// its passes took in the app.
    public static let monitorAgrees = Metric(
        lookup(.monitor, .agrees),
        "Host monitor agrees",
        .higherIsBetter,
        .counter,
        from: .tools
    ) {
        $0.lookups?.monitor?.agreementValue
    }
    public static let monitorDuration = Metric(
        lookup(.monitor, .durationMs),
        "Host monitor duration",
        unit: "ms",
        .lowerIsBetter,
        .timing,
        from: .tools
    ) { $0.lookups?.monitor?.durationMs }
    /// NetDiag+'s certificate check against openssl (1 agrees, 0 not), and how long it took in the app.
    public static let certAgrees = Metric(
        lookup(.cert, .agrees),
        "Certificate check agrees",
        .higherIsBetter,
        .counter,
        from: .tools
    ) {
        $0.lookups?.cert?.agreementValue
    }
    public static let certDuration = Metric(
        lookup(.cert, .durationMs),
        "Certificate check duration",
        unit: "ms",
        .lowerIsBetter,
        .timing,
        from: .tools
    ) { $0.lookups?.cert?.durationMs }
    /// The lookup tools' metrics in pairs (agreement, duration), as the report's "Tools in the session" shows them.
    public static let lookupTools: [(tool: String, agrees: Metric, duration: Metric)] = [
        ("traceroute", traceAgrees, traceDuration), ("dns", dnsAgrees, dnsDuration),
        ("whois", whoisAgrees, whoisDuration), ("host monitor (truth)", monitorAgrees, monitorDuration),
        ("certificate (openssl)", certAgrees, certDuration),
    ]

    /// The session's Wake-on-LAN, Bonjour browser tool and device-detail discovery against the
    /// listener's log, avahi-browse and the fixture (1 agrees, 0 not, unmeasured when the listener's
    /// log or avahi-browse failed; docs/METRICS.md "Tools in the app"), and how long each took in the app.
    public static let wolAgrees = Metric(wol(.agrees), "Wake-on-LAN received", .higherIsBetter, .counter, from: .tools)
    {
        $0.wakeOnLAN.flatMap { $0.referenceError == nil ? ($0.agrees ? 1 : 0) : nil }
    }
    public static let wolDuration = Metric(
        wol(.durationMs),
        "Wake-on-LAN send duration",
        unit: "ms",
        .lowerIsBetter,
        .timing,
        digits: 2,
        from: .tools
    ) { $0.wakeOnLAN?.durationMs }
    /// The listener's receipt − the tool's send time.
    public static let wolLatency = Metric(
        wol(.latencyMs),
        "Wake-on-LAN latency",
        unit: "ms",
        .lowerIsBetter,
        .timing,
        digits: 2,
        from: .tools
    ) { $0.wakeOnLAN?.latencyMs }
    public static let browseAgrees = Metric(
        browse(.agrees),
        "Bonjour tool = avahi-browse",
        .higherIsBetter,
        .counter,
        from: .tools
    ) {
        $0.bonjourBrowse.flatMap { $0.avahiFailed ? nil : ($0.agrees ? 1 : 0) }
    }
    public static let browseAgreesFixture = Metric(
        browse(.agreesFixture),
        "Bonjour tool = fixture",
        .higherIsBetter,
        .counter,
        from: .tools
    ) {
        $0.bonjourBrowse.map { $0.agreesFixture ? 1 : 0 }
    }
    public static let browseDuration = Metric(
        browse(.durationMs),
        "Bonjour tool duration",
        unit: "ms",
        .lowerIsBetter,
        .timing,
        from: .tools
    ) { $0.bonjourBrowse?.durationMs }
    public static let detailAgrees = Metric(
        detail(.agrees),
        "Device-detail services = avahi-browse",
        .higherIsBetter,
        .counter,
        from: .tools
    ) {
        $0.detailServices.flatMap { $0.avahiFailed ? nil : ($0.agrees ? 1 : 0) }
    }
    public static let detailAgreesFixture = Metric(
        detail(.agreesFixture),
        "Device-detail services = fixture",
        .higherIsBetter,
        .counter,
        from: .tools
    ) { $0.detailServices.map { $0.agreesFixture ? 1 : 0 } }
    public static let detailDuration = Metric(
        detail(.durationMs),
        "Device-detail discovery duration",
        unit: "ms",
        .lowerIsBetter,
        .timing,
        from: .tools
    ) { $0.detailServices?.durationMs }
    /// The discovery tools' metrics in pairs (agreement, duration), rows of the report's "Tools in the session".
    public static let discoveryTools: [(tool: String, agrees: Metric, duration: Metric)] = [
        ("wol (listener log)", wolAgrees, wolDuration), ("bonjour (avahi-browse)", browseAgrees, browseDuration),
        ("bonjour (fixture)", browseAgreesFixture, browseDuration),
        ("device detail (avahi-browse)", detailAgrees, detailDuration),
        ("device detail (fixture)", detailAgreesFixture, detailDuration),
    ]
    /// Every tool row of "Tools in the session".
    public static let sessionTools = lookupTools + discoveryTools

    // MARK: Lists

    /// Every metric `scanbench compare` shows, in the order it prints them.
    public static let all: [Metric] = [
        recall, found, falsePositives, categoriesCorrect, categoryPrecision, categoryCoverage, categoriesGiven,
        categoriesIdentifiable, tcpAttempts, tcpSyn, retransmits, peakInFlight, packets, bytes,
        connectionsCreated, stackPeak, publishes, phasesCut, duration, timeTo90, cpu, peakRSS, worstHitch,
        contextSwitchesVoluntary, contextSwitchesInvoluntary, wakeups, syscalls, radioActive,
        airtime, radioOn,
    ]

    /// What `scanbench compare`'s verdict tests, per strategy: yield (devices, categories), cost on
    /// the wire (packets, TCP attempts), cost in the stack (connections created), time (duration,
    /// time to 90 %) and the deadline cuts. Few on purpose: every test spends some of the verdict's
    /// error budget (docs/REPORTS.md). The rest of `all` is shown beside them.
    public static let gated: [Metric] = [
        found, categoriesCorrect, packets, tcpAttempts, connectionsCreated, duration, timeTo90, phasesCut,
    ]

    /// Metrics the report shows that `scanbench compare` does not gate (they declare no threshold yet).
    public static let reportOnly: [Metric] = [
        timeTo100, timeTo100VsFloor, hostnamesCorrect, lateFrames, mainBusy, mainBusyP95,
        pingVsWireP95, pingLost, portsCorrect, mdnsPackets, peakThreads, flowLimitWaits,
        categoryProbeSeconds, categoryProbeConnections, categoryProbePackets, linksCorrect,
        sessionTCPAttempts, sessionPackets, sessionConnections, sessionAirtime, timeToCategories, tcpProbePhase,
    ]

    /// Every declared metric: `all`, `reportOnly`, and those only the raw-runs table prints.
    public static let catalogue: [Metric] =
        all + reportOnly + [captureDrops, emulatorWriteFailures]
        + [
            traceAgrees, traceDuration, dnsAgrees, dnsDuration, whoisAgrees, whoisDuration, monitorAgrees,
            monitorDuration,
        ]
        + [
            wolAgrees, wolDuration, wolLatency, browseAgrees, browseAgreesFixture, browseDuration, detailAgrees,
            detailAgreesFixture, detailDuration,
        ]

    /// The metric with this results.json path.
    public static func named(_ id: String) -> Metric? { catalogue.first { $0.id == id } }

    // MARK: Ids from results.json's coding keys

    private static func top(_ key: RunMetrics.CodingKeys) -> String { key.stringValue }
    private static func path(_ group: RunMetrics.CodingKeys, _ key: some CodingKey) -> String {
        "\(group.stringValue).\(key.stringValue)"
    }
    private static func yield(_ key: RunMetrics.Yield.CodingKeys) -> String { path(.yield, key) }
    private static func wire(_ key: RunMetrics.WireCounters.CodingKeys) -> String { path(.wire, key) }
    private static func stack(_ key: RunMetrics.Stack.CodingKeys) -> String { path(.stack, key) }
    private static func ui(_ key: RunMetrics.UI.CodingKeys) -> String { path(.ui, key) }
    private static func names(_ key: RunMetrics.Names.CodingKeys) -> String { path(.names, key) }
    private static func session(_ key: RunMetrics.Session.CodingKeys) -> String { path(.session, key) }
    private static func ping(_ key: RunMetrics.PingAccuracy.CodingKeys) -> String { path(.ping, key) }
    private static func ports(_ key: RunMetrics.Ports.CodingKeys) -> String { path(.ports, key) }
    private static func wol(_ key: RunMetrics.WakeOnLANDelivery.CodingKeys) -> String { path(.wakeOnLAN, key) }
    private static func browse(_ key: RunMetrics.ServiceAgreement.CodingKeys) -> String { path(.bonjourBrowse, key) }
    private static func detail(_ key: RunMetrics.ServiceAgreement.CodingKeys) -> String { path(.detailServices, key) }
    private static func lookup(_ tool: RunMetrics.Lookups.CodingKeys, _ key: RunMetrics.Agreement.CodingKeys) -> String
    {
        "\(path(.lookups, tool)).\(key.stringValue)"
    }
}
