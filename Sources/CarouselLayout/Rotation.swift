/// Rotation (a bounds width change), as seed 000 `CenterFocusedCarouselLayout` handles it: recompute the item
/// size, spacing and inset for the new viewport, then `restoreCenter` moves to the offset that centres the
/// same item under the new geometry.
///
/// - Complexity: O(1).
public enum Rotation {
    /// The geometry for `viewport`, keeping the sizing, spacing and side scale.
    @inlinable
    public static func geometry(for viewport: Viewport, sizing: ItemSizing, spacing: Double, minScale: Double) -> CarouselGeometry {
        CarouselGeometry(viewport: viewport, sizing: sizing, spacing: spacing, minScale: minScale)
    }

    /// Seed 000 `centerPoint()`: `x = i*p + inset`, centre `x + w/2`, offset `centre - W/2` (equals `i*p`).
    @inlinable
    public static func restoredOffset(centeredItem item: Int, in geometry: CarouselGeometry) -> Double {
        let xPosition = Double(item) * geometry.pitch + geometry.inset
        return xPosition + geometry.itemWidth / 2 - geometry.viewportWidth / 2
    }

    /// The geometry after a rotation to `viewport` and the offset that keeps `centeredItem` centred.
    @inlinable
    public static func rotate(centeredItem item: Int, to viewport: Viewport, sizing: ItemSizing, spacing: Double,
                              minScale: Double) -> (geometry: CarouselGeometry, offset: Double) {
        let newGeometry = geometry(for: viewport, sizing: sizing, spacing: spacing, minScale: minScale)
        return (newGeometry, restoredOffset(centeredItem: item, in: newGeometry))
    }
}
