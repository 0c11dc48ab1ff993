import Foundation
import LaundryPlatform
import Testing

/// The environment read from `environ` is the one `ProcessInfo` gives: the program reads its own
/// to spare a one-shot command ProcessInfo's first use (docs/speed.md).
@Suite struct ProcessEnvironmentTests {
    @Test func itIsProcessInfosEnvironment() {
        #expect(ProcessEnvironment.current() == ProcessInfo.processInfo.environment)
    }

    @Test func entriesAreReadAsProcessInfoReadsThem() {
        let entries = ["A=1", "B=x=y", "EMPTY=", "NO_EQUALS", "A=2", "=lonely", "Ü=ü", "C=\u{301}x=z"]
        #expect(ProcessEnvironment.parse(entries) == ["A": "2", "B": "x=y", "EMPTY": "", "": "lonely", "Ü": "ü", "C=\u{301}x": "z"])
    }
}
