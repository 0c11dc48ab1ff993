// swift-tools-version: 6.1
import PackageDescription

// Coverage-guided fuzzing of LaundryTime with libFuzzer, kept out of the main package so that it
// adds nothing to its build, its tests or the README's test command. It depends on the main
// package by path (`..`) and on no third-party package.
//
// libFuzzer is linked in by `-sanitize=fuzzer`, which scripts/fuzz passes to every module of the
// build (`-Xswiftc`), so that the program's own code is instrumented for coverage, not only the
// harnesses; each harness's main.swift hands libFuzzer's driver its fuzz target. A plain
// `swift build` of this package does not link.
// They reach the assistant's internals as the tests do (`@testable import`), so the build also
// passes `-enable-testing`. See scripts/fuzz.
/// What a harness is built on: the shared harness code, and the program's modules it drives.
let harness: [Target.Dependency] = [
    "FuzzHarness",
    .product(name: "LaundryGrammar", package: "LaundryTime"),
    .product(name: "LaundryStore", package: "LaundryTime"),
    .product(name: "LaundryAssistant", package: "LaundryTime"),
    .product(name: "LaundryTerminal", package: "LaundryTime"),
]

let package = Package(
    name: "LaundryTimeFuzz",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "understanding-fuzzer", targets: ["UnderstandingFuzzer"]),
        .executable(name: "assistant-fuzzer", targets: ["AssistantFuzzer"]),
    ],
    dependencies: [
        .package(name: "LaundryTime", path: ".."),
    ],
    targets: [
        // libFuzzer's driver, declared for Swift.
        .systemLibrary(name: "CLibFuzzer"),
        // What the harnesses share: libFuzzer started, an input read as a script is read.
        .target(
            name: "FuzzHarness",
            dependencies: ["CLibFuzzer", .product(name: "LaundryTerminal", package: "LaundryTime")]
        ),
        // A line read by the grammar with the user's pets, as the assistant reads a typed line.
        .executableTarget(
            name: "UnderstandingFuzzer",
            dependencies: harness
        ),
        // The assistant on a throwaway store, each reply drawn as JSON and as bubbles and checked.
        .executableTarget(
            name: "AssistantFuzzer",
            dependencies: harness
        ),
    ]
)
