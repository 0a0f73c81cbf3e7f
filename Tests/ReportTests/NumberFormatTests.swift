import Testing
@testable import Report

/// The one number format of the report and the comparison (`NumberFormat`): grouping, the minus
/// sign, signed changes and percentages.
@Suite("number format")
struct NumberFormatTests {
    @Test("numbers print the same everywhere")
    func numberFormat() {
        #expect(NumberFormat.decimal(3149, digits: 0) == "3,149")
        #expect(NumberFormat.decimal(-1234567.891, digits: 2) == "−1,234,567.89")
        #expect(NumberFormat.signed(-892, digits: 0) == "−892")
        #expect(NumberFormat.signed(0.001, digits: 2) == "±0")
        #expect(NumberFormat.percent(-74.08) == "−74 %")
        #expect(NumberFormat.percent(4.25) == "+4.2 %" || NumberFormat.percent(4.25) == "+4.3 %")
        #expect(NumberFormat.coordinate(12.50) == "12.5" && NumberFormat.coordinate(-0.001) == "0")
    }
}
