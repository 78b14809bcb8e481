/// A small seeded pseudo-random generator: xoshiro256** whose state is filled by SplitMix64.
///
/// The same seed gives the same sequence on every platform and Swift version, which the
/// standard library's `SystemRandomNumberGenerator` cannot. Use it wherever a trajectory,
/// a property check or a benchmark input must be reproducible:
///
///     var generator = SeededGenerator(seed: 42)
///     let speed = generator.nextDouble(in: 200...3000)
///     let coin = generator.nextInt(below: 2)
///
/// The standard `Double.random(in:using:)` family works with it too, but its algorithm may
/// change between Swift releases; `nextUnit`, `nextDouble(in:)` and `nextInt(below:)` are fixed here.
///
/// - Complexity: O(1) per number, no allocation.
public struct SeededGenerator: RandomNumberGenerator, Sendable, Equatable {
    private var s0: UInt64
    private var s1: UInt64
    private var s2: UInt64
    private var s3: UInt64

    /// Creates a generator whose whole sequence is determined by `seed` (any value, 0 included).
    public init(seed: UInt64) {
        var state = seed
        s0 = Self.splitMix64(&state)
        s1 = Self.splitMix64(&state)
        s2 = Self.splitMix64(&state)
        s3 = Self.splitMix64(&state)
    }

    /// The next 64 random bits (xoshiro256**).
    public mutating func next() -> UInt64 {
        let result = Self.rotateLeft(s1 &* 5, by: 7) &* 9
        let shifted = s1 << 17
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= shifted
        s3 = Self.rotateLeft(s3, by: 45)
        return result
    }

    /// A uniform `Double` in `[0, 1)`, from the top 53 bits of `next()`.
    public mutating func nextUnit() -> Double {
        Double(next() >> 11) * 0x1p-53
    }

    /// A uniform `Double` in `range` (the upper bound is reached only through rounding).
    public mutating func nextDouble(in range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * nextUnit()
    }

    /// A uniform integer in `0..<bound`, unbiased (Lemire's multiply-and-reject).
    public mutating func nextInt(below bound: Int) -> Int {
        precondition(bound > 0, "nextInt(below:) needs a positive bound")
        let range = UInt64(bound)
        let threshold = (0 &- range) % range
        while true {
            let product = next().multipliedFullWidth(by: range)
            if product.low >= threshold {
                return Int(product.high)
            }
        }
    }

    private static func splitMix64(_ state: inout UInt64) -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    private static func rotateLeft(_ value: UInt64, by amount: UInt64) -> UInt64 {
        (value << amount) | (value >> (64 - amount))
    }
}
