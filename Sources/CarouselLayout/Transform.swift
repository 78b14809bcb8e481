/// A focus transform: how an item looks given its centre and the viewport centre (per visible item, every frame).
public protocol FocusTransform {
    /// The id (Docs/ALGORITHMS.md, "Focus transforms").
    static var id: String { get }
    /// The documented cost (the report checks its order against the measured growth).
    static var complexity: Complexity { get }
    /// The transform of an item centred at `itemCenter` when the viewport centre is `viewportCenter`.
    func transform(itemCenter: Double, viewportCenter: Double) -> ItemTransform
}

/// `transform.scaleAlpha` (seed 000 `CenterScaleSnapFlowLayout`): `maxD = w + L`, `d' = min(d, maxD)`,
/// `ratio = (maxD - d')/maxD`, `scale = ratio*(1-m) + m`, `alpha = max(ratio, 0.5)`.
public struct ScaleAlphaTransform: FocusTransform, Sendable {
    public static let id = "transform.scaleAlpha"
    public static let complexity: Complexity = "O(1) per item"
    public let maxDistance: Double
    public let minScale: Double
    /// The seed's `baseAlphaRatio`.
    public static let baseAlpha = 0.5

    @inlinable
    public init(geometry: CarouselGeometry) {
        maxDistance = geometry.itemWidth + geometry.lineSpacing
        minScale = geometry.minScale
    }

    @inlinable
    public func transform(itemCenter: Double, viewportCenter: Double) -> ItemTransform {
        let distance = min(abs(viewportCenter - itemCenter), maxDistance)
        let ratio = (maxDistance - distance) / maxDistance
        let scale = ratio * (1 - minScale) + minScale
        return ItemTransform(scale: scale, alpha: max(ratio, Self.baseAlpha))
    }
}

/// `transform.affine` (seed 000 `CenterFocusedCarouselLayout`): `r = min(d/maxD, 1)`,
/// `scale = m + (1-m)*(1-r)`; no alpha. The same curve as `transform.scaleAlpha`, other code.
public struct AffineTransform: FocusTransform, Sendable {
    public static let id = "transform.affine"
    public static let complexity: Complexity = "O(1) per item"
    public let maxDistance: Double
    public let minScale: Double

    @inlinable
    public init(geometry: CarouselGeometry) {
        maxDistance = geometry.itemWidth + geometry.lineSpacing
        minScale = geometry.minScale
    }

    @inlinable
    public func transform(itemCenter: Double, viewportCenter: Double) -> ItemTransform {
        let ratio = min(abs(itemCenter - viewportCenter) / maxDistance, 1)
        return ItemTransform(scale: minScale + (1 - minScale) * (1 - ratio))
    }
}

/// `transform.compensated` (seed 000 compositional version 2): `maxD = W/2`,
/// `scale = 1 - 0.1*min(d/maxD, 1)` (1.0 down to 0.9), then a translation toward the centre by
/// `(w - w*scale)/2` (+1 left of the centre, -1 otherwise, as written: the centred item gets `-0.0`).
///
/// Its own scale range `[0.9, 1]`, independent of the geometry's `m`.
public struct CompensatedTransform: FocusTransform, Sendable {
    public static let id = "transform.compensated"
    public static let complexity: Complexity = "O(1) per item"
    public let maxDistance: Double
    public let itemWidth: Double
    public static let minScale = 0.9

    @inlinable
    public init(geometry: CarouselGeometry) {
        maxDistance = geometry.viewportWidth / 2
        itemWidth = geometry.itemWidth
    }

    @inlinable
    public func transform(itemCenter: Double, viewportCenter: Double) -> ItemTransform {
        let distance = abs(itemCenter - viewportCenter)
        let normalized = min(distance / maxDistance, 1)
        let scale = 1 - (1 - Self.minScale) * normalized
        let deltaX = (itemWidth - itemWidth * scale) / 2
        let direction: Double = itemCenter < viewportCenter ? 1 : -1
        return ItemTransform(scale: scale, translationX: deltaX * direction)
    }
}

/// `peer.upcarousel` (UPCarouselFlowLayout): as `transform.scaleAlpha` but
/// `alpha = ratio*(1-a) + a`, `zIndex = Int(alpha*10)`, side shift `(1-ratio)*shift` perpendicular
/// to scrolling (so `translationY` for a horizontal carousel).
public struct UPCarouselTransform: FocusTransform, Sendable {
    public static let id = "peer.upcarousel"
    public static let complexity: Complexity = "O(1) per item"
    public let maxDistance: Double
    public let minScale: Double
    public let sideAlpha: Double
    public let sideShift: Double

    @inlinable
    public init(geometry: CarouselGeometry, sideAlpha: Double = 0.6, sideShift: Double = 0) {
        maxDistance = geometry.itemWidth + geometry.lineSpacing
        minScale = geometry.minScale
        self.sideAlpha = sideAlpha
        self.sideShift = sideShift
    }

    @inlinable
    public func transform(itemCenter: Double, viewportCenter: Double) -> ItemTransform {
        let distance = min(abs(viewportCenter - itemCenter), maxDistance)
        let ratio = (maxDistance - distance) / maxDistance
        let alpha = ratio * (1 - sideAlpha) + sideAlpha
        let scale = ratio * (1 - minScale) + minScale
        return ItemTransform(scale: scale, alpha: alpha, translationY: (1 - ratio) * sideShift, zIndex: Int(alpha * 10))
    }
}

/// `peer.fspager` (FSPagerView linear transformer): `q = (c_i - C)/p`, `scale = max(1 - 0.35*|q|, 0.65)`,
/// `alpha = minA + (1-|q|)*(1-minA)` with `minA = 0.6`, `zIndex = Int((1-|q|)*10)`.
///
/// Reproduced as written: alpha is **unclamped** (above 1 never, negative for `|q| > 2.5`).
/// Deviation: the zIndex argument is clamped to +-1e9 before `Int(...)`, which would trap for huge `|q|`.
public struct FSPagerTransform: FocusTransform, Sendable {
    public static let id = "peer.fspager"
    public static let complexity: Complexity = "O(1) per item"
    public let pitch: Double
    public let minScale: Double
    public let minAlpha: Double

    @inlinable
    public init(geometry: CarouselGeometry, minScale: Double = 0.65, minAlpha: Double = 0.6) {
        pitch = geometry.pitch
        self.minScale = minScale
        self.minAlpha = minAlpha
    }

    @inlinable
    public func transform(itemCenter: Double, viewportCenter: Double) -> ItemTransform {
        let position = abs((itemCenter - viewportCenter) / pitch)
        let scale = max(1 - (1 - minScale) * position, minScale)
        let alpha = minAlpha + (1 - position) * (1 - minAlpha)
        let zIndex = Int(min(max((1 - position) * 10, -1e9), 1e9))
        return ItemTransform(scale: scale, alpha: alpha, zIndex: zIndex)
    }
}

/// `transform.enlargeCenter` (seed 003 `sizeForItemAt`): not a transform but a size. The centred item is
/// `floor(0.80*1.05 W) x floor(0.85*1.1 H)`, the others `floor(0.80 W) x floor(0.85 H)`; a centre change
/// invalidates the layout, so every item is sized and placed again.
public struct EnlargeCenterLayout: Sendable {
    public static let id = "transform.enlargeCenter"
    public static let complexity: Complexity = "O(N) per relayout (every centre change)"
    public let viewport: Viewport
    /// The flow layout's `minimumLineSpacing` (seed 003 does not compensate it).
    public let lineSpacing: Double
    /// The section inset left of item 0.
    public let insetLeft: Double

    /// `insetLeft` defaults to `(W - 0.8 W)/2`, which centres a normal-size item 0.
    public init(viewport: Viewport, lineSpacing: Double, insetLeft: Double? = nil) {
        self.viewport = viewport
        self.lineSpacing = lineSpacing
        self.insetLeft = insetLeft ?? (viewport.width - viewport.width * 0.80) / 2
    }

    /// The normal item width `0.80 W` (seed 003's pitch uses this, unfloored).
    @inlinable public var normalItemWidth: Double { viewport.width * 0.80 }

    /// The size of item `index` when `centerIndex` is centred.
    @inlinable
    public func itemSize(index: Int, centerIndex: Int) -> (width: Double, height: Double) {
        let isCenter = index == centerIndex
        let width = (viewport.width * (isCenter ? 0.80 * 1.05 : 0.80)).rounded(.down)
        let height = (viewport.height * (isCenter ? 0.85 * 1.1 : 0.85)).rounded(.down)
        return (width, height)
    }

    /// The centred item's width over a side item's: 1.05 before rounding, and `floor(0.84 W) / floor(0.8 W)` after
    /// it (1.050061 at W = 1 024, 1.048 at W = 390).
    @inlinable public var enlargedScale: Double {
        itemSize(index: 0, centerIndex: 0).width / itemSize(index: 0, centerIndex: -1).width
    }

    /// Lays out all `itemCount` frames left to right into `frames` (cleared first, capacity kept).
    @inlinable
    public func layout(itemCount: Int, centerIndex: Int, into frames: inout [Span]) {
        frames.removeAll(keepingCapacity: true)
        var x = insetLeft
        for index in 0..<max(0, itemCount) {
            let width = itemSize(index: index, centerIndex: centerIndex).width
            frames.append(Span(minX: x, maxX: x + width))
            x += width + lineSpacing
        }
    }
}

extension StrategyRegistry {
    @inlinable
    static func transforms<V: StrategyVisitor>(_ visitor: V) {
        visitor.visitTransform(TransformEntry { ScaleAlphaTransform(geometry: $0) })
        visitor.visitTransform(TransformEntry { AffineTransform(geometry: $0) })
        visitor.visitTransform(TransformEntry(scaleRange: { _ in CompensatedTransform.minScale...1 }) {
            CompensatedTransform(geometry: $0)
        })
        visitor.visitTransform(TransformEntry { UPCarouselTransform(geometry: $0) })
        visitor.visitTransform(TransformEntry(scaleRange: { FSPagerTransform(geometry: $0).minScale...1 }) {
            FSPagerTransform(geometry: $0)
        })
        visitor.visitTransform(TransformEntry(scaleRange: { FSPagerTransform(geometry: $0).minScale...1 },
                                              correcting: FSPagerTransform.id) {
            FSPagerClampedAlphaTransform(geometry: $0)
        })
    }

    @inlinable
    static func relayouts<V: StrategyVisitor>(_ visitor: V) {
        let info = StrategyInfo(id: EnlargeCenterLayout.id, family: .relayout, complexity: EnlargeCenterLayout.complexity)
        visitor.visitRelayout(RelayoutEntry(info: info, subject: .enlargeCenter()) { geometry, count, frames in
            EnlargeCenterLayout(viewport: geometry.viewport, lineSpacing: geometry.spacing)
                .layout(itemCount: count, centerIndex: count / 2, into: &frames)
        })
    }
}
