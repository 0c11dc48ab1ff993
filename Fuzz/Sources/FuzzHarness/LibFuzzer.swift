import CLibFuzzer
import Foundation

/// libFuzzer's driver, as a harness's main.swift starts it.
public enum LibFuzzer {
    /// A fuzz target: one input, its bytes and their count; returns 0.
    public typealias Target = @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32

    /// Runs `target` once on `warmUp`, then hands it to libFuzzer with this program's arguments
    /// (its options and corpus folders), and exits with libFuzzer's status.
    ///
    /// What a process makes on first use — the grammar's tables, its suggestions for a line no
    /// template fits (spelt out from the grammar: over a second in this instrumented build), the
    /// store — is made by the warm-up, before libFuzzer starts: else the first input of every
    /// forked job would pass the one-second timeout.
    public static func run(warmingUpWith warmUp: String, _ target: Target) -> Never {
        _ = Array(warmUp.utf8).withUnsafeBufferPointer { target($0.baseAddress, $0.count) }
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, target))
    }
}
