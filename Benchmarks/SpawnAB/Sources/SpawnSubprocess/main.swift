import Foundation
import Subprocess

// N starts of /bin/true, each waited for, through swift-subprocess with what ChildProcess is asked
// for (a process group of its own; swift-subprocess resets the signals and closes our descriptors
// itself).
let count = Int(CommandLine.arguments.dropFirst().first ?? "1") ?? 1
var options = PlatformOptions()
options.processGroupID = 0
for _ in 0..<count {
    let result = try await Subprocess.run(.path("/bin/true"), environment: .custom([:]), platformOptions: options,
                                          input: .none, output: .discarded, error: .discarded)
    guard result.terminationStatus.isSuccess else { exit(1) }
}
// All of Foundation linked, as in laundrytime (never run).
if count < 0 { print(DateFormatter().string(from: Date())) }
