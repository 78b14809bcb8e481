// swift-tools-version:6.0
import PackageDescription

// The folders are the architecture:
//   Sources/CarouselLayout  the engine: every carousel algorithm of ALGORITHMS.md (knows no harness)
//   Sources/BenchKit        the harness: timing, statistics, CSV, comparison, fits, charts (knows no carousel)
//   Sources/UIKitNames      UIKit's and Core Graphics' names for the model's types, for a layout ported from iOS
//   Sources/Determinism     the one seeded generator and the one hash mixer, shared by engine and harness
//   Sources/BenchSink       the opaque sink the optimizer cannot see through (its own module, on purpose)
//   Sources/CBenchSupport   C: per-thread allocation counter and the callgrind measured region
//   Benchmarks/CarouselBench   the suite and the command line, as a library: another package's executable
//                              runs everything carousel-bench does with its own implementations added
//   Benchmarks/carousel-bench  the executable: `CarouselBench.main()`, nothing else
let package = Package(
    name: "carousel-bench",
    products: [
        .library(name: "CarouselLayout", targets: ["CarouselLayout"]),
        .library(name: "BenchKit", targets: ["BenchKit"]),
        .library(name: "CarouselBench", targets: ["CarouselBench"]),
        .library(name: "UIKitNames", targets: ["UIKitNames"]),
        .executable(name: "carousel-bench", targets: ["carousel-bench"]),
    ],
    targets: [
        .target(name: "Determinism", path: "Sources/Determinism"),
        .target(name: "CarouselLayout", dependencies: ["Determinism"], path: "Sources/CarouselLayout"),
        .target(name: "UIKitNames", dependencies: ["CarouselLayout"], path: "Sources/UIKitNames"),
        .target(name: "BenchSink", path: "Sources/BenchSink"),
        .target(name: "CBenchSupport", path: "Sources/CBenchSupport"),
        .target(name: "BenchKit", dependencies: ["BenchSink", "CBenchSupport", "Determinism"], path: "Sources/BenchKit"),
        .target(name: "BenchReport", dependencies: ["BenchKit"], path: "Sources/BenchReport"),
        .target(
            name: "CarouselBench",
            dependencies: ["CarouselLayout", "BenchKit", "BenchReport", "BenchSink", "Determinism"],
            path: "Benchmarks/CarouselBench"
        ),
        .executableTarget(name: "carousel-bench", dependencies: ["CarouselBench"], path: "Benchmarks/carousel-bench"),
        .testTarget(name: "DeterminismTests", dependencies: ["Determinism"], path: "Tests/DeterminismTests"),
        .testTarget(name: "CarouselLayoutTests", dependencies: ["CarouselLayout", "Determinism"], path: "Tests/CarouselLayoutTests"),
        .testTarget(
            name: "BenchKitTests", dependencies: ["BenchKit", "Determinism"], path: "Tests/BenchKitTests",
            exclude: ["Results/Fixtures"]  // CSV fixtures read by path (#filePath), not resources
        ),
        .testTarget(name: "UIKitNamesTests", dependencies: ["UIKitNames", "CarouselLayout"], path: "Tests/UIKitNamesTests"),
        .testTarget(name: "BenchReportTests", dependencies: ["BenchReport", "Determinism"], path: "Tests/BenchReportTests"),
        .testTarget(
            name: "CarouselBenchTests",
            dependencies: ["CarouselBench", "carousel-bench"],
            path: "Tests/CarouselBenchTests"
        ),
    ]
)
