/// The eight properties (Docs/ALGORITHMS.md, "Properties to verify"), in its order.
public enum CarouselProperty: Int, CaseIterable, Sendable, Comparable {
    case snapCentersItem = 1
    case snapDirection
    case mirrorAndNearest
    case lookupsAgree
    case invisibleWrap
    case transformRanges
    case rotationKeepsCenter
    case lastItemIndex

    /// A short title for a table header.
    public var title: String {
        switch self {
        case .snapCentersItem: "snap centres an item"
        case .snapDirection: "flick goes the way of v"
        case .mirrorAndNearest: "mirror symmetry, v = 0 nearest"
        case .lookupsAgree: "lookups agree on the centre"
        case .invisibleWrap: "wrap invisible, in content, index in [0,n)"
        case .transformRanges: "scale in range, alpha in [0,1]"
        case .rotationKeepsCenter: "rotation keeps the centre"
        case .lastItemIndex: "last item is n-1"
        }
    }

    /// `P1` ... `P8`.
    public var label: String { "P\(rawValue)" }

    public static func < (lhs: CarouselProperty, rhs: CarouselProperty) -> Bool { lhs.rawValue < rhs.rawValue }
}
