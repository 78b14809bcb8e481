// The entry point only dispatches: everything, hot loops included, lives in library code (top-level closures here
// would be main-actor code and pay an executor check per call in Swift 6 mode).
import CarouselBench

CarouselBench.main()
