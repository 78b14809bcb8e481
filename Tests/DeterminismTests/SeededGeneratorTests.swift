import Testing
import Determinism

@Suite("SeededGenerator")
struct SeededGeneratorTests {
    @Test("seed 0 reproduces xoshiro256** seeded by SplitMix64 (reference outputs)")
    func knownAnswer() {
        var generator = SeededGenerator(seed: 0)
        #expect(generator.next() == 0x99EC_5F36_CB75_F2B4)
        #expect(generator.next() == 0xBF6E_1F78_4956_452A)
        #expect(generator.next() == 0x1A5F_849D_4933_E6E0)
        var other = SeededGenerator(seed: 42)
        #expect(other.next() == 0x1578_0B2E_0C2E_C716)
    }

    @Test("the same seed gives the same sequence, another seed another")
    func determinism() {
        var a = SeededGenerator(seed: 123)
        var b = SeededGenerator(seed: 123)
        var c = SeededGenerator(seed: 124)
        let first = (0..<100).map { _ in a.next() }
        #expect(first == (0..<100).map { _ in b.next() })
        #expect(first != (0..<100).map { _ in c.next() })
    }

    @Test("unit doubles lie in [0, 1) with mean near one half")
    func unitInterval() {
        var generator = SeededGenerator(seed: 9)
        var sum = 0.0
        for _ in 0..<20_000 {
            let value = generator.nextUnit()
            #expect(value >= 0 && value < 1)
            sum += value
        }
        #expect(abs(sum / 20_000 - 0.5) < 0.01)
    }

    @Test("nextInt(below:) stays in range and reaches every value")
    func boundedIntegers() {
        var generator = SeededGenerator(seed: 77)
        var counts = [Int](repeating: 0, count: 7)
        for _ in 0..<7_000 {
            counts[generator.nextInt(below: 7)] += 1
        }
        #expect(counts.allSatisfy { $0 > 800 && $0 < 1_200 })
        #expect(generator.nextInt(below: 1) == 0)
    }

    @Test("nextDouble(in:) stays in its range")
    func doubleRange() {
        var generator = SeededGenerator(seed: 5)
        for _ in 0..<1_000 {
            let value = generator.nextDouble(in: -3...8)
            #expect(value >= -3 && value <= 8)
        }
    }
}

@Suite struct StableHashTests {
    /// FNV-1a 64's xor and multiply from its offset basis, hand-computed for the word 1.
    @Test func mixIsFNV1aStep() {
        #expect(StableHash.mix(StableHash.seed, UInt64(1)) == (StableHash.seed ^ 1) &* 0x0000_0100_0000_01B3)
        #expect(StableHash.mix(StableHash.seed, 1.5) == StableHash.mix(StableHash.seed, 1.5.bitPattern))
        #expect(StableHash.mix(StableHash.seed, nil as Int?) == StableHash.mix(StableHash.seed, UInt64.max))
    }

    @Test func textHashIsStableAndTellsTextsApart() {
        #expect(StableHash.of("") == StableHash.seed)
        // The published 64-bit FNV-1a test vector for "a" (Fowler/Noll/Vo's reference table).
        #expect(StableHash.of("a") == 0xAF63_DC4C_8601_EC8C)
        #expect(StableHash.of("pipeline/best@300") == StableHash.of("pipeline/best@300"))
        #expect(StableHash.of("pipeline/best@300") != StableHash.of("pipeline/best@3000"))
        #expect(StableHash.of("ab") == StableHash.mix(StableHash.mix(StableHash.seed, UInt64(0x61)), UInt64(0x62)))
    }

    /// `hex`: the same hash as 16 hex digits, a hash with leading zero digits padded to that width.
    @Test func hexIsTheHashInSixteenDigits() throws {
        #expect(StableHash.hex("") == "cbf29ce484222325" && StableHash.hex("a") == "af63dc4c8601ec8c")
        let small = try #require((0..<100_000).lazy.map { "run \($0)" }.first { StableHash.of($0) < 1 << 60 })
        #expect(StableHash.hex(small).count == 16 && StableHash.hex(small).hasPrefix("0"))
        #expect(UInt64(StableHash.hex(small), radix: 16) == StableHash.of(small))
    }
}
