// The entry point only dispatches: hot loops live in library code (top-level closures here would be
// main-actor code and pay an executor check per call in Swift 6 mode).
import Foundation

exit(CommandLineTool.main(Array(CommandLine.arguments.dropFirst())))
