import Dispatch
import Foundation
import LaundryTestSupport
import Testing

/// A child's clock starts when it starts (`LAUNDRYTIME_NOW` runs on), so the harness must hand it
/// its script at once. It wrote the script from the shared dispatch pool, which every other test's
/// harness kept busy with reads that block until their own child ends: under the whole suite a
/// two-line script reached its child more than a minute late, and "ends at 09:45" became 09:46.
@Suite(.serialized) struct HarnessStarvationTests {
    @Test func aScriptReachesItsChildWhileTheSharedPoolIsBusy() throws {
        let directory = TemporaryDirectory()
        let pool = DispatchSemaphore(value: 0), busy = 64
        for _ in 0..<busy { DispatchQueue.global().async { pool.wait() } }
        // The pool is let go as soon as the run is over — or, for a harness that needs it to get
        // there, after a minute (the rest of the suite shares the pool: it is held no longer).
        let runOver = DispatchSemaphore(value: 0), released = DispatchSemaphore(value: 0)
        Thread {
            _ = runOver.wait(timeout: .now() + 60)
            for _ in 0..<busy { pool.signal() }
            released.signal()
        }.start()
        let result = try LaundryTimeProcess(dataDirectory: directory.url.appendingPathComponent("data"))
            .run(script: "create pet Snowy\nstart wash for snowy\n")
        let waited = released.wait(timeout: .now()) == .success
        if !waited {
            runOver.signal()
            released.wait()
        }
        #expect(!waited, "the script waited for the shared pool")
        #expect(result.stdout.contains("ends at 09:45"), "\(result.stdout)")
    }
}
