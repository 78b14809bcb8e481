/// The matrix rule: which switches a UIKit pipeline's work depends on, so that a run of every combination
/// (`run --uikit-matrix`) times each pipeline only under the combinations of its own live switches.
///
/// A switch is live for a pipeline when flipping it alone, from the defaults, changes anything the pipeline does over
/// the standard trajectory at one of the given catalog sizes: a count of the UIKit ledger (work, objects) or a frame's
/// output (offset, centre, visible items). A switch that changes neither cannot change its time, so the pipeline's
/// figure under any combination is its figure under that combination restricted to its live switches: every switch
/// doubles `UIKitSwitches.allCombinations`, yet `uikit.best` has a handful of live ones; `UIKitSwitches.combinations(of:)`
/// makes theirs.
///
/// What the rule may miss: a switch that is inert alone but not in combination with another non-default value (a
/// switch whose code path another switch opens: `cellQueryValidation` under `hitTest=layout` is inert for seed 003,
/// yet it is live under the default `hitTest=map`, so it is caught; one that is inert under every single flip and
/// live only under a pair would not be), and a switch whose effect shows only at sizes other than the ones checked.
public enum UIKitSwitchLiveness {
    /// The names of the switches that are live for `type` (in the descriptors' order).
    public static func liveSwitches<P: UIKitPipeline>(
        _ type: P.Type, catalogCounts: [Int], geometry: CarouselGeometry = .default,
        script: ScrollScript = PipelineVerification.standardScript(), hz: Double = 120
    ) -> [String] {
        var live: [String] = []
        var defaults: [Int: Fingerprint] = [:]
        for count in catalogCounts {
            defaults[count] = fingerprint(P.self, catalogCount: count, switches: .default, geometry: geometry, script: script, hz: hz)
        }
        for descriptor in UIKitSwitches.descriptors {
            let flips = descriptor.values.filter { $0 != descriptor.defaultValue }
            let isLive = flips.contains { value in
                var switches = UIKitSwitches.default
                _ = descriptor.write(&switches, value)
                return catalogCounts.contains { count in
                    fingerprint(P.self, catalogCount: count, switches: switches, geometry: geometry, script: script, hz: hz)
                        != defaults[count]
                }
            }
            if isLive { live.append(descriptor.name) }
        }
        return live
    }

    /// What a play did: every ledger count and a digest of every frame's output.
    struct Fingerprint: Equatable {
        var counters: [Int]
        var outputs: [Double]
    }

    static func fingerprint<P: UIKitPipeline>(_ type: P.Type, catalogCount: Int, switches: UIKitSwitches,
                                              geometry: CarouselGeometry, script: ScrollScript, hz: Double) -> Fingerprint {
        var pipeline = P(catalogCount: catalogCount, geometry: geometry, switches: switches)
        var simulator = ScrollSimulator(script: script, hz: hz)
        var output = FrameOutput()
        var outputs: [Double] = []
        while let frame = simulator.next(currentOffset: pipeline.offset, snap: PipelineSnapResolver(pipeline: pipeline)) {
            pipeline.apply(frame, into: &output)
            outputs.append(output.offset)
            outputs.append(Double(output.centerItem ?? -1))
            outputs.append(Double(output.visible.count))
            for item in output.visible { outputs.append(Double(item.item) + item.scale + item.alpha) }
        }
        return Fingerprint(counters: pipeline.ledger.counters.map(\.value), outputs: outputs)
    }
}
