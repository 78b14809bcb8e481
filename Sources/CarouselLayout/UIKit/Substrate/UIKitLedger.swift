/// Counts of the work the UIKit model does, by kind: what a test asserts on ("the layout was asked about once
/// per screen-width", "after F5 every look-up allocates") and what the lifecycle memory figures are made of.
///
/// Each counted allocation is also a real allocation in the model (an object, an array buffer), so the suite's
/// malloc counter sees the same work; the ledger says which UIKit object each one stands for.
/// - Complexity: every update O(1).
public final class UIKitLedger {
    /// `layoutSubviews` passes of the collection view.
    @exclusivity(unchecked) public var layoutPasses = 0
    /// Rects the collection view asked its layout about (`layoutAttributesForElements(in:)` from C1's fault).
    @exclusivity(unchecked) public var faultQueries = 0
    /// `layoutAttributesForItem(at:)` calls the collection view made for invalidated items.
    @exclusivity(unchecked) public var itemRefetches = 0
    /// Runs of the flow layout's own rect query (F1/F2), whoever called it (the collection view, a subclass's
    /// `super`, a seed's snap, a hit test).
    @exclusivity(unchecked) public var flowQueries = 0
    /// Line objects a flow query tested one by one (F2's scan).
    @exclusivity(unchecked) public var linesScanned = 0
    /// `prepare()` calls, and those that recomputed every item (F7/F8: O(N)).
    @exclusivity(unchecked) public var prepares = 0
    @exclusivity(unchecked) public var fullRecomputes = 0
    /// `sizeForItemAt` calls (F8).
    @exclusivity(unchecked) public var delegateSizeCalls = 0
    /// Layout invalidations the collection view received: everything, or named items only.
    @exclusivity(unchecked) public var invalidations = 0
    @exclusivity(unchecked) public var itemInvalidations = 0
    /// Invalidation context objects created.
    @exclusivity(unchecked) public var contexts = 0
    /// Attributes objects allocated fresh (a cache miss, FSPagerView's per item, a pool's first use). A layout of
    /// your own counts each object it makes here (`ledger.attributesCreated += 1` beside the initialiser), as the
    /// built-in layouts do: the model cannot see an allocation the layout does not report.
    @exclusivity(unchecked) public var attributesCreated = 0
    /// Attributes objects copied by a layout or a seed (A1: F5's copy, UPCarousel, InfiniteLayout).
    @exclusivity(unchecked) public var attributesCopied = 0
    /// Copies a cell keeps when attributes that differ are applied to it (C3).
    @exclusivity(unchecked) public var cellCopies = 0
    /// Cells created (dequeued with an empty reuse pool), each with its content view: two objects.
    @exclusivity(unchecked) public var cellsCreated = 0
    /// Cells that came on screen (`willDisplay` sent) and cells that left it (`didEndDisplaying` sent).
    @exclusivity(unchecked) public var cellsDisplayed = 0
    @exclusivity(unchecked) public var cellsEndedDisplay = 0
    /// Arrays `visibleCells` and `indexPathsForVisibleItems` built (`-[_UICollectionViewSubviewCollection
    /// cells]`, `indexPathsForCells`: a new `NSMutableArray` per call).
    @exclusivity(unchecked) public var visibleCellArrays = 0
    /// Sets of a cell's or content view's `center`, `bounds`, `alpha` or transform, by UIKit's attribute
    /// application or by app code (cost only: no allocation, assumed).
    @exclusivity(unchecked) public var viewPropertySets = 0
    /// `NSValue` frames allocated by the flow layout's cache fill (F3).
    @exclusivity(unchecked) public var frameValues = 0
    /// `NSIndexPath` heap objects (switch `indexPath=heap`, F3).
    @exclusivity(unchecked) public var indexPathObjects = 0
    /// F5: the cached-frame mismatch detected ("modifying attributes ... without copying them").
    @exclusivity(unchecked) public var cacheMismatches = 0
    /// R-tree objects the collection view allocated (C1's re-initialisation, `-invalidate`).
    @exclusivity(unchecked) public var rTrees = 0
    /// Nodes of the collection view's global-index map (`std::unordered_map`) allocated on insert.
    @exclusivity(unchecked) public var mapNodes = 0
    /// K3: visible-item wrappers built for a `visibleItemsInvalidationHandler` call, and the calls.
    @exclusivity(unchecked) public var visibleItemWrappers = 0
    @exclusivity(unchecked) public var handlerCalls = 0
    /// Item and line objects the flow layout built for delegate sizes (F8).
    @exclusivity(unchecked) public var flowItemObjects = 0
    @exclusivity(unchecked) public var flowLineObjects = 0
    /// C3: copies the collection view's data caches on its per-item path (`-_setLayoutAttributes:atGlobalItemIndex:`,
    /// a refetch after an item-level invalidation).
    @exclusivity(unchecked) public var dataCopies = 0
    /// C10: the data's cell queries (`layoutAttributesForCellsInRect:validateLayout:`, from a hit test or the
    /// prefetch candidates) and the arrays they build (an index set, the result, its `mutableCopy` when non-empty).
    @exclusivity(unchecked) public var cellQueries = 0
    @exclusivity(unchecked) public var cellQueryArrays = 0
    /// PF1: prefetching contexts built (each an object and its items array), prefetch items, cells prepared off
    /// screen, and prefetched cells that came on screen.
    @exclusivity(unchecked) public var prefetchContexts = 0
    @exclusivity(unchecked) public var prefetchItems = 0
    @exclusivity(unchecked) public var cellsPrefetched = 0
    @exclusivity(unchecked) public var prefetchHits = 0
    /// C28: supplementary and decoration views' attributes the collection view stored from the layout's answers
    /// (uncopied, per kind; no view is shown for them).
    @exclusivity(unchecked) public var supplementaryAttributes = 0
    /// PF2: cached prefetched cells walked by an idle callback before it prefetches more
    /// (`_updatePrefetchItemIfNeeded:forIndexPath:withLayoutAttributes:willDisplay:` per item), and those whose
    /// attributes it asked the data for again and gave to the hidden cell (flag bit 0, set by a pass that re-applied
    /// attributes, C11).
    @exclusivity(unchecked) public var prefetchRechecks = 0
    @exclusivity(unchecked) public var prefetchRefreshes = 0
    /// PF1 and C14: walks of the prefetch cache (`_pruneCachedPrefetchViewsForVelocity:`), by the layout pass and by
    /// the idle callback.
    @exclusivity(unchecked) public var prefetchPrunes = 0
    /// C14: `layoutSubviews`' own message sends per pass (data source, `_reloadDataIfNeeded`, `_visibleBounds`,
    /// `_recomputePreferredAttributesForInvalidatedElementsIfNeeded`, `_updateBackgroundView`, `_updateIndex`,
    /// `_focusSystem`, `_updateContentFocusContainerGuides`), and the autorelease pools it pushes around a
    /// visible-cell update.
    @exclusivity(unchecked) public var layoutSubviewsMessages = 0
    @exclusivity(unchecked) public var autoreleasePools = 0
    /// PF3: samples given to the prefetch velocity integrator (`-_updatePrefetchVelocityIntegratorForVisibleBounds:`),
    /// and the resets of the prefetch contexts a turn of more than 60° makes (`_resetHysteresisOnSampleThetaDiff`).
    @exclusivity(unchecked) public var velocitySamples = 0
    @exclusivity(unchecked) public var prefetchResets = 0
    /// C15–C18: `_updateVisibleCellsNow:`'s own message sends per pass (focus lock, notification suspension, the
    /// content-offset adjustment and content size, the emptying of views preparing for display), and its questions
    /// to the layout among them (`_estimatesSizes`, `collectionViewContentSize`).
    @exclusivity(unchecked) public var cellUpdateMessages = 0
    @exclusivity(unchecked) public var cellUpdateLayoutQuestions = 0

    public init() {}

    /// Every counter with its name, in declaration order (for a report).
    public var counters: [(name: String, value: Int)] {
        [("layoutPasses", layoutPasses), ("faultQueries", faultQueries), ("itemRefetches", itemRefetches),
         ("flowQueries", flowQueries), ("linesScanned", linesScanned), ("prepares", prepares),
         ("fullRecomputes", fullRecomputes), ("delegateSizeCalls", delegateSizeCalls),
         ("invalidations", invalidations), ("itemInvalidations", itemInvalidations), ("contexts", contexts),
         ("attributesCreated", attributesCreated), ("attributesCopied", attributesCopied),
         ("cellCopies", cellCopies), ("cellsCreated", cellsCreated), ("cellsDisplayed", cellsDisplayed),
         ("cellsEndedDisplay", cellsEndedDisplay), ("visibleCellArrays", visibleCellArrays),
         ("viewPropertySets", viewPropertySets), ("frameValues", frameValues),
         ("indexPathObjects", indexPathObjects), ("cacheMismatches", cacheMismatches), ("rTrees", rTrees),
         ("mapNodes", mapNodes), ("visibleItemWrappers", visibleItemWrappers), ("handlerCalls", handlerCalls),
         ("flowItemObjects", flowItemObjects), ("flowLineObjects", flowLineObjects), ("dataCopies", dataCopies),
         ("cellQueries", cellQueries), ("cellQueryArrays", cellQueryArrays), ("prefetchContexts", prefetchContexts),
         ("prefetchItems", prefetchItems), ("cellsPrefetched", cellsPrefetched), ("prefetchHits", prefetchHits),
         ("supplementaryAttributes", supplementaryAttributes), ("prefetchRechecks", prefetchRechecks),
         ("prefetchRefreshes", prefetchRefreshes), ("prefetchPrunes", prefetchPrunes),
         ("layoutSubviewsMessages", layoutSubviewsMessages), ("autoreleasePools", autoreleasePools),
         ("velocitySamples", velocitySamples), ("prefetchResets", prefetchResets),
         ("cellUpdateMessages", cellUpdateMessages), ("cellUpdateLayoutQuestions", cellUpdateLayoutQuestions)]
    }

    /// The modelled objects allocated so far (every counter that stands for a heap object; the arrays and
    /// dictionaries a step allocates are not counted here, though they are real allocations too).
    public var allocations: Int {
        rTrees + mapNodes + contexts + attributesCreated + attributesCopied + cellCopies + 2 * cellsCreated
            + visibleCellArrays + frameValues + indexPathObjects + visibleItemWrappers + flowItemObjects + flowLineObjects
            + dataCopies + cellQueryArrays + 2 * prefetchContexts + prefetchItems
    }
}
