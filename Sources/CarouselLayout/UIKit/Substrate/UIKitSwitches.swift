/// Every behaviour of the UIKit model that the evidence (Docs/UIKIT-MODEL.md, "Switches") does not settle "high", or
/// that the model needs and no source shows ("assumed"), as a named switch: never a silent choice. The per-frame work
/// the model pays for UIKit itself (PF2, C14–C18) has a switch too, whose `off` leaves it out so its weight shows.
///
///     var switches = UIKitSwitches.default
///     try switches.set("answerCaching=off")            // what `run --uikit answerCaching=off` passes
///     UIKitSwitches.descriptors.map(\.name)            // what `list --uikit` prints
///     UIKitSwitches.allCombinations.count              // 8 192: the report ranks pipelines under each reading
///
/// The defaults are the evidence's best reading; each descriptor says where it comes from.
public struct UIKitSwitches: Sendable, Hashable, CustomStringConvertible {
    /// F1: how a fixed-size flow section finds the items in a rect.
    public enum FlowQuery: String, CaseIterable, Sendable {
        /// First and last line by floor division, then the visible items only (F1, high).
        case arithmetic
        /// Every line object tested, as for delegate sizes (F2's scan), even when the sizes are fixed.
        case scan
    }

    /// F5: the flow layout's caches after a subclass changed a cached attributes object without copying it.
    public enum CachesAfterMutation: String, CaseIterable, Sendable {
        /// Both caches set to nil and never re-created: every later look-up allocates a fresh object and
        /// an `NSValue` (what `-_existingLayoutAttributesForItemAtIndexPath:` shows; "stays" is medium).
        case discarded
        /// The caches survive: every later look-up of a changed object mismatches again and returns a copy.
        case kept
    }

    /// C1: the collection view's validated-rect caching of the layout's answers.
    public enum AnswerCaching: String, CaseIterable, Sendable {
        /// `-_validateLayoutInRect:`: ask only when the visible bounds leave the validated rect (C1, high).
        case on
        /// Ask the layout for exactly the visible bounds on every layout pass (the textbook model).
        case off
    }

    /// F3: whether an index path for a small index costs a heap allocation.
    public enum IndexPathStorage: String, CaseIterable, Sendable {
        /// A tagged pointer: no allocation (F3, medium).
        case tagged
        /// An `NSIndexPath` object per index path the layout builds.
        case heap
    }

    /// How `indexPathForItem(at:)` finds the item under a point (seed 003 asks twice per frame).
    public enum HitTest: String, CaseIterable, Sendable {
        /// The collection view's data answers: the cells of its validated map and item cache meeting a 1x1 rect at
        /// the point, the first with the strictly highest zIndex (C10, high: `-[UICollectionView
        /// _indexPathForItemAtPoint:]` calls `-[UICollectionViewData layoutAttributesForCellsInRect:validateLayout:]`;
        /// the layout is never asked there).
        case map
        /// The layout is asked for a 1x1 rect at the point, the last hit wins (PSTCollectionView's
        /// `indexPathForItemAtPoint:`, 2012: what the model did before the decompile was read).
        case layout
    }

    /// The `validateLayout:` flag UIKit passes to `-[UICollectionViewData layoutAttributesForCellsInRect:validateLayout:]`
    /// from the hit test (C10) and the prefetch candidates (PF1): the decompile prints no BOOL at any call site
    /// (C24: the method is direct, its first BOOL travels in the register a normal method's `_cmd` takes, which the
    /// decompiler drops). Undecided; one switch for both callers (that they pass the same value is assumed).
    public enum CellQueryValidation: String, CaseIterable, Sendable {
        /// The rect is validated first (C1: the layout asked when it leaves the validated rect): the natural reading
        /// of `-[UICollectionViewData layoutAttributesForElementsInRect:]`'s forward `(1, 1, rect)`.
        case yes
        /// Only what is already validated answers (the literal reading of the wrapper's forward).
        case no
    }

    /// PF1: cell prefetching in the update cycle's idle time (`-_updateCycleIdleUntil:`, `-_updatePrefetchedCells:`).
    public enum Prefetch: String, CaseIterable, Sendable {
        /// On, as iOS ships it: `isPrefetchingEnabled` defaults to true (Apple's documentation;
        /// `UICollectionViewCommonSetup` sets the bit from `-_prefetchingEnabledDefault`, whose body is unread: medium).
        case on
        /// `isPrefetchingEnabled = false`.
        case off
    }

    /// C7: where `scrollViewDidScroll` runs in `-[UICollectionView setBounds:]`, which asks the layout
    /// (`shouldInvalidateLayoutForBoundsChange:`, its context) with the old bounds, calls `[super setBounds:]`,
    /// then invalidates with the context. Whether `UIScrollView`'s `setBounds:` notifies the delegate inside
    /// that call is unread (`UIScrollView.mm`): assumed.
    public enum DidScrollOrder: String, CaseIterable, Sendable {
        /// Inside `[super setBounds:]`: the delegate runs before the layout's `invalidateLayoutWithContext:`.
        case beforeInvalidate
        /// After `setBounds:` returns: the delegate runs after the invalidation.
        case afterInvalidate
    }

    /// A bounds-change invalidation context that names items (`invalidateItems(at:)`) instead of everything.
    public enum ItemInvalidation: String, CaseIterable, Sendable {
        /// Only the named items are fetched again with `layoutAttributesForItem(at:)`
        /// (`-[UICollectionViewData invalidateItemsAtIndexPaths:]` and `validateItems`; the wiring from
        /// `invalidateLayoutWithContext:` is unread: medium).
        case items
        /// The collection view drops all its attributes as for any invalidation (`-invalidate:`).
        case everything
    }

    /// K2: what an orthogonal section's scroll costs besides the handler.
    public enum OrthogonalScroll: String, CaseIterable, Sendable {
        /// The solver stores the offset and calls the handler; nothing is re-solved (K2: one unread hop, medium).
        case offsetOnly
        /// The offset change also invalidates the layout, as a main-axis scroll does (K1).
        case invalidate
    }

    /// Where an offset UIKit computes for the content lands: a release's resting target, `scrollToItem`'s offset.
    public enum ContentTargets: String, CaseIterable, Sendable {
        /// Kept inside the content (assumed: `UIScrollView` comes to rest inside its content; the scroll itself
        /// stops at the edge either way, so only the reported target differs).
        case clamped
        /// As the layout or the delegate returned it.
        case unclamped
    }

    /// C26: when a context's `contentOffsetAdjustment` and `contentSizeAdjustment` reach the collection view (the
    /// body of `-[UICollectionView _invalidateLayoutWithContext:]` is unread: assumed). No built-in layout sets one.
    public enum ContentAdjustment: String, CaseIterable, Sendable {
        /// As the invalidation arrives, before the data is dropped (the documented "changing the value causes the
        /// collection view to add ..." read as immediate).
        case atInvalidation
        /// At the start of the next layout pass, before the layout is prepared.
        case nextLayoutPass
    }

    /// C30: what decides the deceleration of the trajectory's flicks for a pipeline whose app set
    /// `decelerationRate` (documented: medium). No built-in pipeline sets one.
    public enum FlickRate: String, CaseIterable, Sendable {
        /// The rate the app set on its collection view, for every flick (the script's own rates while it set none).
        case app
        /// The script's own rates always, the app's setting ignored.
        case script
    }

    /// PF2: the idle callback's re-check of the cached prefetched cells before it prefetches more
    /// (`-_updateCycleIdleUntil:`, `-_updatePrefetchItemIfNeeded:forIndexPath:withLayoutAttributes:willDisplay:`).
    public enum PrefetchRecheck: String, CaseIterable, Sendable {
        /// Every cached item walked per idle callback; one flagged by a pass that re-applied attributes is asked of
        /// the data again and its attributes given to the hidden cell (PF2, high).
        case on
        /// Left out: the cached cells are not walked (to see the re-check's weight).
        case off
    }

    /// C14 and PF3: `-[UICollectionView layoutSubviews]`' own work on every pass.
    public enum LayoutSubviewsWork: String, CaseIterable, Sendable {
        /// Its message sends, the autorelease pool and the prefetch velocity sample around a visible-cell update,
        /// and the prefetch cache's prune (C14, high; the unread callees' bodies: assumed a message send each).
        case on
        /// Left out (to see its weight).
        case off
    }

    /// C15–C18: the rest of `-[UICollectionView _updateVisibleCellsNow:]`.
    public enum CellUpdateWork: String, CaseIterable, Sendable {
        /// The focus lock and unlock (C15), the suspension and resumption of reloads and did-scroll notifications
        /// (C16), the content-offset adjustment's and content size's questions to the layout (C17), the emptying of
        /// the views preparing for display (C18) (high; the focus system's and `UIScrollView`'s bodies: assumed).
        case on
        /// Left out (to see its weight).
        case off
    }

    /// C21: what `-[UICollectionView setFrame:]` does to the content offset after a size change its layout
    /// invalidates for. The call and its rule are read; which of the method's unnamed operands is which (medium) and
    /// where an app's own rotation handling runs against `setFrame:` (assumed: after it) decide what it does to a
    /// carousel, so it stays a switch.
    public enum RotationOffset: String, CaseIterable, Sendable {
        /// The offset stays where it was; each pipeline's own rotation handling alone places it.
        case off
        /// `-_contentOffsetForNewFrame:oldFrame:newContentSize:andOldContentSize:`: the layout prepared inside
        /// `setFrame:` (`collectionViewContentRect`), then the viewport's centre kept at the same fraction of the
        /// content, rounded to a whole point and kept inside the content, set through `setContentOffset:`.
        case proportional
    }

    /// D2: the order of the diff a diffable data source's `apply` runs. UIKit hands the identifiers to Foundation's
    /// `-[NSOrderedSet differenceFromOrderedSet:withOptions:]` (`_UIIdentifierDiffer -_performFoundationDiffWithOptions:`),
    /// whose body is in Foundation, not in UIKitCore's decompile: its algorithm is assumed.
    public enum SnapshotDiff: String, CaseIterable, Sendable {
        /// Myers' difference, as Swift's `difference(from:).inferringMoves()` runs it: O((N + N′)·D) for D changes, so
        /// an insert or delete at the end costs O(N) and a reverse of N items, D = 2(N − 1), costs O(N²).
        case myers
        /// A hashed pass (Heckel's): each new identifier looked up in a dictionary of the old ones, O(N + N′) whatever
        /// the changes.
        case hashed
    }

    public var flowQuery: FlowQuery
    public var cachesAfterMutation: CachesAfterMutation
    public var answerCaching: AnswerCaching
    public var indexPath: IndexPathStorage
    public var hitTest: HitTest
    public var itemInvalidation: ItemInvalidation
    public var orthogonalScroll: OrthogonalScroll
    public var contentTargets: ContentTargets
    public var cellQueryValidation: CellQueryValidation
    public var prefetch: Prefetch
    public var didScrollOrder: DidScrollOrder
    public var contentAdjustment: ContentAdjustment
    public var flickRate: FlickRate
    public var prefetchRecheck: PrefetchRecheck
    public var layoutSubviewsWork: LayoutSubviewsWork
    public var cellUpdateWork: CellUpdateWork
    public var rotationOffset: RotationOffset
    public var snapshotDiff: SnapshotDiff

    public init(flowQuery: FlowQuery = .arithmetic, cachesAfterMutation: CachesAfterMutation = .discarded,
                answerCaching: AnswerCaching = .on, indexPath: IndexPathStorage = .tagged, hitTest: HitTest = .map,
                itemInvalidation: ItemInvalidation = .items, orthogonalScroll: OrthogonalScroll = .offsetOnly,
                contentTargets: ContentTargets = .clamped, cellQueryValidation: CellQueryValidation = .yes,
                prefetch: Prefetch = .on, didScrollOrder: DidScrollOrder = .beforeInvalidate,
                contentAdjustment: ContentAdjustment = .atInvalidation, flickRate: FlickRate = .app,
                prefetchRecheck: PrefetchRecheck = .on, layoutSubviewsWork: LayoutSubviewsWork = .on,
                cellUpdateWork: CellUpdateWork = .on, rotationOffset: RotationOffset = .off, snapshotDiff: SnapshotDiff = .myers) {
        self.flowQuery = flowQuery
        self.cachesAfterMutation = cachesAfterMutation
        self.answerCaching = answerCaching
        self.indexPath = indexPath
        self.hitTest = hitTest
        self.itemInvalidation = itemInvalidation
        self.orthogonalScroll = orthogonalScroll
        self.contentTargets = contentTargets
        self.cellQueryValidation = cellQueryValidation
        self.prefetch = prefetch
        self.didScrollOrder = didScrollOrder
        self.contentAdjustment = contentAdjustment
        self.flickRate = flickRate
        self.prefetchRecheck = prefetchRecheck
        self.layoutSubviewsWork = layoutSubviewsWork
        self.cellUpdateWork = cellUpdateWork
        self.rotationOffset = rotationOffset
        self.snapshotDiff = snapshotDiff
    }

    /// The evidence's best reading of every switch.
    public static let `default` = UIKitSwitches()

    /// One switch as `list --uikit` shows it.
    public struct Descriptor: Sendable {
        /// The `NAME` of `NAME=VALUE`.
        public let name: String
        /// The allowed values, the default first.
        public let values: [String]
        public let defaultValue: String
        /// The fact id of Docs/UIKIT-MODEL.md (with its sureness) or "assumed", and the selector or source.
        public let evidence: String
        /// What the switch decides, in one line.
        public let summary: String
        /// Whether the matrix varies it: a reading the evidence leaves open. A switch that leaves out work the model
        /// pays for UIKit (PF2, C14-C18) is not varied: it is flipped alone, to show that work's weight; so is C21's
        /// re-adjustment, whose effect is where a rotation rests rather than what a frame costs, and D2's diff, which only
        /// a catalogue update runs.
        public let isReading: Bool
        let read: @Sendable (UIKitSwitches) -> String
        let write: @Sendable (inout UIKitSwitches, String) -> Bool
    }

    /// Every switch, in a fixed order.
    public static let descriptors: [Descriptor] = [
        descriptor("flowQuery", \.flowQuery, evidence: "F1 (high): -_layoutAttributesForItemsInRect: floor divisions",
                   summary: "fixed-size flow query: arithmetic first/last line, or a scan of every line"),
        descriptor("cachesAfterMutation", \.cachesAfterMutation,
                   evidence: "F5 (medium that they stay nil): -_existingLayoutAttributesForItemAtIndexPath:",
                   summary: "flow caches after a subclass mutates a cached attributes object without copying it"),
        descriptor("answerCaching", \.answerCaching, evidence: "C1 (high): -[_UICollectionViewDataAttributesMap _validateLayoutInRect:]",
                   summary: "the collection view asks the layout only when its visible bounds leave the validated rect"),
        descriptor("indexPath", \.indexPath, evidence: "F3 (tagged pointer: medium)",
                   summary: "an index path for a small index: tagged pointer or heap object"),
        descriptor("hitTest", \.hitTest,
                   evidence: "C10 (high): -[UICollectionView _indexPathForItemAtPoint:] asks the data, not the layout",
                   summary: "indexPathForItem(at:): the collection view's validated cells at a 1x1 rect, or a 1x1 layout query (PSTCollectionView)"),
        descriptor("itemInvalidation", \.itemInvalidation,
                   evidence: "medium: -[UICollectionViewData invalidateItemsAtIndexPaths:], -validateItems",
                   summary: "a context naming items refetches those items, or drops everything like any invalidation"),
        descriptor("orthogonalScroll", \.orthogonalScroll,
                   evidence: "K2 (one unread hop: medium): _UICollectionViewOrthogonalScrollView _notifyDidScroll",
                   summary: "an orthogonal section's scroll only calls the handler, or also invalidates the layout"),
        descriptor("contentTargets", \.contentTargets,
                   evidence: "assumed: UIScrollView rests inside its content (the scroll stops at the edge either way)",
                   summary: "a release's target and scrollToItem's offset kept inside the content, or as computed"),
        descriptor("cellQueryValidation", \.cellQueryValidation,
                   evidence: "C24, undecided: -[UICollectionViewData layoutAttributesForCellsInRect:validateLayout:]'s BOOL is printed at no call site",
                   summary: "the hit test's and the prefetch candidates' cell query validates its rect first (C1), or reads what is validated"),
        descriptor("prefetch", \.prefetch,
                   evidence: "PF1 (medium: documented default, -_prefetchingEnabledDefault unread): -_updatePrefetchedCells:",
                   summary: "cell prefetching while the view moves: a 0.75-screen strip ahead, one cell prepared per frame"),
        descriptor("didScrollOrder", \.didScrollOrder,
                   evidence: "assumed: -[UICollectionView setBounds:] invalidates after [super setBounds:]; UIScrollView.mm unread",
                   summary: "scrollViewDidScroll runs before the bounds change's invalidation, or after it"),
        descriptor("contentAdjustment", \.contentAdjustment,
                   evidence: "C26 (documented: medium; when it applies: assumed): -[UICollectionViewLayoutInvalidationContext contentOffsetAdjustment]",
                   summary: "a context's content offset and size adjustments applied as the invalidation arrives, or at the next layout pass"),
        descriptor("flickRate", \.flickRate,
                   evidence: "C30 (documented: medium): UIScrollView.decelerationRate",
                   summary: "a rate the app set on its collection view decides every flick, or the script's own rates always"),
        descriptor("prefetchRecheck", \.prefetchRecheck, isReading: false,
                   evidence: "PF2 (high): -_updateCycleIdleUntil: walks _prefetchCacheItems with -_updatePrefetchItemIfNeeded:forIndexPath:withLayoutAttributes:willDisplay:",
                   summary: "each idle callback re-checks the cached prefetched cells (a flagged one re-fetched and re-applied), or not"),
        descriptor("layoutSubviewsWork", \.layoutSubviewsWork, isReading: false,
                   evidence: "C14, PF3 (high; unread callee bodies: assumed): -[UICollectionView layoutSubviews]",
                   summary: "layoutSubviews' own sends, autorelease pool, velocity sample and prefetch prune per pass, or left out"),
        descriptor("cellUpdateWork", \.cellUpdateWork, isReading: false,
                   evidence: "C15-C18 (high; focus and UIScrollView bodies: assumed): -[UICollectionView _updateVisibleCellsNow:]",
                   summary: "_updateVisibleCellsNow:'s focus lock, notification suspension, offset adjustment and display-set emptying, or left out"),
        descriptor("rotationOffset", \.rotationOffset, isReading: false,
                   evidence: "C21 (the call and rule: high; its operands: medium; the app's handler after it: assumed): -[UICollectionView setFrame:], -_contentOffsetForNewFrame:oldFrame:newContentSize:andOldContentSize:",
                   summary: "after a width change the layout invalidates for: the offset left to the pipeline, or UIKit's re-adjustment (the viewport's centre kept at its fraction of the content)"),
        descriptor("snapshotDiff", \.snapshotDiff, isReading: false,
                   evidence: "D2 (the call: high; Foundation's algorithm: assumed): -[NSOrderedSet differenceFromOrderedSet:withOptions:]",
                   summary: "a diffable data source's apply diffs its identifiers by Myers' O((N + N')·D), or by a hashed O(N + N') pass"),
    ]

    private static func descriptor<Value: RawRepresentable & CaseIterable & Sendable>(
        _ name: String, _ keyPath: WritableKeyPath<UIKitSwitches, Value> & Sendable, isReading: Bool = true,
        evidence: String, summary: String
    ) -> Descriptor where Value.RawValue == String {
        let values = Value.allCases.map(\.rawValue)
        return Descriptor(name: name, values: values, defaultValue: UIKitSwitches.default[keyPath: keyPath].rawValue,
                          evidence: evidence, summary: summary, isReading: isReading,
                          read: { $0[keyPath: keyPath].rawValue },
                          write: { switches, text in
                              guard let value = Value(rawValue: text) else { return false }
                              switches[keyPath: keyPath] = value
                              return true
                          })
    }

    /// The value of switch `name` as text, or nil for an unknown name.
    public func value(of name: String) -> String? {
        Self.descriptors.first { $0.name == name }?.read(self)
    }

    /// Applies one `NAME=VALUE` assignment (the CLI's `--uikit NAME=VALUE`).
    ///
    /// - Throws: `UIKitSwitchError` with a one-line message for a malformed assignment, an unknown name or a
    ///   value the switch does not allow.
    public mutating func set(_ assignment: String) throws(UIKitSwitchError) {
        let parts = assignment.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty else {
            throw UIKitSwitchError(message: "expected NAME=VALUE for a UIKit switch, got '\(assignment)'")
        }
        let name = String(parts[0])
        let value = String(parts[1])
        guard let descriptor = Self.descriptors.first(where: { $0.name == name }) else {
            let known = Self.descriptors.map(\.name).joined(separator: ", ")
            throw UIKitSwitchError(message: "unknown UIKit switch '\(name)' (known: \(known))")
        }
        guard descriptor.write(&self, value) else {
            throw UIKitSwitchError(message: "bad value '\(value)' for UIKit switch \(name) (allowed: \(descriptor.values.joined(separator: ", ")))")
        }
    }

    /// The defaults with `assignments` applied in order.
    public static func parse<Assignments: Sequence<String>>(_ assignments: Assignments) throws(UIKitSwitchError) -> UIKitSwitches {
        var switches = UIKitSwitches.default
        for assignment in assignments { try switches.set(assignment) }
        return switches
    }

    /// Every combination of every reading's values (the default first), for a report that ranks pipelines under each.
    public static var allCombinations: [UIKitSwitches] { combinations(of: descriptors.map(\.name)) }

    /// Every combination of the values of the readings among `names` (the default first), the others at their
    /// defaults. A switch that is not a reading (`Descriptor.isReading`) stays at its default.
    public static func combinations(of names: [String]) -> [UIKitSwitches] {
        var combinations = [UIKitSwitches.default]
        for descriptor in descriptors where descriptor.isReading && names.contains(descriptor.name) {
            combinations = combinations.flatMap { base in
                descriptor.values.map { value in
                    var switches = base
                    _ = descriptor.write(&switches, value)
                    return switches
                }
            }
        }
        return combinations
    }

    /// `NAME=VALUE` for every switch, comma-separated, in the descriptors' order.
    public var description: String {
        Self.descriptors.map { "\($0.name)=\($0.read(self))" }.joined(separator: ",")
    }

    /// The switches that differ from the default, as `NAME=VALUE` (empty for the default).
    public var changes: [String] {
        Self.descriptors.compactMap { descriptor in
            let value = descriptor.read(self)
            return value == descriptor.defaultValue ? nil : "\(descriptor.name)=\(value)"
        }
    }
}

/// A malformed `--uikit` assignment, with a one-line message.
public struct UIKitSwitchError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}
