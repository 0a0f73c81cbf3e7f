import Foundation
import StrictYAML
import Testing
@testable import ScanKit
import AppInputs

@Suite("Platform profiles")
struct PlatformProfileTests {
    static let directory: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("fixtures/platforms").path
    }()

    static func builtins() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".yaml") }.map {
            String($0.dropLast(5))
        }.sorted()
    }

    static func loadError(_ text: String) -> YAMLInputError? {
        do {
            _ = try PlatformProfileLoader.load(text: text, file: "p.yaml")
            return nil
        } catch {
            return error as? YAMLInputError
        }
    }

    static let valid = """
        name: phone
        device: a phone
        callback_us: {value: 15, assumption: no measurement, sweep: [5, 50]}
        connection_setup_us: {value: 0, source: none}
        publish_us: {value: 0, source: none}
        callback_pool_width: {value: 6, source: xnu}
        """

    @Test(
        "every built-in profile loads, is named after its file, and every parameter has a source or an assumption with a sweep range"
    )
    func builtinsLoad() throws {
        let names = try Self.builtins()
        #expect(names.contains("linux") && names.contains("iphone-a16"))
        for name in names {
            let profile = try PlatformProfileLoader.load("\(Self.directory)/\(name).yaml")
            #expect(profile.name == name)
            for (key, parameter) in profile.parameters {
                #expect((parameter.source != nil) != (parameter.assumption != nil), "\(name).\(key)")
                if parameter.isAssumption {
                    let sweep = try #require(parameter.sweep, "\(name).\(key)")
                    #expect(
                        sweep.count == 2 && sweep[0] <= parameter.value && parameter.value <= sweep[1],
                        "\(name).\(key): the assumed value lies in its sweep"
                    )
                }
            }
        }
    }

    @Test("linux is the default and adds nothing: no cost, no pool, so the app runs as it did before profiles")
    func linuxIsNeutral() throws {
        #expect(PlatformProfileLoader.defaultName == "linux")
        let linux = try PlatformProfileLoader.load("\(Self.directory)/linux.yaml")
        #expect(linux.isNeutral)
        #expect(linux.costs == .none)
        #expect(PlatformCosts.current == .none, "nothing is in force until a command installs a profile")
    }

    @Test(
        "the iPhone profile costs CPU per callback, per connection and per publish, and runs callbacks on a pool of the phone's 6 cores"
    )
    func iphoneCosts() throws {
        let phone = try PlatformProfileLoader.load("\(Self.directory)/iphone-a16.yaml")
        #expect(!phone.isNeutral)
        #expect(
            phone.costs.callbackNs == 15_000 && phone.costs.connectionSetupNs == 200_000
                && phone.costs.publishNs == 150_000
        )
        #expect(phone.costs.callbackPoolWidth == 6)
        #expect(phone.callbackUs.isAssumption && !phone.callbackPoolWidth.isAssumption)
        #expect(phone.pathModel == PathModel(observesPath: true, retryDelayNs: 0))
        #expect(phone.pathWaiting?.isAssumption == false && phone.pathRetryDelayMs?.isAssumption == true)
    }

    @Test(
        "path keys are optional (absent: no path observation, still neutral), sweepable, and path_waiting is on or off"
    )
    func pathKeys() throws {
        let plain = try PlatformProfileLoader.load(
            text: Self.valid.replacingOccurrences(of: "value: 6,", with: "value: 0,")
                .replacingOccurrences(of: "value: 15,", with: "value: 0,"),
            file: "p.yaml"
        )
        #expect(plain.pathModel == .none && plain.parameters.count == 4)
        #expect(
            PlatformProfile.parameterKeys.contains("path_waiting")
                && PlatformProfile.parameterKeys.contains("path_retry_delay_ms")
        )
        let linux = try PlatformProfileLoader.load("\(Self.directory)/linux.yaml")
        #expect(linux.pathModel == .none && linux.isNeutral && linux.parameters.count == 6)
        let half = try #require(Self.loadError(Self.valid + "\npath_waiting: {value: 0.5, source: x}\n"))
        #expect(half.message.contains("on or off"), "\(half)")
    }

    @Test(
        "the iPhone holds 512 flows (sourced) and reports a refusal as waiting (assumed, swept to failed); linux has neither and stays neutral"
    )
    func flowLimitAndRefusal() throws {
        let phone = try PlatformProfileLoader.load("\(Self.directory)/iphone-a16.yaml")
        #expect(phone.flowLimit == 512 && phone.maxFlows?.isAssumption == false)
        #expect(
            phone.maxFlows?.source?.contains("832004") == true && phone.maxFlows?.source?.contains("803846") == true
        )
        #expect(phone.refusedConnectReport == .waiting && phone.refusedConnect?.sweep == [0, 1])
        let linux = try PlatformProfileLoader.load("\(Self.directory)/linux.yaml")
        #expect(linux.flowLimit == nil && linux.refusedConnectReport == .waiting && linux.isNeutral)
        // Either one set makes a profile do something, so the app must be given it.
        let limited = try PlatformProfileLoader.load(
            text: Self.valid.replacingOccurrences(of: "value: 6,", with: "value: 0,")
                .replacingOccurrences(of: "value: 15,", with: "value: 0,")
                + "\nmax_flows: {value: 512, source: forums}\n",
            file: "p.yaml"
        )
        #expect(!limited.isNeutral && limited.flowLimit == 512)
        let failing = try PlatformProfileLoader.load(
            text: Self.valid + "\nrefused_connect: {value: 1, assumption: unknown, sweep: [0, 1]}\n",
            file: "p.yaml"
        )
        #expect(failing.refusedConnectReport == .failed)
        let half = try #require(Self.loadError(Self.valid + "\nmax_flows: {value: 5.5, source: x}\n"))
        #expect(half.message.contains("whole number"), "\(half)")
        let third = try #require(Self.loadError(Self.valid + "\nrefused_connect: {value: 2, source: x}\n"))
        #expect(third.message.contains("out of range"), "\(third)")
        #expect(PlatformProfile.valueNames["refused_connect"] == ["waiting": 0, "failed": 1])
    }

    @Test("the iPhone is suspended 30 s after the user leaves the app (sourced); linux never is and stays neutral")
    func backgroundWindow() throws {
        let phone = try PlatformProfileLoader.load("\(Self.directory)/iphone-a16.yaml")
        #expect(phone.backgroundWindowS == 30 && phone.backgroundTimeS?.isAssumption == false)
        #expect(phone.backgroundTimeS?.source?.contains("beginBackgroundTask") == true)
        #expect(PlatformProfile.parameterKeys.contains("background_time_s"))
        let linux = try PlatformProfileLoader.load("\(Self.directory)/linux.yaml")
        #expect(linux.backgroundWindowS == nil && linux.isNeutral)
        // A window alone makes a profile do something, so the app must be given it; 0 is none.
        let neutral = Self.valid.replacingOccurrences(of: "value: 6,", with: "value: 0,")
            .replacingOccurrences(of: "value: 15,", with: "value: 0,")
        let windowed = try PlatformProfileLoader.load(
            text: neutral + "\nbackground_time_s: {value: 5, assumption: no window asked, sweep: [1, 30]}\n",
            file: "p.yaml"
        )
        #expect(!windowed.isNeutral && windowed.backgroundWindowS == 5)
        let none = try PlatformProfileLoader.load(
            text: neutral + "\nbackground_time_s: {value: 0, source: never suspended}\n",
            file: "p.yaml"
        )
        #expect(none.backgroundWindowS == nil)
        let long = try #require(Self.loadError(Self.valid + "\nbackground_time_s: {value: 4000, source: x}\n"))
        #expect(long.message.contains("out of range"), "\(long)")
    }

    @Test("an unknown key is refused at its line with a fix")
    func unknownKey() throws {
        let error = try #require(Self.loadError(Self.valid + "\ncallback_ms: {value: 1, source: x}\n"))
        #expect(error.file == "p.yaml" && error.line == 7, "\(error)")
        #expect(error.message.contains("unknown key 'callback_ms'"))
        #expect(error.fix.contains("did you mean 'callback_us'"), "\(error.fix)")
        let inner = try #require(Self.loadError(Self.valid.replacingOccurrences(of: "source: xnu", with: "sourc: xnu")))
        #expect(
            inner.line == 6 && inner.message.contains("unknown key 'sourc'") && inner.fix.contains("'source'"),
            "\(inner)"
        )
    }

    @Test(
        "a parameter with neither source nor assumption, both, or an assumption without a sweep range is refused at its line"
    )
    func sourcesAreRequired() throws {
        let bare = try #require(
            Self.loadError(Self.valid.replacingOccurrences(of: "{value: 6, source: xnu}", with: "{value: 6}"))
        )
        #expect(bare.line == 6 && bare.message.contains("neither where its value comes from"), "\(bare)")
        #expect(bare.fix.contains("source:") && bare.fix.contains("assumption:"))
        let both = try #require(
            Self.loadError(
                Self.valid.replacingOccurrences(
                    of: "source: xnu",
                    with: "source: xnu, assumption: guess, sweep: [1, 8]"
                )
            )
        )
        #expect(both.message.contains("both a source and an assumption"), "\(both)")
        let unswept = try #require(Self.loadError(Self.valid.replacingOccurrences(of: ", sweep: [5, 50]", with: "")))
        #expect(unswept.line == 3 && unswept.message.contains("sweep range"), "\(unswept)")
    }

    @Test("values out of range and fractional pool widths are refused with the range")
    func ranges() throws {
        let negative = try #require(
            Self.loadError(
                Self.valid.replacingOccurrences(
                    of: "{value: 0, source: none}\npublish",
                    with: "{value: -1, source: none}\npublish"
                )
            )
        )
        #expect(
            negative.line == 4 && negative.message.contains("out of range") && negative.fix.contains("0 to 100000"),
            "\(negative)"
        )
        let wide = try #require(Self.loadError(Self.valid.replacingOccurrences(of: "value: 6,", with: "value: 65,")))
        #expect(wide.fix.contains("0 to 64"), "\(wide)")
        let fraction = try #require(
            Self.loadError(Self.valid.replacingOccurrences(of: "value: 6,", with: "value: 2.5,"))
        )
        #expect(fraction.message.contains("whole number"), "\(fraction)")
    }

    @Test("an unknown built-in name lists the profiles there are")
    func unknownName() throws {
        let error = try #require(throws: YAMLInputError.self) { try PlatformProfileLoader.load("iphone-z9") }
        #expect(error.fix.contains("linux") && error.fix.contains("iphone-a16"), "\(error)")
    }
}
