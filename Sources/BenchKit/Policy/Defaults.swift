/// Every default of the harness that was chosen by measurement, in one place. Each one names the `Docs/` section
/// that holds its evidence: the tables, the commands that produced them and the machines. The types that use a
/// default take it as their own default value, and the options that take a value (`ComparisonOptions`,
/// `RunOptions`, `SamplingStop`, the command line's options) override it. Each is `@_transparent`: a use compiles
/// to the literal, in this module and in its clients, so reading a value from here changes no measured code.
public enum Defaults {
    // MARK: Verdicts

    /// The relative slowdown (22%) a timed row's interval must pass to be `regressed`. Evidence: Docs/VERDICTS.md, "Why 22%".
    @_transparent public static var timeThreshold: Double { 0.22 }
    /// The relative change (1%) in instructions per iteration that decides a counted row. Evidence: Docs/VERDICTS.md, "Instruction counts decide".
    @_transparent public static var instructionThreshold: Double { 0.01 }
    /// The relative change (75%) of a worst frame, drift divided out, that gives it a verdict. Evidence: Docs/WORST-FRAME.md, "Its verdict".
    @_transparent public static var worstFrameThreshold: Double { 0.75 }
    /// The least change of a worst frame, in nanoseconds after the drift (100 µs), that gets a verdict. Evidence: Docs/WORST-FRAME.md, "Its verdict".
    @_transparent public static var worstFrameNoiseFloor: Double { 100_000.0 }
    /// The fewest samples on each side for a time interval, and so a time verdict. Evidence: Docs/NOISE.md, "Three samples at least".
    @_transparent public static var minimumSamplesForInterval: Int { 3 }
    /// The fewest matched rows a run-wide drift or the rounds' speeds are measured from. Evidence: Docs/VERDICTS.md, "The time verdict".
    @_transparent public static var minimumRowsForDrift: Int { 8 }
    /// The fewest distinct benchmarks among those rows. Evidence: Docs/VERDICTS.md, "The time verdict".
    @_transparent public static var minimumBenchmarksForDrift: Int { 4 }

    // MARK: Round speeds, full-speed rounds, the machine profile

    /// The prior weight, in units of `Sxx`, that pulls a row's round-speed exponent towards 1. Evidence: Docs/NOISE.md, "Round speeds".
    @_transparent public static var roundSpeedShrinkage: Double { 1.0 }
    /// The largest round-speed exponent a pair of runs alone gives a row. Evidence: Docs/NOISE.md, "Round speeds".
    @_transparent public static var roundSpeedMaximumExponent: Double { 1.3 }
    /// How much slower than its fastest sample (15%) a round's median row may run and the round be at full speed. Evidence: Docs/NOISE.md, "Full-speed rounds".
    @_transparent public static var fullSpeedTolerance: Double { 0.15 }
    /// The share of full-speed rounds (15%) under which a comparison of raw samples warns. Evidence: Docs/NOISE.md, "Full-speed rounds".
    @_transparent public static var fullSpeedWarningShare: Double { 0.15 }
    /// The fewest runs a machine profile's row must hold to be used. Evidence: Docs/NOISE.md, "The machine profile".
    @_transparent public static var profileMinimumRuns: Int { 10 }
    /// How many runs' worth of the profile's per-run averages a pair's own sums are added to. Evidence: Docs/NOISE.md, "The machine profile".
    @_transparent public static var profileWeight: Double { 3.0 }
    /// The largest round-speed exponent with a profile. Evidence: Docs/NOISE.md, "The machine profile".
    @_transparent public static var profileMaximumExponent: Double { 2.5 }
    /// How many times the median row's spread between runs a row's must be for its interval to be widened. Evidence: Docs/NOISE.md, "Spreads between runs".
    @_transparent public static var spreadGate: Double { 1.75 }

    // MARK: Sampling

    /// Seconds of sampling per benchmark and size in a default run, the run's cases' budgets together (70 ms). Evidence: Docs/NOISE.md, "How long a run takes".
    @_transparent public static var runBudget: Double { 0.07 }
    /// The same for a quick run (27 ms). Evidence: Docs/NOISE.md, "How long a run takes".
    @_transparent public static var quickBudget: Double { 0.027 }
    /// The share of a case's budget spent warming it up (a tenth). Evidence: Docs/NOISE.md, "Adaptive sampling".
    @_transparent public static var warmupShare: Double { 0.1 }
    /// Samples aimed for per second of a case's budget: one sample of 1/8 000 s, 0.125 ms, a round. Evidence: Docs/NOISE.md, "Adaptive sampling".
    @_transparent public static var samplesPerSecond: Double { 8_000.0 }
    /// The fewest samples a case takes before it may settle. Evidence: Docs/NOISE.md, "Adaptive sampling".
    @_transparent public static var minimumSamples: Int { 10 }
    /// The relative width (2%) of a settled case's 95% interval. Evidence: Docs/NOISE.md, "Adaptive sampling".
    @_transparent public static var samplingPrecision: Double { 0.02 }
    /// The multiple of its budget at which a case stops sampling, settled or not. Evidence: Docs/NOISE.md, "Adaptive sampling".
    @_transparent public static var hardLimitFactor: UInt64 { 4 }
    /// The multiple of its budget a case still short of its fewest samples may sample to, while the run's budget lasts. Evidence: Docs/NOISE.md, "Adaptive sampling".
    @_transparent public static var shortCaseLimitFactor: UInt64 { 10 }
    /// How many processes take a run's rounds. Evidence: Docs/NOISE.md, "Several processes".
    @_transparent public static var processes: Int { 3 }
    /// The share of a run's cases expected to have a frame profile, for the first time estimate. Evidence: Docs/NOISE.md, "How long a run takes".
    @_transparent public static var profiledShare: Double { 168.0 / 737.0 }

    // MARK: Frame profiles

    /// The fewest plays of a frame profile. Evidence: Docs/WORST-FRAME.md, "How it is measured".
    @_transparent public static var minimumPlays: Int { 2 }
    /// The most plays of a frame profile. Evidence: Docs/WORST-FRAME.md, "How it is measured".
    @_transparent public static var maximumPlays: Int { 7 }
    /// The frames within this fraction of the worst are as costly as it. Evidence: Docs/WORST-FRAME.md, "The event it names".
    @_transparent public static var nearWorstShare: Double { 0.9 }

    // MARK: Paired sessions (`ab`)

    /// The relative slowdown (5%) a paired row's interval must pass to be `regressed`. Evidence: Docs/AB.md, "The threshold".
    @_transparent public static var pairedThreshold: Double { 0.05 }
    /// Blocks of rounds, each with a fresh pair of workers. Evidence: Docs/AB.md, "Rounds and blocks".
    @_transparent public static var pairedBlocks: Int { 3 }
    /// Seconds of sampling per benchmark and size in a paired session (200 ms). Evidence: Docs/AB.md, "Rounds and blocks".
    @_transparent public static var pairedBudget: Double { 0.2 }
    /// The same for a quick paired session (40 ms). Evidence: Docs/AB.md, "Rounds and blocks".
    @_transparent public static var pairedQuickBudget: Double { 0.04 }

    // MARK: Instruction counts

    /// Iterations a callgrind region runs unless the benchmark chooses its own. Evidence: Docs/INSTRUCTIONS.md, "Windows: which iterations a region counts".
    @_transparent public static var instructionIterations: Int { 256 }
    /// The fewest iterations a region of one call each runs over a large input. Evidence: Docs/INSTRUCTIONS.md, "Windows: which iterations a region counts".
    @_transparent public static var minimumCallIterations: Int { 8 }
    /// Items a region of one call each may cover in all (`iterations x items`). Evidence: Docs/INSTRUCTIONS.md, "Windows: which iterations a region counts".
    @_transparent public static var countedCallItems: Int { 500_000 }
    /// Items a region of frames may lay out in all (`frames x items`). Evidence: Docs/INSTRUCTIONS.md, "Windows: which iterations a region counts".
    @_transparent public static var countedFrameItems: Int { 2_000_000 }
    /// The fewest frames a region of frames counts. Evidence: Docs/INSTRUCTIONS.md, "Windows: which iterations a region counts".
    @_transparent public static var minimumCountedFrames: Int { 32 }
    /// Items a region of operations may cover in all (`operations x items`). Evidence: Docs/INSTRUCTIONS.md, "Windows: which iterations a region counts".
    @_transparent public static var countedOperationItems: Int { 20_000 }
    /// The most operations a region of operations counts, per direction. Evidence: Docs/INSTRUCTIONS.md, "Windows: which iterations a region counts".
    @_transparent public static var maximumCountedOperations: Int { 32 }
    /// Seconds under callgrind per native second of set-up (instrumentation off). Evidence: Docs/INSTRUCTIONS.md, "How a row is counted".
    @_transparent public static var callgrindSetUpSlowdown: Double { 4.0 }
    /// Seconds under callgrind per native second of a region's iterations (instrumentation on). Evidence: Docs/INSTRUCTIONS.md, "How a row is counted".
    @_transparent public static var callgrindRegionSlowdown: Double { 64.0 }
    /// Seconds each case costs under callgrind besides its set-up and its region (translating its code). Evidence: Docs/INSTRUCTIONS.md, "How a row is counted".
    @_transparent public static var callgrindSecondsPerCase: Double { 0.008 }
    /// Native instructions per second assumed where a cost is estimated from counted instructions. Evidence: Docs/INSTRUCTIONS.md, "How a row is counted".
    @_transparent public static var instructionsPerSecond: Double { 3e9 }

    // MARK: Inputs and files

    /// How many inputs a component row cycles through (65 536, a power of two). Evidence: Docs/COMPONENT-ROWS.md, "The input cycle".
    @_transparent public static var inputCycle: Int { 1 << 16 }
    /// Seconds a command waits for a results file's lock before it gives up. Evidence: Docs/RESULTS-FORMAT.md, "Several runs at once".
    @_transparent public static var lockTimeout: Double { 60.0 }
}
