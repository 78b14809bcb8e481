// swift-tools-version:6.0
import PackageDescription

// A package of your own that measures your carousel beside the seeds: it depends on carousel-bench (here by path;
// yours would name the repository) and its executable calls `CarouselBench.main(adding:)`.
let package = Package(
    name: "MyCarousel",
    dependencies: [.package(name: "carousel-bench", path: "../..")],
    targets: [
        .executableTarget(
            name: "my-carousel-bench",
            dependencies: [
                .product(name: "CarouselBench", package: "carousel-bench"),
                .product(name: "CarouselLayout", package: "carousel-bench"),
                .product(name: "UIKitNames", package: "carousel-bench"),
            ],
            path: "Sources/my-carousel-bench"
        ),
    ]
)
