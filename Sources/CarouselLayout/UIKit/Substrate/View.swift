/// `UIView`, as far as a cell's presentation goes: `center`, `bounds`, `alpha` and the transform, the
/// properties UIKit sets from layout attributes and an app may set itself. Every set is counted
/// (`UIKitLedger.viewPropertySets`); what Core Animation does with it (the layer's model value, the commit) is
/// not modelled, and a set on an existing layer is taken to allocate nothing (assumed: cost only, the same for
/// every pipeline, since UIKit's own attribute application sets the same properties).
public class View {
    /// Held strongly: a `let` of the view, so counting a set needs no retain (the ledger holds no views).
    @usableFromInline let ledger: UIKitLedger
    @exclusivity(unchecked) @usableFromInline var storedCenter = LayoutPoint.zero
    @exclusivity(unchecked) @usableFromInline var storedBounds = LayoutRect(x: 0, y: 0, width: 0, height: 0)
    @exclusivity(unchecked) @usableFromInline var storedAlpha = 1.0
    @exclusivity(unchecked) @usableFromInline var storedTransform3D = Transform3D.identity

    init(ledger: UIKitLedger) { self.ledger = ledger }

    /// `center` (in the superview's coordinates; a transform acts around it).
    @inlinable
    public final var center: LayoutPoint {
        get { storedCenter }
        set {
            ledger.viewPropertySets += 1
            storedCenter = newValue
        }
    }

    /// `bounds`.
    @inlinable
    public final var bounds: LayoutRect {
        get { storedBounds }
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
/// its `contentView`, which UIKit lays out to the cell's bounds and never gives attributes to (an app's
/// content, and any transform or alpha the app sets there, stays the app's). The content itself (labels,
/// images) is the app's and not modelled.
public final class Cell: View {
    @exclusivity(unchecked) public internal(set) var globalIndex = -1
    @exclusivity(unchecked) public internal(set) var layoutAttributes: LayoutAttributes?
    /// `contentView`.
    public let contentView: View

    override init(ledger: UIKitLedger) {
        contentView = View(ledger: ledger)
        super.init(ledger: ledger)
    }

    /// What the screen shows for this cell: its transform composed with its content view's (both act around
    /// the cell's centre), and its alpha times the content view's.
    @inlinable
    public var presentedScale: Double { storedTransform3D.m11 * contentView.storedTransform3D.m11 }

    @inlinable
    public var presentedAlpha: Double { storedAlpha * contentView.storedAlpha }

    @inlinable
    public var presentedTranslationX: Double {
        storedTransform3D.m41 + storedTransform3D.m11 * contentView.storedTransform3D.m41
    }
}
