import BenchKit
enum VerifyCommand { static var command: Command { Command(name: "verify", synopsis: "verify", summary: "pending", details: "", options: [], maxPositionals: 0, run: { _ in 1 }) } }
enum TraceCommand { static var command: Command { Command(name: "trace", synopsis: "trace", summary: "pending", details: "", options: [], maxPositionals: 0, run: { _ in 1 }) } }
enum ReportCommand { static var command: Command { Command(name: "report", synopsis: "report", summary: "pending", details: "", options: [], maxPositionals: 0, run: { _ in 1 }) } }
extension SuiteCatalog { static func registerFloorAndPipelines(in suite: BenchmarkSuite) {} }
