import Testing
@testable import CarouselLayout

@Suite("Catalogue updates: the counts and the item each keeps")
struct CatalogUpdateTests {
    @Test func anInsertAtTheEndKeepsEveryItemWhereItWas() {
        let update = CatalogUpdate.insertAtEnd(2)
        #expect(update.newCount(from: 5) == 7)
        #expect((0..<5).map { update.keptItem($0, catalogCount: 5) } == [0, 1, 2, 3, 4])
        #expect(update.applied(to: [10, 11, 12], making: { 99 }) == [10, 11, 12, 99, 99])
    }

    @Test func anInsertThatShowsWhatArrivedAsksForTheFirstNewItem() {
        let update = CatalogUpdate.insertAtEndShowingFirst(2)
        #expect(update.newCount(from: 5) == 7)
        #expect((0..<5).map { update.keptItem($0, catalogCount: 5) } == [5, 5, 5, 5, 5])
        #expect(update.applied(to: [10, 11], making: { 99 }) == [10, 11, 99, 99])
        #expect(CatalogUpdate.insertAtEndShowingFirst(0).refusal(catalogCount: 3) == "an insert of 0 items has no new item to show")
        #expect(update.description == "insert 2, show the first")
    }

    @Test func aDeleteInTheMiddleShiftsTheItemsAfterItAndKeepsTheNearestSurvivor() {
        // n = 10, k = 2: old items 4 and 5 removed; 6...9 move to 4...7.
        let update = CatalogUpdate.deleteInMiddle(2)
        #expect(update.newCount(from: 10) == 8)
        #expect((0..<10).map { update.keptItem($0, catalogCount: 10) } == [0, 1, 2, 3, 3, 4, 4, 5, 6, 7])
        #expect(update.applied(to: Array(0..<10), making: { -1 }) == [0, 1, 2, 3, 6, 7, 8, 9])
    }

    @Test func aDeleteOfTheMiddleOfTwoKeepsTheOtherItem() {
        let update = CatalogUpdate.deleteInMiddle(1)
        #expect(update.applied(to: [7, 8], making: { -1 }) == [8])
        #expect(update.keptItem(0, catalogCount: 2) == 0)
        #expect(update.keptItem(1, catalogCount: 2) == 0)
    }

    @Test func aDeleteAtTheEndMovesAnItemPastTheNewEndToTheLastOne() {
        let update = CatalogUpdate.deleteAtEnd(3)
        #expect((0..<5).map { update.keptItem($0, catalogCount: 5) } == [0, 1, 1, 1, 1])
    }

    @Test func aReverseMirrorsTheIndex() {
        #expect((0..<4).map { CatalogUpdate.reverse.keptItem($0, catalogCount: 4) } == [3, 2, 1, 0])
    }

    @Test func anUpdateToNoItemsOrPastTheEndIsRefusedInOneLine() {
        #expect(CatalogUpdate.deleteAtEnd(1).refusal(catalogCount: 1)?.contains("0 items") == true)
        #expect(CatalogUpdate.deleteInMiddle(4).refusal(catalogCount: 3)?.contains("past the end") == true)
        #expect(CatalogUpdate.insertAtEnd(-1).refusal(catalogCount: 3) != nil)
        #expect(CatalogUpdate.reverse.refusal(catalogCount: 1) == nil)
    }
}
