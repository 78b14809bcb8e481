#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
///
/// A supplementary or decoration view's attributes (`init(forSupplementaryViewOfKind:with:)`,
/// `init(forDecorationViewOfKind:with:)`) carry their category and kind; the collection view keeps them apart from
/// the cells' (C28).
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
    /// `representedElementCategory`: `.cell` unless made for a supplementary or decoration view (C28).
    @exclusivity(unchecked) public private(set) var representedElementCategory = LayoutElementCategory.cell
    /// Whether the object is a `LayoutAttributes` itself, not a subclass's (set once, at `init`).
    @usableFromInline let isOfBaseClass: Bool
    /// The transform; setting a different one nulls the stored frame (F4).
    @exclusivity(unchecked) public var transform3D: Transform3D = .identity {
        didSet { if transform3D != oldValue { storedFrame = .null } }
    }
    /// `_frame`: null until computed from centre, size and transform, or set.
    @exclusivity(unchecked) @usableFromInline var storedFrame: LayoutRect
    /// The element kind of a supplementary or decoration view (nil for a cell): an interned kind, referred to without
    /// retaining it, so that a cell's attributes object pays nothing for the field (no release when it goes).
    @exclusivity(unchecked) @usableFromInline unowned(unsafe) var elementKind: ElementKind?

    /// `layoutAttributesForCellWithIndexPath:` (an allocation; the caller counts it in the ledger).
    public required init(forCellWith indexPath: IndexPath) {
        self.indexPath = indexPath
        center = .zero
        size = .zero
        storedFrame = LayoutRect(x: 0, y: 0, width: 0, height: 0)
        isOfBaseClass = Self.self == LayoutAttributes.self
    }

    /// `layoutAttributesForSupplementaryViewOfKind:withIndexPath:` (C28; an allocation the caller counts).
    public convenience init(forSupplementaryViewOfKind elementKind: String, with indexPath: IndexPath) {
        self.init(forCellWith: indexPath)
        representedElementCategory = .supplementaryView
        self.elementKind = ElementKind.named(elementKind)
    }

    /// `layoutAttributesForDecorationViewOfKind:withIndexPath:` (C28; an allocation the caller counts).
    public convenience init(forDecorationViewOfKind elementKind: String, with indexPath: IndexPath) {
        self.init(forCellWith: indexPath)
        representedElementCategory = .decorationView
        self.elementKind = ElementKind.named(elementKind)
    }

    /// `representedElementKind`: the kind of a supplementary or decoration view, nil for a cell.
    public var representedElementKind: String? { elementKind?.name }

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
        if other.representedElementCategory != .cell {
            representedElementCategory = other.representedElementCategory
            elementKind = other.elementKind
        }
    }

    /// `-isEqual:`: the fields a cell compares before it applies new attributes (C3).
    open func isEqual(to other: LayoutAttributes) -> Bool {
        baseFieldsEqual(other)
    }

    /// `isEqual(to:)`'s answer for two objects of this class itself (the collection view compares without the
    /// dynamic call when neither is a subclass's: the same answer, less overhead on the per-cell path).
    ///
    /// C23 (`-[UICollectionViewLayoutAttributes isEqual:]`, `-_isEquivalentTo:`): the index path, then the effective
    /// hidden state of each (alpha 0 or the hidden flag: two objects with alpha 0 that differ only in `isHidden` are
    /// equal), `center` and `size` per component within `equalityTolerance` (strictly below 2^-23), the transform
    /// exactly (`CATransform3DEqualToTransform`), zIndex, alpha exactly. `frame` is never compared.
    @inline(__always) @usableFromInline
    final func baseFieldsEqual(_ other: LayoutAttributes) -> Bool {
        let tolerance = LayoutAttributes.equalityTolerance
        return indexPath == other.indexPath && (alpha == 0 || isHidden) == (other.alpha == 0 || other.isHidden)
            && abs(center.x - other.center.x) < tolerance && abs(center.y - other.center.y) < tolerance
            && abs(size.width - other.size.width) < tolerance && abs(size.height - other.size.height) < tolerance
            && transform3D == other.transform3D && zIndex == other.zIndex && alpha == other.alpha
    }

    /// C23: `-_isEquivalentTo:`'s tolerance on `center` and `size`, 2^-23 (a difference must be strictly below it).
    public static let equalityTolerance = 0x1p-23
}

/// `UICollectionView.ElementCategory`: what a layout attributes object places (C28).
public enum LayoutElementCategory: UInt8, Sendable {
    case cell, supplementaryView, decorationView
}

/// A supplementary or decoration view's element kind, interned: one object per kind name for the life of the
/// process (a layout uses a handful of kinds), so that attributes objects refer to it without retaining it.
public final class ElementKind: @unchecked Sendable {
    public let name: String

    private init(name: String) { self.name = name }

    /// The one object for kind `name`.
    public static func named(_ name: String) -> ElementKind { registry.intern(name) }

    private static let registry = Registry()

    /// The kinds made so far, behind a mutex (layouts on several threads may make attributes at once).
    private final class Registry: @unchecked Sendable {
        private let mutex: UnsafeMutablePointer<pthread_mutex_t>
        private var kinds: [String: ElementKind] = [:]

        init() {
            mutex = .allocate(capacity: 1)
            pthread_mutex_init(mutex, nil)
        }

        func intern(_ name: String) -> ElementKind {
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            if let kind = kinds[name] { return kind }
            let kind = ElementKind(name: name)
            kinds[name] = kind
            return kind
        }
    }
}
