import Foundation
import Subprocess

// swift-subprocess in a process that reaps every child with waitpid(-1), as the hooks' supervisor
// (a subreaper) does: a thread polls waitpid(-1, WNOHANG) every 10 ms, as the supervisor does, or
// (with "blocking") waits in waitpid(-1, 0). N runs of `sleep 0.05`; says how many run() saw end.
let blocking = CommandLine.arguments.dropFirst().first == "blocking"
let count = Int(CommandLine.arguments.dropFirst(2).first ?? "20") ?? 20
let reaper = Thread {
    while true {
        var status: Int32 = 0
        let ended = waitpid(-1, &status, blocking ? 0 : WNOHANG)
        if !blocking || ended < 0 { usleep(10_000) }
    }
}
reaper.start()
var failures: [String] = []
for _ in 0..<count {
    do {
        _ = try await Subprocess.run(.path("/bin/sleep"), arguments: ["0.05"], output: .discarded, error: .discarded)
    } catch {
        failures.append("\(error)")
    }
}
print("\(blocking ? "blocking" : "polling") reaper: run() threw in \(failures.count) of \(count) runs" + (failures.first.map { ": \($0)" } ?? ""))
