import LaundryCore
import LaundryPlatform
import Testing

/// Paths as a shell reads them, and the XDG base directories — one reading for the store, the
/// prompt's history, the hooks and the reminders' units.
@Suite struct HomePathTests {
    @Test func aTildeIsHome() {
        #expect(HomePath.expandingTilde("~/x.csv", environment: ["HOME": "/home/sam"]) == "/home/sam/x.csv")
        #expect(HomePath.expandingTilde("~", environment: ["HOME": "/home/sam"]) == "/home/sam")
        #expect(HomePath.expandingTilde("~sam/x", environment: ["HOME": "/home/sam"]) == "~sam/x")
    }

    @Test func anXDGBaseIsTheVariableWhenAbsoluteElseUnderHome() {
        let home = ["HOME": "/home/sam"]
        #expect(HomePath.xdgBase("XDG_CONFIG_HOME", fallback: ".config", environment: home) == "/home/sam/.config")
        #expect(HomePath.xdgBase("XDG_CONFIG_HOME", fallback: ".config", environment: home.merging(["XDG_CONFIG_HOME": "/etc/x"]) { $1 }) == "/etc/x")
        // The spec: a relative path is invalid and ignored.
        #expect(HomePath.xdgBase("XDG_DATA_HOME", fallback: ".local/share", environment: home.merging(["XDG_DATA_HOME": "data"]) { $1 })
                == "/home/sam/.local/share")
    }

    @Test func aProgramIsFoundOnPath() {
        #expect(HomePath.program("sh", environment: ["PATH": "/nonexistent:/bin"]) == "/bin/sh")
        #expect(HomePath.program("no-such-program-here", environment: ["PATH": "/bin:/usr/bin"]) == nil)
    }
}
