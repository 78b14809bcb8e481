/// `UICollectionViewLayoutAttributes`: one item's placement, an object shared by reference between the
/// layout's caches, the collection view's map and (as a copy) the cell.
///
/// Stored as UIKit stores it (`UICollectionViewLayoutAttributes.mm`): centre, size, a 4x4 transform, alpha,
/// zIndex, hidden, the index path, and a frame that a different transform or size makes null (`-setTransform3D:`,
/// `-setSize:`; F4) and a new centre shifts (`-setCenter:`). The first `frame` read after it was nulled computes
/// the bounding box of the transformed bounds around the centre and caches it; later reads, and copies, use
/// the cached value (T1: `-[UICollectionViewLayoutAttributes frame]` does this once per change, through a shared
/// `CALayer`, `__geometryCalculationLayer`; the model with arithmetic, so the layer's own cost is not in its
/// timings). `-setFrame:` stores the frame only under the identity transform. `copy()` allocates a new object and
/// copies every field by value, the cached frame included, sharing the index path object (A1: `-copyWithZone:`).
/// About 350 bytes on iOS (A1, medium).
///
/// Not final: peers subclass it (FSPagerView's `FSPagerViewLayoutAttributes`), as UIKit allows.
open class LayoutAttributes {
    @exclusivity(unchecked) public var indexPath: IndexPath
    /// The `NSIndexPath` object when index paths live on the heap (switch `indexPath=heap`); shared by copies (A1).
    @exclusivity(unchecked) public var indexPathObject: IndexPathObject?
    /// Setting it shifts a computed frame by the centre's move, keeping it cached (T1: `-setCenter:`).
    @exclusivity(unchecked) public var center: LayoutPoint {
        didSet {
            guard !storedFrame.isNull else { return }
            storedFrame.x += center.x - oldValue.x
            storedFrame.y += center.y - oldValue.y
        }
    }
    @exclusivity(unchecked) public var size: LayoutSize {
        didSet { if size != oldValue { storedFrame = .null } }
    }
    @exclusivity(unchecked) public var alpha: Double = 1
    @exclusivity(unchecked) public var zIndex: Int = 0
    @exclusivity(unchecked) public var isHidden = false
    /// The transform; setting a different one nulls the stored frame (F4).
    @exclusivity(unchecked) public var transform3D: Transform3D = .identity {
        didSet { if transform3D != oldValue { storedFrame = .null } }
    }
    /// `_frame`: null until computed from centre, size and transform, or set.
    @exclusivity(unchecked) @usableFromInline var storedFrame: LayoutRect
    /// Whether the object is a `LayoutAttributes` itself, not a subclass's (set once, at `init`).
    @usableFromInline let isOfBaseClass: Bool

    /// `layoutAttributesForCellWithIndexPath:` (an allocation; the caller counts it in the ledger).
    public required init(forCellWith indexPath: IndexPath) {
        self.indexPath = indexPath
        center = .zero
        size = .zero
        storedFrame = LayoutRect(x: 0, y: 0, width: 0, height: 0)
        isOfBaseClass = Self.self == LayoutAttributes.self
    }

    /// The frame: as set, or the bounding box of the transformed bounds around the centre.
    public var frame: LayoutRect {
        get {
            if !storedFrame.isNull { return storedFrame }
            let computed = boundingBox()
            storedFrame = computed
            return computed
        }
        set {
            size = newValue.size
            center = LayoutPoint(x: newValue.midX, y: newValue.midY)
            storedFrame = transform3D.isIdentity ? newValue : .null
        }
    }

    /// The bounds size around the centre, transformed by the 2D part of `transform3D`.
    @usableFromInline
    func boundingBox() -> LayoutRect {
        let t = transform3D
        let halfWidth = size.width / 2
        let halfHeight = size.height / 2
        // The corners (+-w/2, +-h/2) through x' = a x + c y, y' = b x + d y: the extents are |a|w/2 + |c|h/2 ...
        let extentX = abs(t.m11) * halfWidth + abs(t.m21) * halfHeight
        let extentY = abs(t.m12) * halfWidth + abs(t.m22) * halfHeight
        let midX = center.x + t.m41
        let midY = center.y + t.m42
        return LayoutRect(x: midX - extentX, y: midY - extentY, width: 2 * extentX, height: 2 * extentY)
    }

    /// `transform` (`CGAffineTransform`): the 2D part of `transform3D`; setting it sets `transform3D`.
    public var transform: AffineTransform2D {
        get { transform3D.affine }
        set { transform3D = Transform3D(affine: newValue) }
    }

    /// `-copyWithZone:` (A1): a new object of the same class, every field by value, the index path object shared.
    public func copy() -> LayoutAttributes {
        let copy = Self(forCellWith: indexPath)
        copy.copyFields(from: self)
        return copy
    }

    /// Copies every field of `other` into this object (what `-copyWithZone:` does to the new object).
    open func copyFields(from other: LayoutAttributes) {
        indexPath = other.indexPath
        indexPathObject = other.indexPathObject
        center = other.center
        size = other.size
        alpha = other.alpha
        zIndex = other.zIndex
        isHidden = other.isHidden
        transform3D = other.transform3D
        storedFrame = other.storedFrame
    }

    /// `-isEqual:`: the fields a cell compares before it applies new attributes (C3).
    open func isEqual(to other: LayoutAttributes) -> Bool {
        baseFieldsEqual(other)
    }

    /// `isEqual(to:)`'s answer for two objects of this class itself (the collection view compares without the
    /// dynamic call when neither is a subclass's: the same answer, less overhead on the per-cell path).
    @inline(__always) @usableFromInline
    final func baseFieldsEqual(_ other: LayoutAttributes) -> Bool {
        indexPath == other.indexPath && center == other.center && size == other.size && alpha == other.alpha
            && zIndex == other.zIndex && isHidden == other.isHidden && transform3D == other.transform3D
    }
}
