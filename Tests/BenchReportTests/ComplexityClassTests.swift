import Testing
import BenchReport

@Suite struct ComplexityClassTests {
    @Test func parsesDocumentedComplexities() {
        let cases: [(String, ComplexityClass)] = [
            ("O(1)", .constant), ("O(log N)", .logarithmic), ("O(log n)", .logarithmic), ("O(N)", .linear),
            ("O(n)", .linear), ("O(N log N)", .linearithmic), ("o(n log n)", .linearithmic), ("O(k)", .constant),
            ("O(log N + k)", .logarithmic), ("O(N^2)", .quadratic), ("O(n²)", .quadratic), ("O(n*n)", .quadratic),
            ("O(k log N)", .logarithmic), ("O(log(n))", .logarithmic), ("  O( N + k )  ", .linear),
            ("O(nlogn)", .linearithmic), ("O(2n + 3)", .linear), ("O(1 + n log n + n)", .linearithmic), ("O(2k)", .constant),
        ]
        for (text, expected) in cases {
            #expect(ComplexityClass(documented: text) == expected, "\(text)")
        }
    }

    @Test func rejectsWhatItDoesNotUnderstand() {
        for text in ["", "O()", "n", "O(n", "O(N^3)", "O(2^n)", "O(log log n)", "O(n + )", "O(sqrt n)", "fast"] {
            #expect(ComplexityClass(documented: text) == nil, "\(text)")
        }
    }

    @Test func descriptionsRoundTrip() {
        for complexity in ComplexityClass.allCases {
            #expect(ComplexityClass(documented: complexity.description) == complexity)
        }
    }

    @Test func verdictComparesGrowth() {
        #expect(ComplexityClass.linear.verdict(againstDocumented: .linear) == .matches)
        #expect(ComplexityClass.constant.verdict(againstDocumented: .logarithmic) == .slowerGrowthThanDocumented)
        #expect(ComplexityClass.linear.verdict(againstDocumented: .constant) == .fasterGrowthThanDocumented)
        #expect(ComplexityClass.constant < .quadratic)
    }

    @Test func growthTerms() {
        #expect(ComplexityClass.constant.growthTerm(1024) == 0)
        #expect(ComplexityClass.logarithmic.growthTerm(1024) == 10)
        #expect(ComplexityClass.linearithmic.growthTerm(1024) == 10240)
        #expect(ComplexityClass.quadratic.growthTerm(30) == 900)
    }
}
