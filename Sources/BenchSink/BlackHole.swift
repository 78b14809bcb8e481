/// The opaque sink and identity the optimizer cannot see through.
///
/// They live in their own module, are never inlined and are compiled without optimization, so
/// cross-module optimization cannot prove a value unused (and delete the work that made it) or
/// constant-fold an input. Feed every benchmark result into `blackHole`; pass inputs through
/// `opaqueIdentity`.

/// Consumes an `Int` so the work that produced it must happen.
@inline(never) @_optimize(none)
public func blackHole(_ value: Int) {}

/// Consumes a `Double` so the work that produced it must happen.
@inline(never) @_optimize(none)
public func blackHole(_ value: Double) {}

/// Consumes any value so the work that produced it must happen.
@inline(never) @_optimize(none)
public func blackHole<T>(_ value: T) {}

/// Returns its argument unchanged, hiding it from the optimizer (no constant folding of inputs).
@inline(never) @_optimize(none)
public func opaqueIdentity<T>(_ value: T) -> T { value }
