// What `CollectionViewPagingLayout` uses from UIKit, Foundation and Dispatch that the model does not have, each
// standing in for its UIKit behaviour as far as the layout can see it, and no further: key-value observing, the main
// queue, `performBatchUpdates`, `safeAreaInsets`, `isUserInteractionEnabled`, `layer.zPosition`, `subviews`. All of it
// is this package's, not the model's: an answer here that differs from iOS changes this port's rows only.
import CarouselLayout
import UIKitNames

// MARK: Key-value observing (`observe(_:options:changeHandler:)`, lines 87, 91, 287-297, 334-338)

/// `NSKeyValueObservingOptions`.
public struct NSKeyValueObservingOptions: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let new = NSKeyValueObservingOptions(rawValue: 1)
    public static let old = NSKeyValueObservingOptions(rawValue: 2)
    public static let initial = NSKeyValueObservingOptions(rawValue: 4)
    public static let prior = NSKeyValueObservingOptions(rawValue: 8)
}

/// `NSKeyValueObservedChange`: the layout's handlers read none of its fields.
public struct NSKeyValueObservedChange<Value> {}

/// `NSKeyValueObservation`: observing stops when it is released (or invalidated), as Foundation's does.
public final class NSKeyValueObservation {
    fileprivate var notify: (() -> Void)?
    public func invalidate() { notify = nil }
}

/// The two key paths the layout observes on its collection view.
public enum ObservedCollectionViewKey: Sendable { case bounds, contentOffset }

/// Who notifies the observers: the app's delegate object, which the model calls on every content-offset change
/// (`scrollViewDidScroll`), and the scene, which calls it after a size change (the model's `setFrameWidth` calls no
/// delegate). On iOS, KVO fires inside the setters themselves, so the same changes are observed; the `.prior`
/// notification (before a change) is not sent: the layout's bounds handler returns at once for it (the size it
/// sees is still `lastBounds`'s).
public final class KeyValueObservers {
    private var bounds: [Weak] = []
    private var contentOffset: [Weak] = []

    public init() {}

    func add(_ observation: NSKeyValueObservation, for key: ObservedCollectionViewKey) {
        switch key {
        case .bounds: bounds.append(Weak(observation))
        case .contentOffset: contentOffset.append(Weak(observation))
        }
    }

    /// Calls every live observer of `key` (a handler may release its own observation or add another).
    public func didChange(_ key: ObservedCollectionViewKey) {
        let list = key == .bounds ? bounds : contentOffset
        guard !list.isEmpty else { return }
        var anyReleased = false
        for entry in list {
            guard let notify = entry.observation?.notify else { anyReleased = true; continue }
            notify()
        }
        if anyReleased {
            bounds.removeAll { $0.observation?.notify == nil }
            contentOffset.removeAll { $0.observation?.notify == nil }
        }
    }

    private struct Weak {
        weak var observation: NSKeyValueObservation?
        init(_ observation: NSKeyValueObservation) { self.observation = observation }
    }
}

/// The object that notifies a collection view's observers (the app's delegate, `PagingLayoutBench.swift`).
public protocol KeyValueObservingHost: AnyObject {
    var observers: KeyValueObservers { get }
}

extension CollectionView {
    /// `observe(_:options:changeHandler:)` for `bounds` and `contentOffset`; `.initial` calls the handler at once.
    public func observe<Value>(_ keyPath: KeyPath<CollectionView, Value>, options: NSKeyValueObservingOptions = [],
                               changeHandler: @escaping (CollectionView, NSKeyValueObservedChange<Value>) -> Void)
        -> NSKeyValueObservation {
        let observation = NSKeyValueObservation()
        observation.notify = { [weak self] in
            guard let self else { return }
            changeHandler(self, NSKeyValueObservedChange())
        }
        let key: ObservedCollectionViewKey = keyPath == \CollectionView.bounds ? .bounds : .contentOffset
        precondition(key == .bounds || keyPath == \CollectionView.contentOffset, "only bounds and contentOffset are observed")
        (delegate as? KeyValueObservingHost)?.observers.add(observation, for: key)
        if options.contains(.initial) { observation.notify?() }
        return observation
    }
}

// MARK: The main queue (`DispatchQueue.main.async`, lines 125, 290)

/// `DispatchQueue.main`: a block waits for the scene to run the main queue, which it does where iOS's main run
/// loop would, after the event that queued it and before the frame's commit (`PagingLayoutScene.runMainQueue`).
public struct DispatchQueue: Sendable {
    public static let main = DispatchQueue()

    public func async(execute work: @escaping () -> Void) {
        MainQueue.pending.append(work)
    }
}

/// The blocks queued on the main queue, run in order by `runAll` (single-threaded: the suite plays one scene at a time).
public enum MainQueue {
    nonisolated(unsafe) static var pending: [() -> Void] = []

    /// Runs every queued block, and the blocks they queue; returns whether any ran.
    @discardableResult
    public static func runAll() -> Bool {
        guard !pending.isEmpty else { return false }
        while !pending.isEmpty {
            let blocks = pending
            pending.removeAll()
            for block in blocks { block() }
        }
        return true
    }
}

// MARK: UIScrollView and UICollectionView members the model lacks

extension CollectionView {
    /// `performBatchUpdates(_:completion:)` (line 134): the updates, then the layout pass that applies them; the
    /// animation is not modelled (an animated change is applied at once, `Docs/PORTING.md`, section 9).
    public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        updates?()
        layoutIfNeeded()
        completion?(true)
    }

    /// `safeAreaInsets` (lines 254-255): none (assumed, as `contentInset` in `UIKitNames`).
    public var safeAreaInsets: UIEdgeInsets { UIEdgeInsets() }

    /// `isUserInteractionEnabled` (lines 269, 311-312, 320): touches are not modelled; always true.
    public var isUserInteractionEnabled: Bool {
        get { true }
        set {}
    }
}

/// `CALayer`, for `zPosition` (line 207): the model holds no layers, so a set is dropped (it orders drawing only).
public struct CALayerStandIn {
    public var zPosition: CGFloat = 0
}

extension View {
    /// `layer` (line 207): see `CALayerStandIn`.
    public var layer: CALayerStandIn {
        get { CALayerStandIn() }
        set {}
    }

    /// `subviews` (`TransformableView.swift` line 51, `ScaleTransformView.swift` line 42): the model's views have none.
    public var subviews: [View] { [] }
}
