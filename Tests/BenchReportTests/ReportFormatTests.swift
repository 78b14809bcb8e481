import Testing
import BenchReport

@Suite struct ReportFormatTests {
    @Test func nanosecondsScaleToTheirUnitWithThreeSignificantDigits() {
        #expect(ReportFormat.nanoseconds(12.34) == "12.3 ns")
        #expect(ReportFormat.nanoseconds(4_560) == "4.56 µs")
        #expect(ReportFormat.nanoseconds(1_234_567) == "1.23 ms")
        #expect(ReportFormat.nanoseconds(2_000_000_000) == "2.00 s")
        #expect(ReportFormat.nanoseconds(812) == "812 ns")
        #expect(ReportFormat.nanoseconds(0.5) == "0.500 ns")
        #expect(ReportFormat.nanoseconds(0) == "0 ns")
        #expect(ReportFormat.nanoseconds(83_333.33) == "83.3 µs")
        #expect(ReportFormat.nanoseconds(.nan) == "n/a")
    }

    @Test func roundingUpCarriesIntoTheNextUnit() {
        #expect(ReportFormat.nanoseconds(999.96) == "1.00 µs")
        #expect(ReportFormat.nanoseconds(999.4) == "999 ns")
        #expect(ReportFormat.nanoseconds(9.996) == "10.0 ns")
    }

    @Test func compactDropsTrailingZeros() {
        #expect(ReportFormat.nanoseconds(10, compact: true) == "10 ns")
        #expect(ReportFormat.nanoseconds(1_000, compact: true) == "1 µs")
        #expect(ReportFormat.nanoseconds(1_500_000, compact: true) == "1.5 ms")
        #expect(ReportFormat.nanoseconds(100_000, compact: true) == "100 µs")
    }

    @Test func percentsRatiosAndSizes() {
        #expect(ReportFormat.percent(0.4213) == "0.421%")
        #expect(ReportFormat.percent(12.345) == "12.3%")
        #expect(ReportFormat.percent(150) == "150%")
        #expect(ReportFormat.ratio(1.234) == "1.23x")
        #expect(ReportFormat.ratio(12.34) == "12.3x")
        #expect(ReportFormat.ratio(0.4567) == "0.457x")
        #expect(ReportFormat.size(1) == "1")
        #expect(ReportFormat.size(300) == "300")
        #expect(ReportFormat.size(1_000) == "1k")
        #expect(ReportFormat.size(10_000) == "10k")
        #expect(ReportFormat.size(1_500_000) == "1.5M")
    }

    @Test func fixedAndSignificant() {
        #expect(ReportFormat.fixed(3.14159, decimals: 2) == "3.14")
        #expect(ReportFormat.fixed(-2.5, decimals: 0) == "-3")
        #expect(ReportFormat.fixed(-0.001, decimals: 1) == "0.0")
        #expect(ReportFormat.fixed(7, decimals: 3) == "7.000")
        #expect(ReportFormat.fixed(0.05, decimals: 2) == "0.05")
        #expect(ReportFormat.significant(123_456) == "123456")
        #expect(ReportFormat.significant(0.0012345) == "0.00123")
        #expect(ReportFormat.significant(-45.67) == "-45.7")
    }
}
