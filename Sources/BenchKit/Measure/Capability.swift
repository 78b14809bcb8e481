import CBenchSupport

/// A platform-specific piece of the harness: available in this build, or unavailable with a one-line reason.
///
/// Each piece has a fallback (Docs/PLATFORMS.md, "Fallbacks"): allocation counting, a fixed address space, CPU
/// pinning and instruction counting are Linux's (and, for the first two, macOS's); elsewhere the run goes on without
/// them and says why. A portable build (`-Xswiftc -DCAROUSEL_BENCH_PORTABLE -Xcc -DCAROUSEL_BENCH_PORTABLE`) takes
/// every fallback on Linux too, so they are built and run on every CI run.
public enum Capability: Sendable, Equatable {
    case available
    case unavailable(String)

    /// From one of CBenchSupport's `cbench_*_unavailable_reason` functions: NULL means available.
    init(reason: UnsafePointer<CChar>?) {
        self = reason.map { .unavailable(String(cString: $0)) } ?? .available
    }

    public var isAvailable: Bool { self == .available }

    /// Why it is unavailable; nil when available.
    public var reason: String? {
        if case let .unavailable(reason) = self { return reason }
        return nil
    }

    /// Whether this build is a portable build, as the Swift code was compiled (`-Xswiftc -DCAROUSEL_BENCH_PORTABLE`).
    public static var isPortableBuild: Bool {
        #if CAROUSEL_BENCH_PORTABLE
            return true
        #else
            return false
        #endif
    }

    /// Whether the C code (CBenchSupport) was compiled as a portable build (`-Xcc -DCAROUSEL_BENCH_PORTABLE`);
    /// a build with only one of the two flags is half portable, which a test catches.
    public static var isPortableBuildInC: Bool { cbench_portable_build() != 0 }
}
