import Determinism

/// One random geometry and catalog the verifier checks every strategy against.
///
/// Viewport `W` in 320...1024, item width `w = f W` with `f` in 0.5...0.95 (another `f` for landscape),
/// spacing `s` in 0...40, side scale `m` in 0.5...1.0, catalog `n` in 1...50 (or an edge case).
public struct VerificationCase: Sendable, Equatable {
    /// Its position in the run (edge cases first).
    public let index: Int
    public let geometry: CarouselGeometry
    /// `n`.
    public let catalogCount: Int
    /// Item width fractions for the rotation check (390 x 844 portrait, 844 x 390 landscape).
    public let portraitFraction: Double
    public let landscapeFraction: Double
    /// 60 or 120.
    public let hz: Double
    /// The most frames of the long one-direction drag wraps play here (0: none).
    public let marathonFrames: Int
    /// Seeds every random input of this case.
    public let seed: UInt64

    /// The item height over width.
    public static let heightRatio = 200.0 / 312.0

    /// The sizing the rotation check uses.
    public var sizing: ItemSizing {
        .widthFraction(portrait: portraitFraction, landscape: landscapeFraction, heightRatio: Self.heightRatio)
    }

    /// Draws a case from `generator`; `catalogCount` overrides the random `n`.
    public static func random(index: Int, catalogCount: Int?, marathonFrames: Int,
                              generator: inout SeededGenerator) -> VerificationCase {
        let width = generator.nextDouble(in: 320...1024)
        let fraction = generator.nextDouble(in: 0.5...0.95)
        let itemWidth = width * fraction
        let geometry = CarouselGeometry(
            viewportWidth: width, viewportHeight: generator.nextDouble(in: 300...900), itemWidth: itemWidth,
            itemHeight: itemWidth * heightRatio, spacing: generator.nextDouble(in: 0...40),
            minScale: generator.nextDouble(in: 0.5...1.0))
        let randomCount = 1 + generator.nextInt(below: 50)
        return VerificationCase(
            index: index, geometry: geometry, catalogCount: catalogCount ?? randomCount,
            portraitFraction: fraction, landscapeFraction: generator.nextDouble(in: 0.5...0.95),
            hz: generator.nextInt(below: 2) == 0 ? 60 : 120, marathonFrames: marathonFrames, seed: generator.next())
    }

    /// The suite's default geometry (390 x 300, `w = 312`, `s = 12`, `m = 0.8`).
    public static func suiteDefault(index: Int, catalogCount: Int, marathonFrames: Int, seed: UInt64) -> VerificationCase {
        VerificationCase(index: index, geometry: .default, catalogCount: catalogCount, portraitFraction: 0.8,
                         landscapeFraction: 0.8, hz: 120, marathonFrames: marathonFrames, seed: seed)
    }

    /// An independent generator for one (strategy, property) cell of this case.
    public func generator(strategy: Int, property: CarouselProperty) -> SeededGenerator {
        SeededGenerator(seed: seed &+ UInt64(strategy &+ 1) &* 0x9E37_79B9_7F4A_7C15
            &+ UInt64(property.rawValue) &* 0xD1B5_4A32_D192_ED03)
    }
}
