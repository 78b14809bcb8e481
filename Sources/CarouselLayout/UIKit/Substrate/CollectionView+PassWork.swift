/// The work `-[UICollectionView layoutSubviews]` (C14) and `-[UICollectionView _updateVisibleCellsNow:]` (C15–C18)
/// do on every pass beyond validating the bounds and updating the cells, and the prefetch velocity sample the pass
/// takes (PF3).
///
/// Each piece is modelled as the work of its kind UIKit does: a message send whose body is a flag test or a field
/// read is an opaque call (`PassWork.send`), a counter UIKit increments and decrements is one here, a hash table
/// emptied is a set emptied, a question to the layout is the layout's method called; none allocates, as none in
/// UIKit does. The ledger counts each (`layoutSubviewsMessages`, `autoreleasePools`, `velocitySamples`,
/// `prefetchPrunes`, `cellUpdateMessages`, `cellUpdateLayoutQuestions`). Switches `layoutSubviewsWork` and
/// `cellUpdateWork` leave them out.
extension CollectionView {
    /// C14: `layoutSubviews` before `[_collectionViewData validateLayoutInRect:]`: the weak load of the data source,
    /// `_reloadDataIfNeeded` (a flag test), `_visibleBounds` (the bounds, the window, the focus scene component and
    /// its scroll manager, `isRotating`: about eight sends), `_recomputePreferredAttributesForInvalidatedElementsIfNeeded`
    /// (returns at once without a self-sizing context). `[UIScrollView layoutSubviews]`' body is unread: one send.
    @inline(never)
    func layoutSubviewsWorkBeforeValidation() {
        ledger.layoutSubviewsMessages += passWork.send(PassWork.layoutSubviewsBeforeValidation)
    }

    /// C14: with a visible-cell update pending (bit 10 of `_collectionViewFlags+1`, set by every `setBounds:`, C11), the
    /// update runs inside an autorelease pool (`objc_autoreleasePoolPush`/`Pop`), and, when `_prefetchingAllowed`, the
    /// pass gives the velocity integrator its sample (PF3) and calls `_updatePrefetchedCells:NO`, which prunes the
    /// prefetch cache while the integrator reports motion (`_pruneCachedPrefetchViewsForVelocity:`) and prefetches
    /// nothing.
    @inline(never)
    func pushAutoreleasePool() -> Int {
        ledger.autoreleasePools += 1
        return passWork.push()
    }

    @inline(never)
    func popAutoreleasePoolAndUpdatePrefetching(_ token: Int) {
        if switches.prefetch == .on {
            passWork.send(.prefetchingAllowed)
            sampleVelocity()
            passWork.send(.updatePrefetchedCells)
            ledger.layoutSubviewsMessages += 2
            if !prefetcher.cells.isEmpty && prefetcher.framesSinceMotion < Self.prefetchHysteresisFrames {
                let strip = prefetchStrip()
                prunePrefetchedCells(keeping: bounds.union(strip), margin: 0.25 * frameSize.width)
            }
        }
        passWork.pop(to: token)
    }

    /// C14: `layoutSubviews` after the update, on every pass: `_updateBackgroundView` (`bounds`, `setFrame:` to the
    /// background view, nil for every pipeline, `_moveContentSubview:toBack:`), `_updateIndex` (a flag test),
    /// `_focusSystem` and `_updateContentFocusContainerGuides` (unread: one send each).
    @inline(never)
    func layoutSubviewsWorkAfterUpdate() {
        ledger.layoutSubviewsMessages += passWork.send(PassWork.layoutSubviewsAfterUpdate)
        passWork.backgroundViewFrame = bounds
    }

    /// PF3: `-_updatePrefetchVelocityIntegratorForVisibleBounds:`, one `addSample:` of the visible origin per pass
    /// with a visible-cell update. `_UIVelocityIntegrator` (`_UIVelocityIntegrator.mm` `-addSample3D:withTimestamp:`)
    /// ignores a sample that moved less than 5 pt on every axis from the last (it re-stamps the last sample's time);
    /// empties its samples after a gap of more than 0.3 s; and, when the direction from the oldest to the last sample
    /// and the one from the last to the new sample differ by more than π/3 (`_resetHysteresisOnSampleThetaDiff`),
    /// calls its handler, `_resetAllPrefetchContexts` (the main context dropped), and empties its samples. At most
    /// 20 samples are kept. A pass is 1/120 s here (the suite's rate).
    @usableFromInline
    func sampleVelocity() {
        ledger.velocitySamples += 1
        let work = passWork
        let time = Double(work.passClock) / 120
        let origin = storedContentOffset
        if let last = work.samples.last {
            if abs(origin.x - last.x) < 5 && abs(origin.y - last.y) < 5 {
                work.samples[work.samples.count - 1].time = time
                return
            }
            if time - last.time > 0.3 {
                work.samples.removeAll(keepingCapacity: true)
            } else if work.samples.count >= 2 {
                let first = work.samples[0]
                let trend = (x: last.x - first.x, y: last.y - first.y)
                let step = (x: origin.x - last.x, y: origin.y - last.y)
                let dot = trend.x * step.x + trend.y * step.y
                let lengths = ((trend.x * trend.x + trend.y * trend.y) * (step.x * step.x + step.y * step.y)).squareRoot()
                // The angle between them exceeds π/3 when its cosine is below 1/2.
                if dot < 0.5 * lengths {
                    ledger.prefetchResets += 1
                    prefetcher.context = nil
                    work.samples.removeAll(keepingCapacity: true)
                }
            }
        }
        if work.samples.count == PassWork.maximumSamples { work.samples.removeFirst() }
        work.samples.append(PassWork.Sample(x: origin.x, y: origin.y, time: time))
    }

    /// C15–C18 at the start of `_updateVisibleCellsNow:`: the focus environment locked (`_focusSystem`,
    /// `_lockEnvironment:`, C15); reloads suspended (`_suspendReloads`, a counter) and, outside a recursive pass,
    /// did-scroll notifications suspended with the offset saved (`_didScrollNotificationSuspensionCount`, C16); the
    /// first `_restoreOrAdjustContentOffsetIfNecessaryWithInsets:hasUpdatedVisibleCells:isRecursive:` (C17: the
    /// layout asked `_estimatesSizes`, the anchor and scrolling target cleared, a flag tested).
    @inline(never)
    func cellUpdateWorkBegin() {
        let work = passWork
        ledger.cellUpdateMessages += work.send(PassWork.cellUpdateBegin) + 1
        work.focusLocks += 1
        work.reloadSuspensions += 1
        work.didScrollSuspensions += 1
        work.savedContentOffset = storedContentOffset
        ledger.cellUpdateLayoutQuestions += 1
        if collectionViewLayout.estimatesSizes() { work.send(.adjustContentOffsetIfNecessary) }
    }

    /// C17: `_setContentSizeFromLayout:isRecursivelyUpdatingVisibleCells:` on every pass: `collectionViewContentRect`
    /// (the layout's `collectionViewContentSize`), three scroll-state queries, `contentSize`, the automatic-adjustment
    /// flag read and written twice, `contentOffset`, `setContentSize:` (which keeps an equal size).
    @inline(never)
    func cellUpdateWorkContentSize() {
        ledger.cellUpdateMessages += passWork.send(PassWork.cellUpdateContentSize)
        ledger.cellUpdateLayoutQuestions += 1
        let size = collectionViewLayout.collectionViewContentSize
        if size != contentSize && pendingContentAdjustments == nil { contentSize = size }
    }

    /// C15–C18 at the end of `_updateVisibleCellsNow:`: the second offset adjustment call (C17); the focus update and
    /// the check that the focused view is not hidden (flag tests with no focused cell), the environment unlocked
    /// (C15); `_viewsPreparingForDisplay` emptied (`removeAllObjects`) and `removeAllDequeuedViewsWithEnumerator:`,
    /// which finds no stray dequeued view (each dequeue is for a cell the collection view asked for) after a
    /// `count` test, and `_processViewSpecificInvalidationsForVisibleViews` (nil sets and dictionaries, C18); reloads
    /// and did-scroll notifications resumed (C16: a pending reload would call `reloadData`; the pass moves no offset,
    /// so no `scrollViewDidScroll` is held back).
    @inline(never)
    func cellUpdateWorkEnd() {
        let work = passWork
        ledger.cellUpdateMessages += work.send(PassWork.cellUpdateEnd) + 1
        ledger.cellUpdateLayoutQuestions += 1
        if collectionViewLayout.estimatesSizes() { work.send(.adjustContentOffsetIfNecessary) }
        work.focusLocks -= 1
        work.viewsPreparingForDisplay.removeAll(keepingCapacity: true)
        if !work.dequeuedViews.isEmpty { work.dequeuedViews.removeAll(keepingCapacity: true) }
        work.reloadSuspensions -= 1
        if work.reloadSuspensions == 0 && work.reloadPending { work.reloadPending = false }
        work.didScrollSuspensions -= 1
    }
}

/// The state `layoutSubviews` and `_updateVisibleCellsNow:` keep across passes (C14–C18), and the prefetch velocity
/// integrator's samples (PF3).
@usableFromInline
final class PassWork {
    /// The selectors the modelled sends stand for (C14–C18).
    @usableFromInline
    enum Selector: UInt32, Sendable {
        case superLayoutSubviews = 1, loadDataSource, reloadDataIfNeeded, visibleBounds, bounds, window, focusSceneComponent
        case scrollManager, isRotating, visibleBoundsHelper, recomputePreferredAttributes
        case prefetchingAllowed, updatePrefetchedCells, updateBackgroundView, setBackgroundFrame, moveContentSubviewToBack
        case updateIndex, focusSystem, updateContentFocusContainerGuides, lockEnvironment, unlockEnvironment
        case suspendReloads, resumeReloads, resumeDidScrollNotifications, restoreOrAdjustContentOffset
        case clearRestorationAnchor, clearScrollingTarget, adjustContentOffsetIfNecessary, setContentSizeFromLayout
        case collectionViewContentRect, isTracking, isDragging, isDecelerating, contentSize, automaticAdjustmentFlag
        case contentOffset, setContentSize, updateFocusAfterLoadingVisibleCells, ensureFocusedViewIsNotHidden
        case removeAllViewsPreparingForDisplay, removeAllDequeuedViews, processViewSpecificInvalidations
        case beginReusableViewCreation, endReusableViewCreation, isHiddenForReuse
    }

    /// One `_UIVelocityIntegrator` sample (PF3): the visible origin and its time.
    @usableFromInline
    struct Sample {
        @usableFromInline var x: Double
        @usableFromInline var y: Double
        @usableFromInline var time: Double
    }

    /// C14 before validation: `[super layoutSubviews]` (unread: one send), the data source's weak load,
    /// `_reloadDataIfNeeded`, `_visibleBounds` and its sends (five named, about eight in all),
    /// `_recomputePreferredAttributesForInvalidatedElementsIfNeeded`.
    static let layoutSubviewsBeforeValidation: [Selector] = [
        .superLayoutSubviews, .loadDataSource, .reloadDataIfNeeded, .visibleBounds, .bounds, .window, .focusSceneComponent,
        .scrollManager, .isRotating, .visibleBoundsHelper, .visibleBoundsHelper, .recomputePreferredAttributes,
    ]
    /// C14 after the update: `_updateBackgroundView` and its three sends, `_updateIndex`, `_focusSystem`,
    /// `_updateContentFocusContainerGuides`.
    static let layoutSubviewsAfterUpdate: [Selector] = [
        .updateBackgroundView, .bounds, .setBackgroundFrame, .moveContentSubviewToBack, .updateIndex, .focusSystem,
        .updateContentFocusContainerGuides,
    ]
    /// C15–C17 at the start of `_updateVisibleCellsNow:` (the `_estimatesSizes` question is the layout's call).
    static let cellUpdateBegin: [Selector] = [
        .focusSystem, .lockEnvironment, .suspendReloads, .restoreOrAdjustContentOffset, .clearRestorationAnchor,
        .clearScrollingTarget,
    ]
    /// C17: `_setContentSizeFromLayout:isRecursivelyUpdatingVisibleCells:` (the content size is the layout's call).
    static let cellUpdateContentSize: [Selector] = [
        .setContentSizeFromLayout, .collectionViewContentRect, .isTracking, .isDragging, .isDecelerating, .contentSize,
        .automaticAdjustmentFlag, .automaticAdjustmentFlag, .contentOffset, .setContentSize,
    ]
    /// C15–C18 at the end of `_updateVisibleCellsNow:`.
    static let cellUpdateEnd: [Selector] = [
        .restoreOrAdjustContentOffset, .clearRestorationAnchor, .clearScrollingTarget, .updateFocusAfterLoadingVisibleCells,
        .ensureFocusedViewIsNotHidden, .unlockEnvironment, .removeAllViewsPreparingForDisplay, .removeAllDequeuedViews,
        .processViewSpecificInvalidations, .resumeReloads, .resumeDidScrollNotifications,
    ]

    /// `_UIVelocityIntegrator`'s sample limit.
    static let maximumSamples = 20

    /// What the sends leave: a word each send folds its selector into (the send's own work, kept observable).
    @exclusivity(unchecked) @usableFromInline var word: UInt64 = 0
    /// The autorelease pool's stack of sentinels (`objc_autoreleasePoolPush` pushes one, `Pop` drops to it).
    @exclusivity(unchecked) @usableFromInline var poolStack: [Int] = []
    /// C15, C16: the focus lock's depth, `_suspendReloads`' counter and its pending reload, `_didScrollNotificationSuspensionCount` and the saved offset.
    @exclusivity(unchecked) @usableFromInline var focusLocks = 0
    @exclusivity(unchecked) @usableFromInline var reloadSuspensions = 0
    @exclusivity(unchecked) @usableFromInline var reloadPending = false
    @exclusivity(unchecked) @usableFromInline var didScrollSuspensions = 0
    @exclusivity(unchecked) @usableFromInline var savedContentOffset = LayoutPoint.zero
    /// C18: `_viewsPreparingForDisplay` and the subview manager's dequeued views (`NSHashTable`s).
    @exclusivity(unchecked) @usableFromInline var viewsPreparingForDisplay: Set<ObjectIdentifier> = []
    @exclusivity(unchecked) @usableFromInline var dequeuedViews: Set<ObjectIdentifier> = []
    /// C14: the frame `_updateBackgroundView` gives the background view (nil in UIKit for every pipeline: the send goes
    /// to nil).
    @exclusivity(unchecked) @usableFromInline var backgroundViewFrame = LayoutRect.null
    /// PF3: the velocity integrator's samples, and the layout passes so far (its clock).
    @exclusivity(unchecked) @usableFromInline var samples: [Sample] = []
    @exclusivity(unchecked) @usableFromInline var passClock = 0

    init() {
        poolStack.reserveCapacity(4)
        samples.reserveCapacity(Self.maximumSamples)
        viewsPreparingForDisplay.reserveCapacity(8)
        dequeuedViews.reserveCapacity(8)
    }

    /// One message send whose body is a flag test or a field read.
    @inline(never)
    func send(_ selector: Selector) {
        word = (word ^ UInt64(selector.rawValue)) &* 0x0000_0100_0000_01B3
    }

    /// The sends of `selectors`, one call each; returns how many.
    @inline(__always)
    func send(_ selectors: [Selector]) -> Int {
        for selector in selectors { send(selector) }
        return selectors.count
    }

    /// `objc_autoreleasePoolPush`: a sentinel pushed, its depth returned.
    @inline(never)
    func push() -> Int {
        poolStack.append(poolStack.count)
        return poolStack.count - 1
    }

    /// `objc_autoreleasePoolPop`: back to the sentinel (nothing autoreleased in between is modelled).
    @inline(never)
    func pop(to token: Int) {
        poolStack.removeSubrange(token...)
    }
}
