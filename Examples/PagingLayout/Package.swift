// swift-tools-version:6.0
import PackageDescription

// amirdew/CollectionViewPagingLayout's `CollectionViewPagingLayout` (a `UICollectionViewLayout` subclass, not a flow
// layout) measured beside the seeds. As in the original, the layout is a library and the app (its cells, its
// delegate) another module: the layout's `cell as? TransformableView` (its lines 190, 195) then tests a conformance
// it cannot see, as on iOS, rather than one the compiler proves (a warning, an error under `-warnings-as-errors`).
// The executable calls `CarouselBench.main(adding:)`.
let package = Package(
    name: "PagingLayout",
    dependencies: [.package(name: "carousel-bench", path: "../..")],
    targets: [
        .target(
            name: "CollectionViewPagingLayout",
            dependencies: [
                .product(name: "CarouselLayout", package: "carousel-bench"),
                .product(name: "UIKitNames", package: "carousel-bench"),
            ],
            path: "Sources/CollectionViewPagingLayout",
            // The original is Swift 5 (its Package.swift: tools 5.1; its podspec: 5.5). In Swift 6 mode the compiler
            // takes any `DispatchQueue.main.async { }` closure as main-actor isolated, whatever `DispatchQueue` names,
            // and rejects the layout's lines 125-137 and 290-295 ("sending 'self' risks causing data races").
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        .executableTarget(
            name: "paging-layout-bench",
            dependencies: [
                "CollectionViewPagingLayout",
                .product(name: "CarouselBench", package: "carousel-bench"),
                .product(name: "CarouselLayout", package: "carousel-bench"),
                .product(name: "UIKitNames", package: "carousel-bench"),
            ],
            path: "Sources/paging-layout-bench"
        ),
    ]
)
