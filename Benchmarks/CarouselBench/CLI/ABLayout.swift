import BenchKit
import Foundation

/// How `ab` builds both revisions (`--layout`).
enum ABLayout: String, CaseIterable {
    /// Every function aligned to 64 bytes, every jump target that is not a fall-through to 32, and on x86-64 no
    /// branch across a 32-byte boundary (Intel's jump-condition-code erratum makes such a branch slow). Code a
    /// change did not touch then keeps its alignment, and so its speed, in the other build. The two alignment
    /// options are LLVM's target-independent code generation options, valid for arm64 (Apple silicon) too; the
    /// third is an x86 back-end option, which LLVM for arm64 does not know, so it is left out there.
    case aligned
    /// swift build's own layout.
    case `default`

    /// The extra `swift build` arguments.
    var buildArguments: [String] {
        switch self {
        case .default: return []
        case .aligned:
            var flags = ["-align-all-functions=6", "-align-all-nofallthru-blocks=5"]
            #if arch(x86_64)
            flags.append("-x86-branches-within-32B-boundaries")
            #endif
            return flags.flatMap { ["-Xswiftc", "-Xllvm", "-Xswiftc", $0] }
        }
    }

    /// Appended to a cached binary's directory (`.build/ab/bin/COMMIT-aligned/`; `-portable` after it when this
    /// `ab` is a portable build).
    var cacheSuffix: String { (self == .default ? "" : "-\(rawValue)") + Self.portableSuffix }

    /// Where the working tree is built: `.build` for the default layout (the user's own release build), a
    /// directory of its own for the others, and for every layout of a portable build (`.build/ab/aligned-portable`).
    var workingTreeScratch: String? {
        self == .default && Self.portableSuffix.isEmpty ? nil : ".build/ab/\(rawValue)\(Self.portableSuffix)"
    }

    /// In a portable build, the flags that build both revisions portable too, so that the workers take the same
    /// fallbacks as this `ab` (Docs/PLATFORMS.md, "The portable mode"); empty otherwise. A revision without the
    /// portable mode ignores them and builds as usual.
    static var portableArguments: [String] {
        Capability.isPortableBuild ? ["-Xswiftc", "-DCAROUSEL_BENCH_PORTABLE", "-Xcc", "-DCAROUSEL_BENCH_PORTABLE"] : []
    }

    private static var portableSuffix: String { Capability.isPortableBuild ? "-portable" : "" }
}
