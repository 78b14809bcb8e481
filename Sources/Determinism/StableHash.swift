/// The one hash mixer of the package: FNV-1a's step (xor, then multiply by the FNV prime) on a whole 64-bit word.
/// It is the checksum of every timed loop, so it is kept to two instructions: a finaliser (a shift and an xor)
/// cost the smallest rows 4 instructions per iteration, 45% of `wrap/hundredfold`. Seeds derived from it go
/// through `SeededGenerator`'s SplitMix64, which does the avalanche. Unlike Swift's `Hasher` (randomised per process) it gives the same value in every process, so
/// checksums of benchmark outputs and seeds derived from names repeat exactly.
///
///     var hash = StableHash.seed
///     hash = StableHash.mix(hash, 42)
///     let seed = StableHash.of("pipeline/best@300")
///
/// - Complexity: O(1) per word; `of` is O(bytes).
public enum StableHash {
    /// The start value (FNV-1a's 64-bit offset basis).
    public static let seed: UInt64 = 0xCBF2_9CE4_8422_2325

    /// One word into the hash.
    @inlinable @inline(__always)
    public static func mix(_ hash: UInt64, _ word: UInt64) -> UInt64 {
        (hash ^ word) &* 0x0000_0100_0000_01B3
    }

    /// A `Double`'s bits into the hash.
    @inlinable @inline(__always)
    public static func mix(_ hash: UInt64, _ value: Double) -> UInt64 { mix(hash, value.bitPattern) }

    /// An optional index into the hash (nil as -1).
    @inlinable @inline(__always)
    public static func mix(_ hash: UInt64, _ value: Int?) -> UInt64 { mix(hash, UInt64(bitPattern: Int64(value ?? -1))) }

    /// The hash of a text's UTF-8 bytes (64-bit FNV-1a).
    public static func of(_ text: String) -> UInt64 {
        text.utf8.reduce(seed) { mix($0, UInt64($1)) }
    }

    /// `of(text)` as 16 hex digits, zero-padded: a name for what the text describes (a run's configuration, a build).
    public static func hex(_ text: String) -> String {
        let digits = String(of(text), radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
