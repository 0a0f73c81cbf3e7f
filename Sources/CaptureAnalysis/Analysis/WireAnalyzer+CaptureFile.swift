import CaptureFiles
import Wire

extension WireAnalyzer {
    /// Reads a pcap or pcapng file and analyses every frame in it; a damaged file is an error.
    ///
    /// - Throws: `CaptureError.fileOpenFailed`, `.unsupportedLinkType`, `.damagedFile`.
    public static func analyze(file path: String, options: AnalysisOptions = AnalysisOptions()) throws -> WireAnalysis {
        try read(path, options: options, process: nil, reading: .native, throwsAtDamage: true).analysis
    }

    /// Reads any capture file `CaptureFile` opens — pcap or pcapng, mixed link types, damaged
    /// or not — and analyses its packets, optionally only one process's.
    ///
    /// A damaged file is not an error: the packets before the damage are analysed and
    /// `WireAnalysis.captureFile.damage` says where it stopped.
    ///
    /// - Parameters:
    ///   - process: keep only packets whose process or effective process name is this, ignoring
    ///     case; packets without process information are left out and counted (`ProcessFilter`).
    ///   - reading: whose code reads the file (measurement only; see `CaptureFile`).
    /// - Throws: `CaptureError.fileOpenFailed`, `.unsupportedLinkType`, and
    ///   `.noProcessInformation` when `process` is given and no packet names its process.
    public static func analyze(
        captureFile path: String,
        options: AnalysisOptions = AnalysisOptions(),
        process: String? = nil,
        reading: CaptureFile.Reading = .native
    ) throws -> WireAnalysis {
        let pass = try read(path, options: options, process: process, reading: reading)
        var analysis = pass.analysis
        analysis.linkType = pass.linkTypes.joined(separator: ", ")
        analysis.captureFile = CaptureFileSummary(
            format: pass.format,
            linkTypes: pass.linkTypes,
            packetsRead: pass.packetsRead,
            damage: pass.damage?.description,
            processFilter: pass.processFilter
        )
        return analysis
    }

    /// One analysis of a file, and what reading it found.
    private struct Pass {
        var analysis: WireAnalysis
        var format: CaptureFile.Format
        var linkTypes: [String]
        var packetsRead: Int
        var damage: CaptureError?
        var processFilter: ProcessFilterSummary?
    }

    /// Analyses the packets of `path` (one `process`'s, when given) up to its end or its damage;
    /// with `throwsAtDamage`, the damage is thrown before the scanner's runs are read again.
    private static func read(
        _ path: String,
        options: AnalysisOptions,
        process: String?,
        reading: CaptureFile.Reading,
        throwsAtDamage: Bool = false
    ) throws -> Pass {
        let file = try CaptureFile(path: path, reading: reading)
        var analyzer = WireAnalyzer(options: options, linkType: file.linkTypes.first ?? .ethernet)
        analyzer.dropsUnprovenRuns = true
        var filter = process.map(ProcessFilter.init)
        var read = 0
        let damage = try untilDamage {
            try file.forEach(wantsProcess: process != nil) { record in
                read += 1
                if filter?.keeps(process: record.process, effective: record.effectiveProcess) == false { return }
                if record.linkType != analyzer.linkType { analyzer.linkType = record.linkType }
                analyzer.add(
                    timestamp: record.timestamp,
                    originalLength: record.originalLength,
                    borrowing: record.bytes
                )
            }
        }
        if throwsAtDamage, let damage { throw damage }
        let summary = filter?.summary
        if let summary, summary.matched == 0, summary.otherProcesses.isEmpty, read > 0 {
            throw CaptureError.noProcessInformation(path: path)
        }
        var analysis = analyzer.finish()
        if let scanner = analyzer.scannerWithDroppedRuns(in: analysis) {
            analysis.radioRuns.1 = try replayedRuns(of: scanner, path: path, process: process, reading: reading)
        }
        return Pass(
            analysis: analysis,
            format: file.format,
            linkTypes: file.linkTypes.map(\.description),
            packetsRead: read,
            damage: damage,
            processFilter: summary
        )
    }

    /// The scanner's unicast runs, read again from the file with the same process filter, up to
    /// the same damage.
    private static func replayedRuns(
        of scanner: IPv4Address,
        path: String,
        process: String?,
        reading: CaptureFile.Reading
    ) throws -> FrameRuns {
        var replay = ScannerRunsReplay(scanner: scanner)
        var filter = process.map(ProcessFilter.init)
        _ = try untilDamage {
            try CaptureFile(path: path, reading: reading).forEach(wantsProcess: process != nil) { record in
                if filter?.keeps(process: record.process, effective: record.effectiveProcess) == false { return }
                replay.add(record.bytes, linkType: record.linkType, timestamp: record.timestamp)
            }
        }
        return replay.runs
    }

    /// Runs a walk over a file and returns the damage that stopped it, if any; other errors are thrown.
    private static func untilDamage(_ walk: () throws -> Void) throws -> CaptureError? {
        do {
            try walk()
            return nil
        } catch let error as CaptureError {
            switch error {
            case .damagedFile, .fileReadFailed: return error
            default: throw error
            }
        }
    }
}
