/// Every strategy id of the engine, per family, so a verifier or a suite can enumerate them.
public enum StrategyCatalog {
    public static let queries = [LinearQuery.id, BinarySearchQuery.id, ArithmeticQuery.id]
    public static let transforms = [
        ScaleAlphaTransform.id, AffineTransform.id, CompensatedTransform.id, UPCarouselTransform.id, FSPagerTransform.id,
    ]
    /// Sizing strategies that relayout instead of transforming.
    public static let relayouts = [EnlargeCenterLayout.id]
    public static let lookups = [
        "lookup.sortedScan", "lookup.sortedScan.byDistance", "lookup.minScan", ArithmeticLookup.id,
        "lookup.hitTest", BinaryLookup.id,
    ]
    public static let snaps = [
        "snap.directional", ThresholdSnap.id, "snap.nearest", DirectionSnap.id, ProjectedSnap.id, FSPagerSnap.id,
    ]
    public static let wraps = [
        TripleWrap.id, SentinelWrap.id, HundredfoldWrap.id, ModularWrap.id, FSPagerWrap.id, InfiniteLayoutWrap.id,
    ]
    public static let events = [CenterChangeNotifier.id, PageIndicator.id, SentinelPageControl.id]

    /// All ids, every family.
    public static var all: [String] { queries + transforms + relayouts + lookups + snaps + wraps + events }
}
