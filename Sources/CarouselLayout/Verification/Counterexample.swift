/// The input under which a strategy broke a property, precise enough to re-run, and what went wrong.
///
/// Offsets, velocity and step are the exact `Double`s used (printed in Swift's shortest round-trip form),
/// so `Double(text)` gives back the same value.
public struct Counterexample: Sendable, Equatable, CustomStringConvertible {
    /// The geometry the strategy was built with (for `wrap.sentinel`, the page width is `viewportWidth`).
    public var geometry: CarouselGeometry
    /// `n`.
    public var catalogCount: Int
    /// The content offset `o` (for a wrap step: the offset before the frame's step).
    public var offset: Double?
    /// UIKit's proposed resting offset `o'`.
    public var proposedOffset: Double?
    /// Release velocity in pt/s.
    public var velocity: Double?
    /// A raw item index, where the check was about one item.
    public var item: Int?
    /// A per-frame step in points (the wrap is called at `offset + step`).
    public var step: Double?
    /// Anything else needed to read the input (frame number, script, rotation).
    public var context: String?
    public var expected: String
    public var actual: String

    public init(geometry: CarouselGeometry, catalogCount: Int, offset: Double? = nil, proposedOffset: Double? = nil,
                velocity: Double? = nil, item: Int? = nil, step: Double? = nil, context: String? = nil,
                expected: String, actual: String) {
        self.geometry = geometry
        self.catalogCount = catalogCount
        self.offset = offset
        self.proposedOffset = proposedOffset
        self.velocity = velocity
        self.item = item
        self.step = step
        self.context = context
        self.expected = expected
        self.actual = actual
    }

    /// One readable line: geometry, input, expected vs got.
    public var description: String {
        var input = ["W=\(geometry.viewportWidth) w=\(geometry.itemWidth) s=\(geometry.spacing) m=\(geometry.minScale) "
            + "(p=\(geometry.pitch)) n=\(catalogCount)"]
        if let offset { input.append("o=\(offset)") }
        if let proposedOffset { input.append("o'=\(proposedOffset)") }
        if let velocity { input.append("v=\(velocity)pt/s") }
        if let item { input.append("item=\(item)") }
        if let step { input.append("step=\(step)") }
        if let context { input.append(context) }
        return input.joined(separator: ", ") + ": expected \(expected), got \(actual)"
    }
}
