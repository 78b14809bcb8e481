import CarouselLayout
import Determinism
import Testing

/// What every entry of the registry must satisfy; a new strategy is checked here without a line of its own.
@Suite struct StrategyRegistryTests {
    let infos = StrategyRegistry.infos

    @Test func idsAreUniqueAndEveryFamilyHasEntries() {
        #expect(Set(infos.map(\.id)).count == infos.count)
        for family in StrategyFamily.allCases {
            #expect(infos.contains { $0.family == family }, "no \(family) entry")
        }
        #expect(infos.filter { $0.family == .pipeline }.map(\.id) == Implementation.builtIns.compactMap(\.coreID))
    }

    @Test func correctedVariantsFixAFaithfulStrategyOfTheirFamily() {
        for variant in infos where variant.correctedFrom != nil {
            let faithful = infos.first { $0.id == variant.correctedFrom }
            #expect(faithful != nil, "\(variant.id) corrects an unknown \(variant.correctedFrom!)")
            #expect(faithful?.family == variant.family && faithful?.isTimed == true && !variant.isTimed)
        }
    }

    /// Every complexity starts with a balanced `O(...)` over N and k.
    @Test func everyComplexityStartsWithItsOrder() {
        for info in infos {
            let order = info.complexity.order
            #expect(order.hasPrefix("O(") && order.hasSuffix(")"), "\(info.id): \(info.complexity)")
            #expect(order.filter { $0 == "(" }.count == order.filter { $0 == ")" }.count, "\(info.id): \(order)")
        }
        #expect(StrategyRegistry.info(LinearQuery.id)?.complexity.order == "O(N)")
        #expect(StrategyRegistry.info("lookup.sortedScan")?.complexity.order == "O(N + k log k)")
        #expect(StrategyRegistry.info("lookup.minScan")?.complexity.order == "O(k + k)")
    }

    /// A source's own limit where it has one (FSPagerView's sections); otherwise the entry's from its replication
    /// (Docs/ALGORITHMS.md, "Catalog limits"), and none for the strategies that take no catalog.
    @Test func limitsAreDeclaredWhereTheSourceHasOne() {
        #expect(StrategyRegistry.info(FSPagerWrap.id)?.limit?.largest == Int(Int16.max))
        #expect(StrategyRegistry.info(FSPagerPipeline.id)?.limit?.largest == Int(Int16.max))
        #expect(StrategyRegistry.info(BestPipeline.id)?.limit?.largest == CatalogLimit.precisePositions)
        #expect(StrategyRegistry.info(LinearQuery.id)?.limit == nil)
    }

    /// Each lookup answers what its entry says its source computes, at seeded random offsets over several
    /// catalog sizes (a hit test may find none where its entry allows it).
    @Test func everyLookupGivesItsDeclaredAnswer() {
        final class Lookups: StrategyVisitor {
            var failures: [String] = []
            var checked: [String] = []
            func visitLookup<L: CenterLookup>(_ entry: LookupEntry<L>) {
                checked.append(entry.info.id)
                var generator = SeededGenerator(seed: StableHash.of(entry.info.id))
                let geometry = CarouselGeometry.default
                for count in [1, 2, 3, 10, 57] {
                    var lookup = entry.make(geometry, count)
                    let last = Double(count - 1) * geometry.pitch
                    for _ in 0..<200 {
                        let offset = generator.nextDouble(in: -geometry.pitch...(last + geometry.pitch))
                        let got = lookup.centerItem(atOffset: offset)
                        let want = entry.answer.item(geometry, count: count, offset: offset)
                        if got != want && !(got == nil && entry.mayReturnNone) {
                            failures.append("\(entry.info.id) n=\(count) o=\(offset): \(String(describing: got)) != \(String(describing: want))")
                        }
                    }
                }
            }
        }
        let lookups = Lookups()
        StrategyRegistry.walk(lookups)
        #expect(lookups.checked == infos.filter { $0.family == .lookup }.map(\.id))
        #expect(lookups.failures.isEmpty, "\(lookups.failures.prefix(5))")
    }

    @Test func complexitiesAddTheirOrders() {
        let sum: Complexity = LinearQuery.complexity + "O(k log k) for the sort"
        #expect(sum.order == "O(N + k log k)")
        #expect(sum.text.hasSuffix("then O(k log k) for the sort"))
        #expect(Complexity("O(log N + k) per query").order == "O(log N + k)")
    }
}
