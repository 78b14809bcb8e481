/// Plain `Double` stand-ins for the CoreGraphics and Foundation values UIKit's collection view passes around
/// (`CGPoint`, `CGSize`, `CGRect`, `IndexPath`, `CATransform3D`, `CGAffineTransform`).
///
/// Foundation's `CGRect` methods do not inline on Linux, so the model never uses them. Porting a
/// layout written against these types to iOS means replacing `LayoutRect` by `CGRect` and so on; the
/// members used here have the same names as UIKit's.

/// A point (`CGPoint`).
public struct LayoutPoint: Sendable, Equatable {
    public var x: Double
    public var y: Double

    @inlinable
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = LayoutPoint(x: 0, y: 0)
}

/// A size (`CGSize`).
public struct LayoutSize: Sendable, Equatable {
    public var width: Double
    public var height: Double

    @inlinable
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public static let zero = LayoutSize(width: 0, height: 0)
}

/// A rectangle (`CGRect`), with a null value as `CGRectNull` has.
///
/// Two intersection tests, named for what they do: `intersects` is closed (touching rects intersect), as
/// `Span.intersects` is for the engine's cores; `intersectsStrictly` is `CGRectIntersectsRect` (rects that only share
/// an edge do not intersect, nor does an empty rect), which the collection view uses wherever UIKit does (C22).
public struct LayoutRect: Sendable, Equatable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    @inlinable
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    @inlinable
    public init(origin: LayoutPoint, size: LayoutSize) {
        self.init(x: origin.x, y: origin.y, width: size.width, height: size.height)
    }

    /// `CGRectNull`: the empty set, which a union ignores and nothing contains.
    public static let null = LayoutRect(x: .infinity, y: .infinity, width: 0, height: 0)

    @inlinable public var isNull: Bool { x == .infinity }
    @inlinable public var minX: Double { x }
    @inlinable public var maxX: Double { x + width }
    @inlinable public var midX: Double { x + width / 2 }
    @inlinable public var minY: Double { y }
    @inlinable public var maxY: Double { y + height }
    @inlinable public var midY: Double { y + height / 2 }
    @inlinable public var origin: LayoutPoint { LayoutPoint(x: x, y: y) }
    @inlinable public var size: LayoutSize { LayoutSize(width: width, height: height) }

    /// Closed intersection on both axes (null intersects nothing): rects that share only an edge intersect.
    @inlinable
    public func intersects(_ other: LayoutRect) -> Bool {
        !isNull && !other.isNull && maxX >= other.minX && minX <= other.maxX && maxY >= other.minY && minY <= other.maxY
    }

    /// `CGRectIntersectsRect` (C22): true when the intersection is not empty. Rects that share only an edge do not
    /// intersect, and an empty rect (zero width or height) or null intersects nothing.
    @inlinable
    public func intersectsStrictly(_ other: LayoutRect) -> Bool {
        !isNull && !other.isNull && width > 0 && height > 0 && other.width > 0 && other.height > 0
            && maxX > other.minX && minX < other.maxX && maxY > other.minY && minY < other.maxY
    }

    /// `CGRectContainsRect`.
    @inlinable
    public func contains(_ other: LayoutRect) -> Bool {
        !isNull && !other.isNull && minX <= other.minX && other.maxX <= maxX && minY <= other.minY && other.maxY <= maxY
    }

    /// `CGRectContainsPoint` (closed, as the hit test of a touching point is ambiguous anyway).
    @inlinable
    public func contains(_ point: LayoutPoint) -> Bool {
        !isNull && minX <= point.x && point.x <= maxX && minY <= point.y && point.y <= maxY
    }

    /// `CGRectUnion` (null is the identity).
    @inlinable
    public func union(_ other: LayoutRect) -> LayoutRect {
        if isNull { return other }
        if other.isNull { return self }
        let minX = Swift.min(self.minX, other.minX)
        let minY = Swift.min(self.minY, other.minY)
        return LayoutRect(x: minX, y: minY, width: Swift.max(maxX, other.maxX) - minX,
                          height: Swift.max(maxY, other.maxY) - minY)
    }
}

/// An item's index path (`IndexPath(item:section:)`), a value as Swift's `IndexPath` is.
///
/// Whether UIKit's `NSIndexPath` for a small index is a tagged pointer or a heap object is F3's medium part;
/// the switch `indexPath` decides, and a layout creates its index paths through
/// `CollectionViewLayout.makeIndexPath(item:section:)` so the heap case costs an allocation.
public struct IndexPath: Sendable, Hashable {
    public var item: Int
    public var section: Int

    @inlinable
    public init(item: Int, section: Int) {
        self.item = item
        self.section = section
    }
}

/// The heap object an `NSIndexPath` is when it is not a tagged pointer (switch `indexPath=heap`, F3).
public final class IndexPathObject {
    public let indexPath: IndexPath

    @inlinable
    public init(_ indexPath: IndexPath) { self.indexPath = indexPath }
}

/// `CGAffineTransform`: `x' = a x + c y + tx`, `y' = b x + d y + ty`.
public struct AffineTransform2D: Sendable, Equatable {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    @inlinable
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    public static let identity = AffineTransform2D(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// `CGAffineTransform(scaleX:y:)`.
    @inlinable
    public init(scaleX: Double, y: Double) {
        self.init(a: scaleX, b: 0, c: 0, d: y, tx: 0, ty: 0)
    }

    /// `translatedBy(x:y:)`: the translation is applied before this transform (`CGAffineTransformTranslate`).
    @inlinable
    public func translatedBy(x: Double, y: Double) -> AffineTransform2D {
        AffineTransform2D(a: a, b: b, c: c, d: d, tx: tx + a * x + c * y, ty: ty + b * x + d * y)
    }

    /// `scaledBy(x:y:)`: the scale is applied before this transform (`CGAffineTransformScale`).
    @inlinable
    public func scaledBy(x: Double, y: Double) -> AffineTransform2D {
        AffineTransform2D(a: a * x, b: b * x, c: c * y, d: d * y, tx: tx, ty: ty)
    }
}

/// `CATransform3D`: a 4x4 matrix of 16 `Double`s (128 bytes, copied whole, as UIKit copies it).
public struct Transform3D: Sendable, Equatable {
    public var m11: Double, m12: Double, m13: Double, m14: Double
    public var m21: Double, m22: Double, m23: Double, m24: Double
    public var m31: Double, m32: Double, m33: Double, m34: Double
    public var m41: Double, m42: Double, m43: Double, m44: Double

    @inlinable
    public init(m11: Double, m12: Double, m13: Double, m14: Double, m21: Double, m22: Double, m23: Double, m24: Double,
                m31: Double, m32: Double, m33: Double, m34: Double, m41: Double, m42: Double, m43: Double, m44: Double) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13; self.m14 = m14
        self.m21 = m21; self.m22 = m22; self.m23 = m23; self.m24 = m24
        self.m31 = m31; self.m32 = m32; self.m33 = m33; self.m34 = m34
        self.m41 = m41; self.m42 = m42; self.m43 = m43; self.m44 = m44
    }

    /// `CATransform3DIdentity`.
    public static let identity = Transform3D(m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0,
                                             m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)

    /// `CATransform3DScale(CATransform3DIdentity, sx, sy, sz)`.
    @inlinable
    public init(scaleX sx: Double, y sy: Double, z sz: Double) {
        self.init(m11: sx, m12: 0, m13: 0, m14: 0, m21: 0, m22: sy, m23: 0, m24: 0,
                  m31: 0, m32: 0, m33: sz, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)
    }

    /// `CATransform3DMakeAffineTransform`.
    @inlinable
    public init(affine t: AffineTransform2D) {
        self.init(m11: t.a, m12: t.b, m13: 0, m14: 0, m21: t.c, m22: t.d, m23: 0, m24: 0,
                  m31: 0, m32: 0, m33: 1, m34: 0, m41: t.tx, m42: t.ty, m43: 0, m44: 1)
    }

    /// `CATransform3DGetAffineTransform` (the 2D part; the model never uses perspective).
    @inlinable
    public var affine: AffineTransform2D {
        AffineTransform2D(a: m11, b: m12, c: m21, d: m22, tx: m41, ty: m42)
    }

    @inlinable
    public var isIdentity: Bool { self == .identity }

    /// Every entry equal (written out so it inlines: the per-cell attribute comparison calls it every pass).
    @inline(__always)
    public static func == (lhs: Transform3D, rhs: Transform3D) -> Bool {
        lhs.m11 == rhs.m11 && lhs.m12 == rhs.m12 && lhs.m13 == rhs.m13 && lhs.m14 == rhs.m14
            && lhs.m21 == rhs.m21 && lhs.m22 == rhs.m22 && lhs.m23 == rhs.m23 && lhs.m24 == rhs.m24
            && lhs.m31 == rhs.m31 && lhs.m32 == rhs.m32 && lhs.m33 == rhs.m33 && lhs.m34 == rhs.m34
            && lhs.m41 == rhs.m41 && lhs.m42 == rhs.m42 && lhs.m43 == rhs.m43 && lhs.m44 == rhs.m44
    }
}
