/// Colours and dash patterns for strategies: the Okabe–Ito palette, which stays distinguishable
/// with the common colour-vision deficiencies, paired with a dash pattern so lines also differ in
/// greyscale. Presets keep the same colour in every chart and report.
enum Palette {
    static let colours = ["#000000", "#E69F00", "#56B4E9", "#009E73", "#0072B2", "#D55E00", "#CC79A7", "#999999"]
    static let dashes = ["", "8 4", "2 3", "10 3 2 3", "", "5 5", "7 2 2 2", "12 4"]

    /// Style of the strategy at `index` in a report's strategy order.
    static func style(_ index: Int) -> (colour: String, dash: String) {
        (colours[index % colours.count], dashes[index % dashes.count])
    }

    /// Style for a strategy: presets by their documented position, others after them.
    static func style(for strategy: String, among strategies: [String]) -> (colour: String, dash: String) {
        if let preset = RunGroup.presetOrder.firstIndex(of: strategy) { return style(preset) }
        let others = strategies.filter { !RunGroup.presetOrder.contains($0) }
        return style(RunGroup.presetOrder.count + (others.firstIndex(of: strategy) ?? 0))
    }
}
