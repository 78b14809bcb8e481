import BenchKit
import BenchSink
import Foundation
import XCTest

private final class Node {
    var next: Node?
}

final class AllocationCounterTests: XCTestCase {
    func testTheInterposerIsInEffect() {
        XCTAssertTrue(AllocationCounter.isAvailable)
    }

    func testCountsClassInstances() throws {
        let count = try XCTUnwrap(AllocationCounter.count {
            for _ in 0..<100 { blackHole(Node()) }
        })
        XCTAssertGreaterThanOrEqual(count, 100)
        XCTAssertLessThanOrEqual(count, 110)
    }

    func testAnAllocationFreeLoopCountsZero() {
        let count = AllocationCounter.count {
            var sum = 0
            for value in 0..<1_000 { sum &+= value }
            blackHole(sum)
        }
        XCTAssertEqual(count, 0)
    }

    func testOtherThreadsAreNotCounted() {
        let count = AllocationCounter.count {
            let thread = Thread { for _ in 0..<100 { blackHole(Node()) } }
            thread.start()
            while !thread.isFinished { usleep(1_000) }
        }
        XCTAssertNotNil(count)
        XCTAssertLessThan(count ?? 0, 100)
    }
}
