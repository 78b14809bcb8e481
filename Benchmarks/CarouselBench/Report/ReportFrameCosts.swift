import BenchKit
import BenchReport
import CarouselLayout

/// Every implementation's core and UIKit view over the standard trajectory at one catalog size, frame by frame,
/// profiled when the report is made (a results file holds each row's worst frame, not all its frames), as the
/// run profiles its rows. For the per-frame charts and the events of the costliest frames.
struct ReportFrameCosts {
    struct Profile {
        let id: BenchmarkID
        let profile: FrameProfile
        let events: [FrameEvent]

        /// The events of the frames within 25% of the worst, by count (most first): what makes the worst frames,
        /// where the single worst one could be either of two events that cost the same.
        var costliestEvents: [(event: FrameEvent, frames: Int)] {
            guard let worst = profile.worst else { return [] }
            var counts: [FrameEvent: Int] = [:]
            for (cost, event) in zip(profile.costs, events) where cost >= 0.75 * worst { counts[event, default: 0] += 1 }
            return counts.sorted { ($0.value, $1.key.rawValue) > ($1.value, $0.key.rawValue) }.map { ($0.key, $0.value) }
        }
    }

    struct Entry {
        let implementation: Implementation
        let core: Profile?
        let uikit: Profile?
    }

    let size: Int
    let entries: [Entry]

    /// The gestures' events a chart marks (a new item comes on screen every few frames: not marked).
    static let marked: Set<FrameEvent> = [.release, .rotation, .wrapJump, .endOfFlick]

    /// Profiles every implementation at `size` in `configuration` (about 0.1 s of plays per pipeline, at least 3).
    /// - Complexity: 2 to 7 plays of the trajectory per pipeline (`FrameProfiler`).
    static func compute(_ configuration: SuiteConfiguration, size: Int) -> ReportFrameCosts {
        let script = PipelineInputs.script
        let entries = CarouselBench.implementations.map { implementation in
            let core = implementation.core.flatMap { type -> Profile? in
                guard type.catalogLimit.map({ size <= $0.largest }) ?? true else { return nil }
                let (profile, events) = FrameCosts.core(type, catalog: size, configuration: configuration, script: script,
                                                        budgetSeconds: 0.1)
                return Profile(id: SuiteRow.pipeline(implementation).id, profile: profile, events: events)
            }
            let uikit = implementation.uikit.flatMap { type -> Profile? in
                guard type.catalogLimit.map({ size <= $0.largest }) ?? true else { return nil }
                let (profile, events) = FrameCosts.uikit(type, catalog: size, configuration: configuration, script: script,
                                                         budgetSeconds: 0.1)
                return Profile(id: SuiteRow.uikit(implementation).id, profile: profile, events: events)
            }
            return Entry(implementation: implementation, core: core, uikit: uikit)
        }
        return ReportFrameCosts(size: size, entries: entries)
    }

    /// One chart per implementation: its core and UIKit view frame by frame, the gestures' events marked.
    func charts(frameNanoseconds: Double, hz: Double) -> [ReportChart] {
        entries.compactMap { entry in
            let profiles = [entry.core, entry.uikit].compactMap { $0 }
            guard let marking = profiles.first else { return nil }
            let name = marking.id.strategy
            let marks = marking.events.enumerated().compactMap { frame, event in
                Self.marked.contains(event) ? FrameMark(frame: frame, kind: event.rawValue) : nil
            }
            let chart = FrameCostChart(
                title: "\(name): cost of each frame at n = \(ReportText.count(size)) (\(ReportNumber.text(hz)) Hz trajectory)",
                series: profiles.map { profile in
                    ChartSeries(name: profile.id.description, points: profile.profile.costs.enumerated().map {
                        ChartPoint(x: Double($0.offset), y: $0.element)
                    })
                },
                marks: marks,
                referenceLine: ReferenceLine(value: frameNanoseconds / 10,
                                             label: "10% of a \(ReportNumber.text(hz)) Hz frame (\(ReportFormat.nanoseconds(frameNanoseconds / 10)))"))
            return ReportChart(fileName: "frames-\(name).svg", caption: "\(name): cost per frame at n = \(ReportText.count(size))",
                               svg: chart.render())
        }
    }

    /// The profile of the row `id`, if profiled.
    func profile(_ id: BenchmarkID) -> Profile? {
        entries.lazy.flatMap { [$0.core, $0.uikit].compactMap { $0 } }.first { $0.id == id }
    }
}
