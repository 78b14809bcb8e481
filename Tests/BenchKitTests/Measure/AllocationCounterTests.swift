import BenchKit
import BenchSink
import Foundation
import Testing

private final class Node {
    var next: Node?
}

@Suite struct AllocationCounterTests {
    /// Linux's interposer is in effect; a portable build has none, and says why instead of counting 0.
    @Test func theCounterIsInEffectUnlessTheBuildHasNone() {
        if Capability.isPortableBuild {
            #expect(AllocationCounter.availability.reason?.contains("no malloc interposer") == true)
            #expect(AllocationCounter.count { blackHole(Node()) } == nil, "empty, never 0")
        } else {
            #expect(AllocationCounter.isAvailable)
        }
    }

    @Test(.enabled(if: AllocationCounter.isAvailable))
    func countsClassInstances() throws {
        let count = try #require(AllocationCounter.count {
            for _ in 0..<100 { blackHole(Node()) }
        })
        #expect(count >= 100)
        #expect(count <= 110)
    }

    @Test(.enabled(if: AllocationCounter.isAvailable))
    func anAllocationFreeLoopCountsZero() {
        let count = AllocationCounter.count {
            var sum = 0
            for value in 0..<1_000 { sum &+= value }
            blackHole(sum)
        }
        #expect(count == 0)
    }

    @Test(.enabled(if: AllocationCounter.isAvailable))
    func otherThreadsAreNotCounted() {
        let count = AllocationCounter.count {
            let thread = Thread { for _ in 0..<100 { blackHole(Node()) } }
            thread.start()
            while !thread.isFinished { usleep(1_000) }
        }
        #expect(count != nil)
        #expect(count ?? 0 < 100)
    }
}
