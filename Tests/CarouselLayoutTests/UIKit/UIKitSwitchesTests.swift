import CarouselLayout
import Testing

@Suite struct UIKitSwitchesTests {
    @Test func everySwitchIsDescribedWithItsEvidenceAndItsDefaultFirst() {
        let names = UIKitSwitches.descriptors.map(\.name)
        #expect(names == ["flowQuery", "cachesAfterMutation", "answerCaching", "indexPath", "hitTest", "itemInvalidation",
                          "orthogonalScroll", "contentTargets", "cellQueryValidation", "prefetch", "didScrollOrder",
                          "contentAdjustment", "flickRate", "prefetchRecheck", "layoutSubviewsWork", "cellUpdateWork",
                          "rotationOffset", "snapshotDiff"])
        for descriptor in UIKitSwitches.descriptors {
            #expect(descriptor.values.count >= 2, "\(descriptor.name)")
            #expect(descriptor.values.first == descriptor.defaultValue, "\(descriptor.name)")
            #expect(UIKitSwitches.default.value(of: descriptor.name) == descriptor.defaultValue)
            #expect(!descriptor.evidence.isEmpty && !descriptor.summary.isEmpty)
        }
        #expect(UIKitSwitches.default.description == "flowQuery=arithmetic,cachesAfterMutation=discarded,answerCaching=on,"
            + "indexPath=tagged,hitTest=map,itemInvalidation=items,orthogonalScroll=offsetOnly,contentTargets=clamped,"
            + "cellQueryValidation=yes,prefetch=on,didScrollOrder=beforeInvalidate,contentAdjustment=atInvalidation,"
            + "flickRate=app,prefetchRecheck=on,layoutSubviewsWork=on,cellUpdateWork=on,rotationOffset=off,snapshotDiff=myers")
        // C10 (high) settled the hit test: the map is the default; PF1's prefetching is on, as iOS ships it.
        #expect(UIKitSwitches.default.hitTest == .map && UIKitSwitches.default.prefetch == .on)
        #expect(UIKitSwitches.default.changes.isEmpty)
    }

    @Test func anAssignmentSetsItsSwitchOnly() throws {
        var switches = UIKitSwitches.default
        try switches.set("answerCaching=off")
        #expect(switches.answerCaching == .off)
        #expect(switches.changes == ["answerCaching=off"])
        let parsed = try UIKitSwitches.parse(["flowQuery=scan", "cachesAfterMutation=kept", "flowQuery=arithmetic"])
        #expect(parsed.flowQuery == .arithmetic && parsed.cachesAfterMutation == .kept)
        #expect(parsed.value(of: "cachesAfterMutation") == "kept")
        #expect(parsed.value(of: "noSuchSwitch") == nil)
    }

    @Test func aBadAssignmentIsAOneLineError() {
        func message(_ assignment: String) -> String? {
            var switches = UIKitSwitches.default
            do {
                try switches.set(assignment)
                return nil
            } catch {
                return error.message
            }
        }
        #expect(message("noSuchSwitch=on") == "unknown UIKit switch 'noSuchSwitch' (known: flowQuery, cachesAfterMutation, "
            + "answerCaching, indexPath, hitTest, itemInvalidation, orthogonalScroll, contentTargets, cellQueryValidation, "
            + "prefetch, didScrollOrder, contentAdjustment, flickRate, prefetchRecheck, layoutSubviewsWork, cellUpdateWork, rotationOffset, "
            + "snapshotDiff)")
        #expect(message("answerCaching=maybe") == "bad value 'maybe' for UIKit switch answerCaching (allowed: on, off)")
        #expect(message("answerCaching") == "expected NAME=VALUE for a UIKit switch, got 'answerCaching'")
        #expect(message("=on") == "expected NAME=VALUE for a UIKit switch, got '=on'")
        for text in ["noSuchSwitch=on", "answerCaching=maybe", "answerCaching"] {
            #expect(message(text)?.contains("\n") == false)
        }
    }

    @Test func allCombinationsAreEveryValueOfEveryReadingOnceDefaultFirst() {
        let combinations = UIKitSwitches.allCombinations
        let readings = UIKitSwitches.descriptors.filter(\.isReading)
        let expected = readings.reduce(1) { $0 * $1.values.count }
        #expect(combinations.count == expected)
        #expect(expected == 8_192)
        #expect(Set(combinations).count == combinations.count)
        #expect(combinations.first == .default)
        for descriptor in readings {
            #expect(Set(combinations.compactMap { $0.value(of: descriptor.name) }) == Set(descriptor.values))
        }
    }

    /// The switches that leave out work the model pays for UIKit, C21's re-adjustment and D2's diff are flipped alone,
    /// never varied by the matrix.
    @Test func theSwitchesFlippedAloneStayAtTheirDefaultsInEveryCombination() {
        let weights = UIKitSwitches.descriptors.filter { !$0.isReading }
        #expect(weights.map(\.name) == ["prefetchRecheck", "layoutSubviewsWork", "cellUpdateWork", "rotationOffset", "snapshotDiff"])
        let combinations = UIKitSwitches.combinations(of: UIKitSwitches.descriptors.map(\.name))
        for descriptor in weights {
            #expect(Set(combinations.compactMap { $0.value(of: descriptor.name) }) == [descriptor.defaultValue])
        }
        var off = UIKitSwitches.default
        try? off.set("cellUpdateWork=off")
        #expect(off.cellUpdateWork == .off)
    }
}
