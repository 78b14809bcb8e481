import CarouselLayout
import Testing

@Suite struct EventsTests {
    @Test func centreChangeNotifiesOnlyOnChange() {
        var notifier = CenterChangeNotifier()
        let fired = [1, 1, 2, 2, 3, 1].map { notifier.update(center: $0) }
        #expect(fired == [true, false, true, false, true, true])
        #expect(notifier.eventCount == 4 && notifier.currentCenter == 1)
        var always = CenterChangeNotifier(notifiesOnlyOnChange: false)
        for center in [1, 1, 1] { always.update(center: center) }
        #expect(always.eventCount == 3)
    }

    @Test func seed003_pageIndicatorShowsKOfN() {
        let indicator = PageIndicator(index: 2, total: 5)
        #expect(indicator.label == "3 / 5" && isClose(indicator.progress, 0.6))
        #expect(PageIndicator(index: 4, total: 5).progress == 1)
    }

    @Test func seed004_pageControlMapsSentinelPagesAsWritten() {
        let control = SentinelPageControl(viewportWidth: 400, catalogCount: 5)
        #expect(control.rawPage(offset: 400) == 0)
        #expect(control.rawPage(offset: 5 * 400) == 4)
        #expect(control.rawPage(offset: 6 * 400) == 0)
        // The seed maps -1 to imageArray.count - 2 == n, one past the last page; UIPageControl clamps it.
        #expect(control.rawPage(offset: 0) == 5)
        #expect(control.displayedPage(offset: 0) == 4)
        #expect(control.rawPage(offset: 399) == 0)
    }
}
