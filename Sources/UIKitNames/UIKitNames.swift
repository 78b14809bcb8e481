import CarouselLayout

// UIKit's and Core Graphics' names for the model's types, so a layout ported from iOS keeps its text
// (`Docs/PORTING.md`). Import this module instead of UIKit, beside CarouselLayout:
//
//     import CarouselLayout
//     import UIKitNames
//
//     class MyLayout: UICollectionViewFlowLayout { ... }   // compiles as a FlowLayout subclass
//
// On Linux, Foundation has a `CGFloat` of its own: a file that imports Foundation and this module must write
// `UIKitNames.CGFloat` (or leave Foundation out of that file).

public typealias CGFloat = Double
public typealias CGPoint = LayoutPoint
public typealias CGSize = LayoutSize
public typealias CGRect = LayoutRect
public typealias CGAffineTransform = AffineTransform2D
public typealias CATransform3D = Transform3D
public typealias UIEdgeInsets = EdgeInsets
public typealias UICollectionView = CollectionView
/// The model's collection view holds the part of `UIScrollView` a carousel uses (`UIScrollView.DecelerationRate`,
/// `contentOffset`, the delegate's scroll callbacks).
public typealias UIScrollView = CollectionView
public typealias UICollectionViewLayout = CollectionViewLayout
public typealias UICollectionViewFlowLayout = FlowLayout
public typealias UICollectionViewCompositionalLayout = CompositionalLayout
public typealias UICollectionViewLayoutAttributes = LayoutAttributes
public typealias UICollectionViewLayoutInvalidationContext = InvalidationContext
/// The model has one context class, with the flow layout's flags.
public typealias UICollectionViewFlowLayoutInvalidationContext = InvalidationContext
public typealias UICollectionViewCell = Cell

/// `CATransform3DIdentity`.
public let CATransform3DIdentity = Transform3D.identity

/// `CATransform3DMakeScale(sx, sy, sz)`.
public func CATransform3DMakeScale(_ sx: Double, _ sy: Double, _ sz: Double) -> Transform3D {
    Transform3D(scaleX: sx, y: sy, z: sz)
}

/// `CATransform3DScale(t, sx, sy, sz)`: `t' = scale(sx, sy, sz) * t` (Apple's definition), so the rows of `t` scale.
public func CATransform3DScale(_ t: Transform3D, _ sx: Double, _ sy: Double, _ sz: Double) -> Transform3D {
    var r = t
    r.m11 *= sx; r.m12 *= sx; r.m13 *= sx; r.m14 *= sx
    r.m21 *= sy; r.m22 *= sy; r.m23 *= sy; r.m24 *= sy
    r.m31 *= sz; r.m32 *= sz; r.m33 *= sz; r.m34 *= sz
    return r
}

extension LayoutRect {
    /// `CGRect.zero`.
    public static let zero = LayoutRect(x: 0, y: 0, width: 0, height: 0)
}

extension CollectionView {
    /// `UICollectionView.ScrollDirection`: the model's flow layout scrolls horizontally only.
    public enum ScrollDirection: Sendable { case horizontal, vertical }

    /// `UICollectionView.ElementCategory`: a layout attributes object's `representedElementCategory`.
    public typealias ElementCategory = LayoutElementCategory

    /// `frame`: a carousel filling its superview, at the origin, the viewport's size.
    public var frame: LayoutRect { LayoutRect(origin: .zero, size: frameSize) }

    /// `adjustedContentInset` and `contentInset`: none (assumed: no safe-area or content inset on the carousel; the
    /// model has no `contentInset`, see `Docs/PORTING.md` for the `sectionInset` that stands in for one).
    public var adjustedContentInset: EdgeInsets { EdgeInsets() }
    public var contentInset: EdgeInsets { EdgeInsets() }

    /// `setContentOffset(_:animated:)`: the offset set at once (`contentOffset = point`); the model runs no scrolling
    /// animation, so `animated: true` lands in the same frame.
    public func setContentOffset(_ contentOffset: CGPoint, animated: Bool) {
        setContentOffset(contentOffset)
    }
}

extension FlowLayout {
    /// `scrollDirection`: `.horizontal`, the only direction the model lays out; setting `.vertical` traps.
    public var scrollDirection: CollectionView.ScrollDirection {
        get { .horizontal }
        set { precondition(newValue == .horizontal, "the model's flow layout scrolls horizontally only") }
    }
}
