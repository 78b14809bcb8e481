import CBenchSupport
import Foundation

/// Where the heap blocks a run's benchmarks allocate are placed: as Apple's allocator places them, or wherever the
/// platform's allocator puts them (`run` and `ab`'s workers: `--block-alignment`).
///
/// Why it matters: where glibc puts a block is 16-byte granular and depends on what the process allocated before,
/// and the cost of filling the block depends on its position in a cache line: a row that fills one array a call
/// can hop between two levels 1.4x apart as the array's address moves, within a run and between runs.
/// Evidence: Docs/COMPONENT-ROWS.md, "Block alignment".
///
/// `apple` reproduces libmalloc's placement (Apple's libmalloc, `src/thresholds.h`): a block of at most
/// `TINY_LIMIT_THRESHOLD` = 1 008 bytes (64-bit) comes from the tiny allocator in 16-byte quanta, as glibc's do,
/// and every larger one from the small allocator (`SMALL_QUANTUM` = 512 bytes), the medium (32 KB quanta) or the
/// large (whole pages), so at a multiple of 512 bytes. On Linux the malloc interposer takes such blocks, up to
/// 128 KiB (`alignedThrough`), from glibc's memalign (CBenchSupport's alloc_counter.c), which takes a few tens of
/// nanoseconds more per block than glibc's malloc, and 1-2% more instructions in the rows that allocate such
/// blocks every frame. Which level an Apple core's cache lines give the 32-byte-offset elements Swift's arrays have
/// there is not measured (assumed: the placement, not this machine's level, is what carries over).
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
    /// mallopt(3) `M_MMAP_THRESHOLD`). Larger blocks are left to glibc: its memalign of them made one row's costliest
    /// frame twice as long as with glibc's placement. Apple's large allocator, which serves such blocks page-aligned,
    /// is not modelled. Evidence: Docs/COMPONENT-ROWS.md, "Block alignment".
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
