import BenchKit
import CBenchSupport
import Foundation
import Testing

/// `BlockAlignment`: the interposer places blocks over libmalloc's tiny limit, up to 128 KiB, at its small quantum. The switch is
/// process-wide, so these tests run one at a time and put glibc's placement back; another suite's allocations
/// meanwhile only move, they do not change.
@Suite(.serialized) struct BlockAlignmentTests {
    /// Blocks from just over 1 008 bytes to 128 KiB, and a zeroed one, all start at a 512-byte boundary; many of
    /// them, so a block that glibc happened to align cannot pass for the switch. Blocks of 1 008 bytes and of more
    /// than 128 KiB are glibc's.
    @Test(.enabled(if: BlockAlignment.availability.isAvailable))
    func appleAlignsTheBlocksOverTheTinyLimitUpTo128KiB() throws {
        defer { BlockAlignment.native.apply() }
        BlockAlignment.apple.apply()
        var blocks: [UnsafeMutableRawPointer] = []
        defer { for block in blocks { free(block) } }
        for size in [1009, 1500, 19_232, 128 * 1024] {
            for _ in 0..<32 { blocks.append(try #require(malloc(size))) }
        }
        #expect(blocks.allSatisfy { Int(bitPattern: $0) % 512 == 0 }, "every block over 1008 bytes at a 512-byte boundary")
        let zeroed = try #require(calloc(100, 20))
        defer { free(zeroed) }
        #expect(Int(bitPattern: zeroed) % 512 == 0)
        #expect(UnsafeRawBufferPointer(start: zeroed, count: 2000).allSatisfy { $0 == 0 }, "calloc still zeroes")

        // At most 1 008 bytes, glibc's 16-byte placement: of 64 blocks (with a 16-byte spacer between them, so
        // they do not all reuse one chunk) some are off a 512-byte boundary.
        var small: [UnsafeMutableRawPointer] = []
        defer { for block in small { free(block) } }
        for _ in 0..<64 { small.append(try #require(malloc(1008))); small.append(try #require(malloc(16))) }
        #expect(small.contains { Int(bitPattern: $0) % 512 != 0 })
        // Over 128 KiB, glibc's placement (its own pages, 16 bytes past a boundary, or the heap's 16-byte grid).
        var large: [UnsafeMutableRawPointer] = []
        defer { for block in large { free(block) } }
        for _ in 0..<8 { large.append(try #require(malloc(128 * 1024 + 1))); large.append(try #require(malloc(16))) }
        #expect(large.contains { Int(bitPattern: $0) % 512 != 0 }, "blocks over 128 KiB are glibc's")
    }

    /// `native` gives glibc's placement back: of 64 blocks of 1 500 bytes with spacers, some are off a boundary.
    @Test(.enabled(if: BlockAlignment.availability.isAvailable))
    func nativeIsGlibcsOwnPlacement() throws {
        BlockAlignment.apple.apply()
        BlockAlignment.native.apply()
        var blocks: [UnsafeMutableRawPointer] = []
        defer { for block in blocks { free(block) } }
        for _ in 0..<64 { blocks.append(try #require(malloc(1500))); blocks.append(try #require(malloc(16))) }
        #expect(blocks.contains { Int(bitPattern: $0) % 512 != 0 })
    }

    /// An alignment that is not a power of two of at least 16 is refused, and changes nothing.
    @Test(.enabled(if: BlockAlignment.availability.isAvailable))
    func aBadAlignmentIsRefused() {
        #expect(cbench_set_block_alignment(1008, 1 << 20, 48) == -1 && errno == EINVAL)
        #expect(cbench_set_block_alignment(1008, 1 << 20, 8) == -1)
    }

    /// Without the interposer (a portable build) the run says it did not switch, and why.
    @Test func theMetadataSaysWhatTheRunGot() {
        if Capability.isPortableBuild {
            #expect(BlockAlignment.apple.metadata.hasPrefix("apple: not switched (a portable build"), "\(BlockAlignment.apple.metadata)")
        } else {
            #expect(BlockAlignment.apple.metadata == "apple (blocks of 1009 bytes to 128 KiB at 512-byte boundaries, as libmalloc places them)")
            #expect(BlockAlignment.native.metadata == "native (the platform allocator's own placement)")
        }
    }
}
