import CBenchSupport
import Foundation

/// Where the heap blocks a run's benchmarks allocate are placed: as Apple's allocator places them, or wherever the
/// platform's allocator puts them (`run` and `ab`'s workers: `--block-alignment`).
///
/// Why it matters: where glibc puts a block is 16-byte granular and depends on what the process allocated before,
/// and the cost of filling the block depends on its position in a cache line. Measured on the 2-core Intel Xeon VM
/// (issue 19, session 13): `prepare/query.linear` at n = 300 (one 19 232-byte array of 64-byte attributes a call)
/// took 555-600 ns a call with the array's elements at 0 or 48 bytes past a 64-byte line and 780-850 ns at 16 or
/// 32, in one process, as its address moved between samples; a quick run's rounds hopped between the two levels,
/// and so did the row's median between runs (566-617 or 774-792 ns in 22 quick runs): the last row that flagged
/// quick A/A pairs on that VM. With `apple` its median read 803-828 ns in 22 quick runs interleaved with those.
///
/// `apple` reproduces libmalloc's placement (Apple's libmalloc, `src/thresholds.h`): a block of at most
/// `TINY_LIMIT_THRESHOLD` = 1 008 bytes (64-bit) comes from the tiny allocator in 16-byte quanta, as glibc's do,
/// and every larger one from the small allocator (`SMALL_QUANTUM` = 512 bytes), the medium (32 KB quanta) or the
/// large (whole pages), so at a multiple of 512 bytes. On Linux the malloc interposer takes such blocks, up to
/// 128 KiB (`alignedThrough`), from glibc's memalign (CBenchSupport's alloc_counter.c), which takes a few tens of
/// nanoseconds more per block than glibc's malloc, and 1-2% more instructions in the rows that allocate such blocks every frame. Three quick runs of
/// each, at n = 300: the other `prepare/*` rows 1.03-1.09x, every other row within 0.94-1.03x. Which level an Apple
/// core's cache lines give the 32-byte-offset elements Swift's arrays have there is not measured here (assumed:
/// the placement, not this VM's level, is what carries over).
public enum BlockAlignment: String, CaseIterable, Sendable {
    /// Blocks of more than `appleTinyLimit` bytes, up to `alignedThrough`, at a multiple of `appleSmallQuantum`, as
    /// libmalloc places them.
    case apple
    /// The platform allocator's own placement (glibc: 16-byte granular).
    case native

    /// libmalloc's `TINY_LIMIT_THRESHOLD` on 64-bit targets: the largest block its tiny allocator serves.
    public static let appleTinyLimit = 1008
    /// libmalloc's `SMALL_QUANTUM`: the small allocator's unit; the medium and large ones are multiples of it.
    public static let appleSmallQuantum = 512

    /// The largest block `apple` places: glibc's default mmap threshold (`DEFAULT_MMAP_THRESHOLD_MIN`, 128 KiB,
    /// mallopt(3) `M_MMAP_THRESHOLD`). Larger blocks are left to glibc: its memalign of them made
    /// `pipeline/peer.infinitelayout`'s costliest frame at n = 10 000 (a rotation) 2.9-3.9 ms, against 1.4-1.7 ms
    /// with glibc's placement and 1.5-1.8 ms placing blocks up to 128 KiB only (two processes each, session 13; cause
    /// not measured). Apple's large allocator, which serves such blocks page-aligned, is not modelled.
    public static let alignedThrough = 128 * 1024

    /// The placement a run takes unless told otherwise.
    public static let standard = BlockAlignment.apple

    /// Whether this build can choose the placement: Linux's malloc interposer; not Darwin (whose allocator is
    /// Apple's already), nor a portable build.
    public static let availability = Capability(reason: cbench_block_alignment_unavailable_reason())

    /// Places this process's blocks so from now on (call it before the cases are made), and returns what the run's
    /// metadata says (`metadata`).
    @discardableResult
    public func apply() -> String {
        if Self.availability.isAvailable {
            let status = self == .apple
                ? cbench_set_block_alignment(Self.appleTinyLimit, Self.alignedThrough, Self.appleSmallQuantum)
                : cbench_set_block_alignment(0, 0, 0)
            precondition(status == 0, "the interposer refused a power-of-two alignment")
        }
        return metadata
    }

    /// What a run's metadata says (`blockAlignment`): what was asked for and, where it cannot be done, why.
    public var metadata: String {
        Self.availability.reason.map { "\(rawValue): not switched (\($0))" } ?? description
    }

    /// `apple (blocks of 1009 bytes to 128 KiB at 512-byte boundaries, ...)`, as the metadata says it.
    public var description: String {
        switch self {
        case .apple: return "apple (blocks of \(Self.appleTinyLimit + 1) bytes to \(Self.alignedThrough / 1024) KiB at \(Self.appleSmallQuantum)-byte boundaries, as libmalloc places them)"
        case .native: return "native (the platform allocator's own placement)"
        }
    }
}
