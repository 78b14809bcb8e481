// The parts of amirdew/CollectionViewPagingLayout (5b40724af52b4d80f4b5d90a41f1aab8476be4f9, MIT) that
// `CollectionViewPagingLayout` and the app's cells use, their text kept; file and lines at each. Left out: the
// `hitTest` override of `TransformableView.swift` (lines 56-66: touches are not modelled), `DefaultViewAnimator`
// (`ViewAnimator.swift` lines 28-: a `CADisplayLink` animator; the app sets none), and the snapshot and stack effects.
import CarouselLayout
import UIKitNames
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// UIKit's `UIView`: the model's `View` (`UIKitNames` has no `UIView`).
public typealias UIView = View

// `CollectionViewPagingLayout.ZPositionHandler.swift`, lines 11-22.
public extension CollectionViewPagingLayout {
    enum ZPositionHandler {
        /// Sets cell.layer.zPosition
        case cellLayer

        /// Sets UICollectionViewLayoutAttributes.zIndex
        case layoutAttribute

        /// Sets both of `cellLayer` and `layoutAttribute`
        case both
    }
}


// `TransformableView.swift`, lines 12-53 (line 51: `subviews` is a stand-in, `UIKitStandIns.swift`).
public protocol TransformableView {
    
    /// The view for detecting gestures
    ///
    /// If you want to handle it manually return `nil`
    var selectableView: UIView? { get }
    
    /// Sends a float value based on the position of the view (cell)
    /// if the view is in the center of CollectionView it sends 0
    /// the value could be negative or positive and that represents the distance to the center of your CollectionView.
    /// for instance `1` means the distance between the center of the cell and the center of your CollectionView
    /// is equal to your CollectionView width.
    ///
    /// - Parameter progress: the interpolated progress for the cell view
    func transform(progress: CGFloat)
    
    /// Optional function for providing the Z index(position) of the cell view
    /// As defined as an extension the default value of zIndex is Int(-abs(round(progress)))
    ///
    /// - Parameter progress: the interpolated progress for the cell view
    /// - Returns: the z index(position)
    func zPosition(progress: CGFloat) -> Int
}


public extension TransformableView {
    
    /// Defining the default value of zIndex
    func zPosition(progress: CGFloat) -> Int {
        Int(-abs(round(progress)))
    }
}


public extension TransformableView where Self: UICollectionViewCell {
    
    /// Default `selectableView` for `UICollectionViewCell` is the first subview of
    /// `contentView` or the content view itself if there is no subview
    var selectableView: UIView? {
        contentView.subviews.first ?? contentView
    }
}


// `ViewAnimator.swift`, lines 11-25.
/// Simple protocol to define an animator
public protocol ViewAnimator {
    /// Animate
    /// - Parameter animations: Closure to animate
    /// - parameter progress: the animation progress, between 0.0 - 1.0
    /// - parameter finished: animation finished state, set to true at the end
    @discardableResult func animate(animations: @escaping (_ progress: Double, _ finished: Bool) -> Void) -> ViewAnimatorCancelable?
}


public protocol ViewAnimatorCancelable {

    /// Cancel the animation with changing progress
    func cancel()
}


// `TransformCurve.swift`, lines 11-42 (`log10` from the C library).
/// Curve function type for transforming
public enum TransformCurve {
    case linear
    case easeIn
    case easeOut
}


public extension TransformCurve {

    /// Converting linear progress to curve progress
    /// input and output are between 0 and 1
    ///
    /// - Parameter progress: the current linear progress
    /// - Returns: Curved progress based on self
    func computeFromLinear(progress: CGFloat) -> CGFloat {
        switch self {
        case .linear:
            return progress
        case .easeIn, .easeOut:
            let logValue = progress * 9
            let value: CGFloat
            if self == .easeOut {
                value = 1 - log10(1 + (9 - logValue))
            } else {
                value = log10(1 + logValue)
            }
            return value
        }
    }
    
}


// `Scale/ScaleTransformViewOptions.swift`, lines 12-48 and 95-130: the options the scale and translation read. The
// shadow, blur and 3D options (lines 50-91) go with the steps that read them (below).
public struct ScaleTransformViewOptions {
    
    // MARK: Properties
    
    /// The minimum scale factor for side views
    public var minScale: CGFloat
    
    /// The maximum scale factor for side views
    public var maxScale: CGFloat
    
    /// Ratio for computing scale for each item
    /// Scale = 1 - progress * `scaleRatio`
    public var scaleRatio: CGFloat
    
    /// Ratio for the amount of translate for side views, calculates by `scalableView` size
    /// for instance, if translationRatio.x = 0.5 and scalableView.width = 100 then
    /// translateX = 50 for the right view and translateX = -50 for the left view
    public var translationRatio: CGPoint
    
    /// The minimum amount of translate for side views, calculates like `translationRatio`
    public var minTranslationRatio: CGPoint?
    
    /// The maximum amount of translate for side views, calculates like `translationRatio`
    public var maxTranslationRatio: CGPoint?
    
    /// Since it applies scale on views the spacing between views wouldn't be equal
    /// by default, if this flag is enabled it will keep spacing between items equally
    public var keepVerticalSpacingEqual: Bool
    
    /// Like `keepHorizontalSpacingEqual` but for horizontal spacing
    public var keepHorizontalSpacingEqual: Bool
                
    /// The curve function for scaling
    public var scaleCurve: TransformCurve
    
    /// The curve function for translating
    public var translationCurve: TransformCurve
    
    // MARK: Lifecycle
    
    public init(
        minScale: CGFloat = 0.75,
        maxScale: CGFloat = 1,
        scaleRatio: CGFloat = 0.25,
        translationRatio: CGPoint = .init(x: 0.93, y: 0.36),
        minTranslationRatio: CGPoint? = .init(x: -5, y: -5),
        maxTranslationRatio: CGPoint? = .init(x: 5, y: 5),
        keepVerticalSpacingEqual: Bool = true,
        keepHorizontalSpacingEqual: Bool = true,
        scaleCurve: TransformCurve = .linear,
        translationCurve: TransformCurve = .linear
    ) {
        self.minScale = minScale
        self.maxScale = maxScale
        self.scaleRatio = scaleRatio
        self.translationRatio = translationRatio
        self.minTranslationRatio = minTranslationRatio
        self.maxTranslationRatio = maxTranslationRatio
        self.keepVerticalSpacingEqual = keepVerticalSpacingEqual
        self.keepHorizontalSpacingEqual = keepHorizontalSpacingEqual
        self.scaleCurve = scaleCurve
        self.translationCurve = translationCurve
    }
}


// `Scale/ScaleTransformView.swift`, lines 11-134. `applyScaleTransform` (lines 65-74) runs only
// `applyScaleAndTranslation`: `applyStyle` (shadows) sets layer properties the model does not hold,
// `applyCATransform3D` with no `rotation3d` or `translation3d` option sets the layer's transform to the view's own
// (the same value), and `applyBlurEffect` with `blurEffectEnabled` false (the default) only removes a blur view, and
// none exists. `scaleBlurViewHost` (lines 20-21, 28-35) goes with the blur.
/// A protocol for adding scale transformation to `TransformableView`
public protocol ScaleTransformView: TransformableView {
    
    /// Options for controlling scale effect, see `ScaleTransformViewOptions.swift`
    var scaleOptions: ScaleTransformViewOptions { get }
    
    /// The view to apply scale effect on
    var scalableView: UIView { get }
    
    
    /// the main function for applying transforms
    func applyScaleTransform(progress: CGFloat)
}

public extension ScaleTransformView where Self: UICollectionViewCell {
    
    /// Default `scalableView` for `UICollectionViewCell` is the first subview of
    /// `contentView` or the content view itself if there is no subview
    var scalableView: UIView {
        contentView.subviews.first ?? contentView
    }
}


public extension ScaleTransformView {
    
    // MARK: Properties
    
    var scaleOptions: ScaleTransformViewOptions {
        .init()
    }
    
    
    // MARK: TransformableView
    
    func transform(progress: CGFloat) {
        applyScaleTransform(progress: progress)
    }
    
    
    // MARK: Public functions
    
    func applyScaleTransform(progress: CGFloat) {
        applyScaleAndTranslation(progress: progress)
    }
    
    
    // MARK: Private functions
    
    private func applyScaleAndTranslation(progress: CGFloat) {
        var transform = CGAffineTransform.identity
        var xAdjustment: CGFloat = 0
        var yAdjustment: CGFloat = 0
        let scaleProgress = scaleOptions.scaleCurve.computeFromLinear(progress: abs(progress))
        var scale = 1 - scaleProgress * scaleOptions.scaleRatio
        scale = max(scale, scaleOptions.minScale)
        scale = min(scale, scaleOptions.maxScale)
        
        if scaleOptions.keepHorizontalSpacingEqual {
            xAdjustment = ((1 - scale) * scalableView.bounds.width) / 2
            if progress > 0 {
                xAdjustment *= -1
            }
        }
        
        if scaleOptions.keepVerticalSpacingEqual {
            yAdjustment = ((1 - scale) * scalableView.bounds.height) / 2
        }
        
        let translateProgress = scaleOptions.translationCurve.computeFromLinear(progress: abs(progress))
        var translateX = scalableView.bounds.width * scaleOptions.translationRatio.x * (translateProgress * (progress < 0 ? -1 : 1)) - xAdjustment
        var translateY = scalableView.bounds.height * scaleOptions.translationRatio.y * abs(translateProgress) - yAdjustment
        if let min = scaleOptions.minTranslationRatio {
            translateX = max(translateX, scalableView.bounds.width * min.x)
            translateY = max(translateY, scalableView.bounds.height * min.y)
        }
        if let max = scaleOptions.maxTranslationRatio {
            translateX = min(translateX, scalableView.bounds.width * max.x)
            translateY = min(translateY, scalableView.bounds.height * max.y)
        }
        transform = transform
            .translatedBy(x: translateX, y: translateY)
            .scaledBy(x: scale, y: scale)
        scalableView.transform = transform
    }
}
