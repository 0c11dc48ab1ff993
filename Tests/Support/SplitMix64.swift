/// The randomized tests' generator is LaundryCore's (the intent classifier's training uses it
/// too): a fixed seed finds the same cases on every run and every machine. Every test that imports
/// LaundryTestSupport has it.
@_exported import struct LaundryCore.SplitMix64
