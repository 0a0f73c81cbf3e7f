import Wire

extension WireAnalyzer {
    /// Reads any capture file `CaptureFile` opens — pcap or pcapng, mixed link types, damaged
    /// or not — and analyses its packets, optionally only one process's.
    ///
    /// A damaged file is not an error: the packets before the damage are analysed and
    /// `WireAnalysis.captureFile.damage` says where it stopped.
    ///
    /// - Parameters:
    ///   - process: keep only packets whose process or effective process name is this, ignoring
    ///     case; packets without process information are left out and counted (`ProcessFilter`).
    ///   - pcapngReading: which reader reads pcapng (measurement only; see `CaptureFile`).
    /// - Throws: `CaptureError.fileOpenFailed`, `.unsupportedLinkType`, and
    ///   `.noProcessInformation` when `process` is given and no packet names its process.
    public static func analyze(captureFile path: String, options: AnalysisOptions = AnalysisOptions(),
                               process: String? = nil,
                               pcapngReading: CaptureFile.PcapngReading = .native) throws -> WireAnalysis {
        let file = try CaptureFile(path: path, pcapngReading: pcapngReading)
        var analyzer = WireAnalyzer(options: options, linkType: file.linkTypes.first ?? .ethernet)
        analyzer.dropsUnprovenRuns = true
        var filter = process.map(ProcessFilter.init)
        var read = 0
        var damage: String?
        do {
            try file.forEach(wantsProcess: process != nil) { record in
                read += 1
                if filter?.keeps(process: record.process, effective: record.effectiveProcess) == false { return }
                if record.linkType != analyzer.linkType { analyzer.linkType = record.linkType }
                analyzer.add(timestamp: record.timestamp, originalLength: record.originalLength, borrowing: record.bytes)
            }
        } catch let error as CaptureError {
            switch error {
            case .damagedFile, .fileReadFailed: damage = error.description
            default: throw error
            }
        }
        let summary = filter?.summary
        if let summary, summary.matched == 0, summary.otherProcesses.isEmpty, read > 0 {
            throw CaptureError.noProcessInformation(path: path)
        }
        var analysis = analyzer.finish()
        if let scanner = analyzer.scannerWithDroppedRuns(in: analysis) {
            analysis.radioRuns.1 = try replayedRuns(of: scanner, path: path, process: process, pcapngReading: pcapngReading)
        }
        let linkTypes = file.linkTypes.map(\.description)
        analysis.linkType = linkTypes.joined(separator: ", ")
        analysis.captureFile = CaptureFileSummary(format: file.format, linkTypes: linkTypes, packetsRead: read,
                                                  damage: damage, processFilter: summary)
        return analysis
    }

    /// The scanner's unicast runs, read again from the file with the same process filter, up to
    /// the same damage.
    private static func replayedRuns(of scanner: IPv4Address, path: String, process: String?,
                                     pcapngReading: CaptureFile.PcapngReading) throws -> FrameRuns {
        var replay = ScannerRunsReplay(scanner: scanner)
        var filter = process.map(ProcessFilter.init)
        do {
            try CaptureFile(path: path, pcapngReading: pcapngReading).forEach(wantsProcess: process != nil) { record in
                if filter?.keeps(process: record.process, effective: record.effectiveProcess) == false { return }
                replay.add(record.bytes, linkType: record.linkType, timestamp: record.timestamp)
            }
        } catch let error as CaptureError {
            switch error {
            case .damagedFile, .fileReadFailed: break
            default: throw error
            }
        }
        return replay.runs
    }
}
