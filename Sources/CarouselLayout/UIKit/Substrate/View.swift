/// `UIView`, as far as a cell's presentation goes: `center`, `bounds`, `alpha` and the transform, the
/// properties UIKit sets from layout attributes and an app may set itself. Every set is counted
/// (`UIKitLedger.viewPropertySets`); what Core Animation does with it (the layer's model value, the commit) is
/// not modelled, and a set on an existing layer is taken to allocate nothing (assumed: cost only, the same for
/// every pipeline, since UIKit's own attribute application sets the same properties).
///
/// Open, so that `Cell` is: an app's cell class subclasses `Cell` (`UICollectionViewCell`). Its properties are final.
open class View {
    /// Held strongly: a `let` of the view, so counting a set needs no retain (the ledger holds no views).
    @usableFromInline let ledger: UIKitLedger
    @exclusivity(unchecked) @usableFromInline final var storedCenter = LayoutPoint.zero
    @exclusivity(unchecked) @usableFromInline final var storedBounds = LayoutRect(x: 0, y: 0, width: 0, height: 0)
    @exclusivity(unchecked) @usableFromInline final var storedAlpha = 1.0
    @exclusivity(unchecked) @usableFromInline final var storedTransform3D = Transform3D.identity
    /// The view whose size this one always has (a cell's content view: its cell, C27), or nil.
    @exclusivity(unchecked) @usableFromInline final unowned(unsafe) var sizedLike: View?

    /// A view whose property sets count in `ledger`.
    public init(ledger: UIKitLedger) { self.ledger = ledger }

    /// `center` (in the superview's coordinates; a transform acts around it).
    @inlinable
    public final var center: LayoutPoint {
        get { storedCenter }
        set {
            ledger.viewPropertySets += 1
            storedCenter = newValue
        }
    }

    /// `bounds`. A cell's content view has its cell's size (C27: the cell's `layoutSubviews` sets the content
    /// view's frame to the cell's bounds; that layout's own work is not counted).
    @inlinable
    public final var bounds: LayoutRect {
        get {
            guard let source = sizedLike else { return storedBounds }
            return LayoutRect(origin: storedBounds.origin, size: source.storedBounds.size)
        }
        set {
            ledger.viewPropertySets += 1
            storedBounds = newValue
        }
    }

    /// `alpha`.
    @inlinable
    public final var alpha: Double {
        get { storedAlpha }
        set {
            ledger.viewPropertySets += 1
            storedAlpha = newValue
        }
    }

    /// `transform3D` (the layer's `transform`).
    @inlinable
    public final var transform3D: Transform3D {
        get { storedTransform3D }
        set {
            ledger.viewPropertySets += 1
            storedTransform3D = newValue
        }
    }

    /// `transform` (`CGAffineTransform`): the 2D part of `transform3D`; setting it sets `transform3D`.
    @inlinable
    public final var transform: AffineTransform2D {
        get { storedTransform3D.affine }
        set { transform3D = Transform3D(affine: newValue) }
    }
}

/// A cell (`UICollectionViewCell`): a view showing one item, its copy of the attributes last applied (C3), and
/// its `contentView`, which always has the cell's size (C27) and is never given attributes (an app's
/// content, and any transform or alpha the app sets there, stays the app's). The content itself (labels,
/// images) is the app's and not modelled.
///
/// Open, as `UICollectionViewCell` is: an app's cell class subclasses it (a conformance such as a layout's
/// `TransformableView` goes on that class), and its data source names it (`CollectionViewDataSource.cellClass`).
/// The collection view makes cells with `init(ledger:)`, so a subclass keeps that initialiser.
open class Cell: View {
    @exclusivity(unchecked) public final internal(set) var globalIndex = -1
    @exclusivity(unchecked) public final internal(set) var layoutAttributes: LayoutAttributes?
    /// `contentView`.
    public let contentView: View

    public required override init(ledger: UIKitLedger) {
        contentView = View(ledger: ledger)
        super.init(ledger: ledger)
        contentView.sizedLike = self
    }

    /// What the screen shows for this cell: its transform composed with its content view's (both act around
    /// the cell's centre), and its alpha times the content view's.
    @inlinable
    public final var presentedScale: Double { storedTransform3D.m11 * contentView.storedTransform3D.m11 }

    @inlinable
    public final var presentedAlpha: Double { storedAlpha * contentView.storedAlpha }

    @inlinable
    public final var presentedTranslationX: Double {
        storedTransform3D.m41 + storedTransform3D.m11 * contentView.storedTransform3D.m41
    }
}
