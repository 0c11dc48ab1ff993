// swift-tools-version: 6.1
import PackageDescription

// ChildProcess (posix_spawn, the program's) against swift-subprocess, as small programs that start
// /bin/true N times: Benchmarks/run-standins-ab builds and times them. SpawnPosix compiles the
// program's own ChildProcess.swift (a link to it); SubprocessUnderReaper shows what becomes of
// swift-subprocess's children in a process that reaps with waitpid(-1), as the hooks' supervisor does.
let package = Package(
    name: "SpawnAB",
    platforms: [.macOS(.v15)],
    dependencies: [.package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.2")],
    targets: [
        .executableTarget(name: "SpawnPosix"),
        .executableTarget(name: "SpawnSubprocess", dependencies: [.product(name: "Subprocess", package: "swift-subprocess")]),
        .executableTarget(name: "SubprocessUnderReaper", dependencies: [.product(name: "Subprocess", package: "swift-subprocess")]),
    ]
)
