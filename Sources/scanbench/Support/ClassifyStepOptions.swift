import ArgumentParser
import Results

/// The classify step's options, as `run` and `ablate` take them: `--no-classify` and the settings of
/// the harness's probe after each scan (`CategoryProbeSettings`, docs/HARNESS.md#categories), each
/// range checked once, in `CategoryProbeSettings.check`. The old spellings (`--no-categories`,
/// `--probe-*`) still work, with a note.
struct ClassifyStepOptions: ParsableArguments {
    @Flag(help: "Do not probe and classify the devices each scan found (category_correct stays null).")
    var noClassify = false

    @Option(
        help: ArgumentHelp(
            "Classify step: how many of nmap's most frequently open TCP ports it tries, \(CategoryProbeSettings.Range.topPorts) (default \(CategoryProbeSettings.harnessDefault.topPorts)).",
            valueName: "N"
        )
    )
    var classifyTopPorts: Int?

    @Option(
        help: ArgumentHelp(
            "Classify step: seconds of its Bonjour browse, \(CategoryProbeSettings.Range.bonjourWindow) (0: none; default \(CategoryProbeSettings.harnessDefault.bonjourWindowS)).",
            valueName: "S"
        )
    )
    var classifyBonjourWindow: Double?

    @Option(
        help: ArgumentHelp(
            "Classify step: seconds its SSDP search listens, \(CategoryProbeSettings.Range.ssdpWindow) (0: none; MX: that - 1, at least 1; default \(CategoryProbeSettings.harnessDefault.ssdpWindowS)).",
            valueName: "S"
        )
    )
    var classifySsdpWindow: Double?

    @Option(
        help: ArgumentHelp(
            "Classify step: seconds for each connect, \(CategoryProbeSettings.Range.timeout) (HTTP gets twice as long; default \(CategoryProbeSettings.harnessDefault.timeoutS)).",
            valueName: "S"
        )
    )
    var classifyTimeout: Double?

    @Flag(name: .customLong("no-categories"), help: .hidden) var oldNoCategories = false
    @Option(name: .customLong("probe-top-ports"), help: .hidden) var oldTopPorts: Int?
    @Option(name: .customLong("probe-bonjour-window"), help: .hidden) var oldBonjourWindow: Double?
    @Option(name: .customLong("probe-ssdp-window"), help: .hidden) var oldSsdpWindow: Double?
    @Option(name: .customLong("probe-timeout"), help: .hidden) var oldTimeout: Double?

    /// True when any of these options was given (so `--plan` must agree with it).
    var given: Bool {
        off || topPorts != nil || bonjourWindow != nil || ssdpWindow != nil || timeout != nil
    }

    /// `--no-classify` (or `--no-categories`).
    var off: Bool { noClassify || oldNoCategories }

    /// The settings the options ask for, over the harness's defaults; nil with `--no-classify`.
    /// - Throws: `ValidationError` naming the option and its range.
    func settings() throws -> CategoryProbeSettings? {
        let defaults = CategoryProbeSettings.harnessDefault
        let settings = CategoryProbeSettings(
            topPorts: topPorts ?? defaults.topPorts,
            bonjourWindowS: bonjourWindow ?? defaults.bonjourWindowS,
            ssdpWindowS: ssdpWindow ?? defaults.ssdpWindowS,
            timeoutS: timeout ?? defaults.timeoutS
        )
        if let problem = settings.check(prefix: "--classify-") { throw ValidationError(problem) }
        return off ? nil : settings
    }

    mutating func validate() throws {
        let renamed: [(old: String, new: String, given: Bool, clash: Bool)] = [
            ("--no-categories", "--no-classify", oldNoCategories, noClassify),
            ("--probe-top-ports", "--classify-top-ports", oldTopPorts != nil, classifyTopPorts != nil),
            (
                "--probe-bonjour-window", "--classify-bonjour-window", oldBonjourWindow != nil,
                classifyBonjourWindow != nil
            ),
            ("--probe-ssdp-window", "--classify-ssdp-window", oldSsdpWindow != nil, classifySsdpWindow != nil),
            ("--probe-timeout", "--classify-timeout", oldTimeout != nil, classifyTimeout != nil),
        ]
        for option in renamed where option.given {
            guard !option.clash else {
                throw ValidationError("give \(option.new) or its old spelling \(option.old), not both")
            }
            Deprecation.warn(old: option.old, new: option.new)
        }
        _ = try settings()
    }

    private var topPorts: Int? { classifyTopPorts ?? oldTopPorts }
    private var bonjourWindow: Double? { classifyBonjourWindow ?? oldBonjourWindow }
    private var ssdpWindow: Double? { classifySsdpWindow ?? oldSsdpWindow }
    private var timeout: Double? { classifyTimeout ?? oldTimeout }
}
