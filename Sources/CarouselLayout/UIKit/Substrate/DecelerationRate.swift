/// `UIScrollView.decelerationRate` (C30): how fast a released scroll slows, per millisecond.
///
/// The app sets it on its collection view (`collectionView.decelerationRate = .fast`); from then on every flick of
/// the trajectory is played at that rate (the proposed offset the layout's `targetContentOffset` sees, and the
/// deceleration's curve), and a release projects its proposed offset at it. While the app sets none, the getter
/// answers `.normal` (UIKit's default) and the trajectory keeps its own flicks' rates: the standard script's use
/// `.normal` and `.fast` alike, standing for apps of either setting.
extension CollectionView {
    /// `UIScrollView.DecelerationRate`: `.normal` (0.998) and `.fast` (0.99), or any rate in `(0, 1)`.
    public struct DecelerationRate: RawRepresentable, Hashable, Sendable {
        public let rawValue: Double

        public init(rawValue: Double) {
            precondition(rawValue > 0 && rawValue < 1, "a deceleration rate lies strictly between 0 and 1")
            self.rawValue = rawValue
        }

        /// `UIScrollView.DecelerationRate.normal`: 0.998.
        public static let normal = DecelerationRate(rawValue: ScrollDeceleration.normal)
        /// `UIScrollView.DecelerationRate.fast`: 0.99.
        public static let fast = DecelerationRate(rawValue: ScrollDeceleration.fast)
    }

    /// `decelerationRate`: the rate the app set, else `.normal`.
    public var decelerationRate: DecelerationRate {
        get { decelerationRateIfSet.map(DecelerationRate.init(rawValue:)) ?? .normal }
        set { decelerationRateIfSet = newValue.rawValue }
    }
}

/// A UIKit pipeline's snap stands for its collection view: a rate the app set there is the rate the simulator plays
/// every flick at (C30; switch `flickRate`).
extension PipelineSnapResolver: ScrollDecelerationRateSource where P: UIKitPipeline {
    public var decelerationRate: Double? {
        let collectionView = pipeline.scene.collectionView!
        return collectionView.switches.flickRate == .app ? collectionView.decelerationRateIfSet : nil
    }
}
