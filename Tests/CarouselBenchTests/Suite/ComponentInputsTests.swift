import CarouselLayout
import Determinism
import Testing
@testable import CarouselBench

/// The component benchmarks' inputs: a cycle the branch predictor cannot learn, which starts with the seeded
/// generator's sequence, in one table per geometry and size (Docs/COMPONENT-ROWS.md).
@Suite struct ComponentInputsTests {
    let geometry = CarouselGeometry.default

    /// 1 024 inputs let the predictor learn `lookup.binary`'s paths (ComponentInputs.count): 65 536 did not.
    @Test func theCycleIsLongerThanThePredictorLearns() {
        #expect(ComponentInputs.count >= 1 << 16)
        #expect(ComponentInputs.mask == ComponentInputs.count - 1)
        #expect(ComponentInputs.count & ComponentInputs.mask == 0, "a power of two, so the cursor wraps with the mask")
        let offsets = ComponentInputs.offsets(geometry: geometry, itemCount: 300)
        #expect(offsets.count == ComponentInputs.count)
        #expect(Set(offsets).count == offsets.count, "no input repeats within the cycle")
        #expect(ComponentInputs.releases(geometry: geometry, itemCount: 300).count == ComponentInputs.count)
    }

    /// The cycle starts with the seeded generator's own sequence (seed 0xC0FFEE over `[0, 299 p]`), and the
    /// instruction gate counts at most 1 024 iterations from the first input: a longer or shorter cycle leaves the
    /// gate's counts as they are.
    @Test func theFirstInputsAreTheSeededSequenceTheGateCounts() {
        var generator = SeededGenerator(seed: 0xC0FFEE)
        let last = 299 * geometry.pitch
        let expected = (0..<1024).map { _ in generator.nextDouble(in: 0...last) }
        #expect(Array(ComponentInputs.offsets(geometry: geometry, itemCount: 300).prefix(1024)) == expected)
        #expect(instructionIterations(items: 3) <= 1024)
    }

    /// Every case of a size reads one buffer; another size or geometry has its own.
    @Test func casesOfOneSizeShareOneTable() {
        let first = ComponentInputs.offsets(geometry: geometry, itemCount: 30)
        let again = ComponentInputs.offsets(geometry: geometry, itemCount: 30)
        #expect(first.withUnsafeBufferPointer { $0.baseAddress } == again.withUnsafeBufferPointer { $0.baseAddress })
        let otherSize = ComponentInputs.offsets(geometry: geometry, itemCount: 31)
        #expect(first.withUnsafeBufferPointer { $0.baseAddress } != otherSize.withUnsafeBufferPointer { $0.baseAddress })
        #expect(otherSize.max()! > first.max()!, "a larger catalog spreads its offsets further")
        let wider = CarouselGeometry(viewportWidth: geometry.viewportWidth, viewportHeight: geometry.viewportHeight,
                                     itemWidth: geometry.itemWidth, itemHeight: geometry.itemHeight,
                                     spacing: geometry.spacing + 10, minScale: geometry.minScale)
        #expect(ComponentInputs.offsets(geometry: wider, itemCount: 30) != first)
    }

    /// Transforms read one flattened table per size: every input's visible items, in the cycle's order.
    @Test func transformsShareTheirFlattenedInputs() {
        let first = TransformState(transform: ScaleAlphaTransform(geometry: geometry), geometry: geometry, catalog: 300)
        let second = TransformState(transform: ScaleAlphaTransform(geometry: geometry), geometry: geometry, catalog: 300)
        #expect(first.starts.count == ComponentInputs.count + 1)
        #expect(first.centers.withUnsafeBufferPointer { $0.baseAddress }
                    == second.centers.withUnsafeBufferPointer { $0.baseAddress })
        #expect(first.verify() == nil)
    }
}
