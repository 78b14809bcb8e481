// swift-tools-version:6.0
import PackageDescription

// The folders are the architecture:
//   Sources/CarouselLayout  the engine: every carousel algorithm of Docs/ALGORITHMS.md and the UIKit model of
//                           Docs/UIKIT-MODEL.md (knows no harness)
//   Sources/BenchKit        the harness: timing, statistics, CSV, comparison, profiles, history (knows no carousel)
//   Sources/BenchReport     tables, fits and charts of results, for the terminal and Markdown (knows no carousel)
//   Sources/UIKitNames      UIKit's and Core Graphics' names for the model's types, for a layout ported from iOS
//   Sources/Determinism     the one seeded generator and the one hash mixer, shared by engine and harness
//   Sources/BenchSink       the opaque sink the optimizer cannot see through (its own module, on purpose)
//   Sources/CBenchSupport   C: per-thread allocation counter and the callgrind measured region
//   Benchmarks/CarouselBench   the suite and the command line, as a library: another package's executable
//                              runs everything carousel-bench does with its own implementations added
//   Benchmarks/carousel-bench  the executable: `CarouselBench.main()`, nothing else
//   Benchmarks/Scripts         measurement scripts the Docs/ pages run (A/A noise, estimator tables, ...)
//   Tests/                     Swift Testing, a target per module tested; CarouselBenchTests runs the built executable
//   Docs/                      the book: how each verdict is decided and measured (Docs/README.md is its index)
//   Examples/MyCarousel        a package that ports its own carousel and measures it beside the seeds (Docs/PORTING.md)
//   Results/                   the committed baseline and its report; a machine's runs, history and profile land here
//   .ci/run                    CI: build, tests, quick run, instruction gate, verify, portable mode, the example
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
