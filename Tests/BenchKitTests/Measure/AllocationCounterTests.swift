import BenchKit
import BenchSink
import Foundation
import Testing

private final class Node {
    var next: Node?
}

@Suite struct AllocationCounterTests {
    @Test func theInterposerIsInEffect() {
        #expect(AllocationCounter.isAvailable)
    }

    @Test func countsClassInstances() throws {
        let count = try #require(AllocationCounter.count {
            for _ in 0..<100 { blackHole(Node()) }
        })
        #expect(count >= 100)
        #expect(count <= 110)
    }

    @Test func anAllocationFreeLoopCountsZero() {
        let count = AllocationCounter.count {
            var sum = 0
            for value in 0..<1_000 { sum &+= value }
            blackHole(sum)
        }
        #expect(count == 0)
    }

    @Test func otherThreadsAreNotCounted() {
        let count = AllocationCounter.count {
            let thread = Thread { for _ in 0..<100 { blackHole(Node()) } }
            thread.start()
            while !thread.isFinished { usleep(1_000) }
        }
        #expect(count != nil)
        #expect(count ?? 0 < 100)
    }
}
