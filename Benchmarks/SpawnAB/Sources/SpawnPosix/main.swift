import Foundation

// N starts of /bin/true, each waited for, through ChildProcess as the hooks use it (a process
// group of its own, the streams on /dev/null).
let count = Int(CommandLine.arguments.dropFirst().first ?? "1") ?? 1
for _ in 0..<count {
    guard case .success(let pid) = ChildProcess.spawn(
        "/bin/true", arguments: ["/bin/true"], environment: [], stdin: .file("/dev/null", flags: O_RDONLY),
        stdout: .file("/dev/null", flags: O_WRONLY), stderr: .file("/dev/null", flags: O_WRONLY), ownProcessGroup: true)
    else { exit(1) }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    guard status == 0 else { exit(1) }
}
// All of Foundation linked, as in laundrytime (never run).
if count < 0 { print(DateFormatter().string(from: Date())) }
