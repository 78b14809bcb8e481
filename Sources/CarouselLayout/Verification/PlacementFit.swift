/// Where a pipeline's own frames put item `k`, for the one-line finding of a centre that disagrees with the declared
/// placement (Docs/ALGORITHMS.md, "Where item k sits").
///
/// The evidence is the end of each flick in the start width: the offset it came to rest on and the item the pipeline
/// reported centred there. A snap that centres its item rests on `origin + k·pitch`, so two rests on different items
/// give the pitch, and each rest then gives the origin. The median of each is taken, so a faithful snap that rests
/// off centre now and then does not move the fit.
enum PlacementFit {
    /// One flick's end: its resting offset and the item the pipeline reported centred there.
    struct Rest: Equatable {
        var offset: Double
        var item: Int
    }

    /// Appended to a centre failure while the play runs, replaced at its end by the placements (declared and fitted).
    static let marker = "\u{1}placement"

    /// The placement the rests fit: the median pitch over pairs of consecutive rests on different items (the declared
    /// pitch when every rest is on one item), then the median origin; nil without a rest.
    /// - Complexity: O(r log r) for r rests.
    static func fit(_ rests: [Rest], declared: ItemPlacement) -> ItemPlacement? {
        guard !rests.isEmpty else { return nil }
        var pitches: [Double] = []
        for (first, second) in zip(rests, rests.dropFirst()) where first.item != second.item {
            let pitch = (second.offset - first.offset) / Double(second.item - first.item)
            if pitch.isFinite, pitch > 0 { pitches.append(pitch) }
        }
        let pitch = median(pitches) ?? declared.pitch
        let origin = median(rests.map { $0.offset - Double($0.item) * pitch })!
        return ItemPlacement(pitch: pitch, origin: origin, wrapsModulo: declared.wrapsModulo)
    }

    static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}

extension ItemPlacement {
    /// Origins and pitches within a hundredth of a point (a finding names only a placement that differs).
    func isClose(to other: ItemPlacement) -> Bool {
        abs(origin - other.origin) < 0.01 && abs(pitch - other.pitch) < 0.01
    }

    /// `-166 + k·320`.
    var offsetFormula: String { "\(Self.points(origin)) + k·\(Self.points(pitch))" }
}
