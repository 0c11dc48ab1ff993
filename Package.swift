// swift-tools-version: 6.0
import PackageDescription

/// Release executables on Linux link with the toolchain's lld and pack their relative relocations
/// (DT_RELR, glibc 2.36+): a binary with the Swift runtime and Foundation linked in
/// (`--static-swift-stdlib`, README "Install") otherwise carries 2 MB of them, read at every start,
/// about 1 MB more memory (Benchmarks/RESULTS.md). The binary stays position-independent. lld also
/// keeps quiet about the `mktemp` in the static Foundation, which the default linker warns about.
let releaseLinking: [LinkerSetting] = [
    .unsafeFlags(
        ["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"],
        .when(platforms: [.linux], configuration: .release))
]

// Layers, lowest first. A module may import only those below it (see docs/ARCHITECTURE.md):
// LaundryCore → LaundryStore, LaundryGrammar → LaundryAssistant → LaundryTerminal → laundrytime.
let package = Package(
    name: "LaundryTime",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "laundrytime", targets: ["laundrytime"]),
        // For the benchmark package in Benchmarks/, which measures the grammar on its own.
        .library(name: "LaundryGrammar", targets: ["LaundryGrammar"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        .target(name: "LaundryCore"),
        .target(
            name: "LaundryStore",
            dependencies: ["LaundryCore", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .target(
            name: "LaundryGrammar",
            dependencies: ["LaundryCore"],
            plugins: ["EmbedGrammar"]
        ),
        .target(
            name: "LaundryAssistant",
            dependencies: ["LaundryCore", "LaundryStore", "LaundryGrammar"]
        ),
        .target(
            name: "CLibEdit",
            linkerSettings: [.linkedLibrary("edit")]
        ),
        .target(
            name: "LaundryTerminal",
            dependencies: ["LaundryAssistant", "CLibEdit"]
        ),
        .executableTarget(
            name: "laundrytime",
            dependencies: [
                "LaundryTerminal",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            linkerSettings: releaseLinking
        ),

        // Build-time: copies Grammars/en.grammar into the binary, so that the program finds its
        // grammar from any working directory and cannot be separated from it.
        .executableTarget(name: "GrammarEmbedder", path: "Sources/GrammarEmbedder", linkerSettings: releaseLinking),
        .plugin(
            name: "EmbedGrammar",
            capability: .buildTool(),
            dependencies: ["GrammarEmbedder"]
        ),

        // Shared by the test targets: temporary directories and a clock moved by hand.
        .target(
            name: "LaundryTestSupport",
            dependencies: ["LaundryCore", "LaundryStore", "LaundryGrammar", "LaundryAssistant"],
            path: "Tests/Support"
        ),
        .testTarget(name: "LaundryCoreTests", dependencies: ["LaundryCore"]),
        .testTarget(
            name: "LaundryStoreTests",
            dependencies: ["LaundryStore", "LaundryTestSupport", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .testTarget(name: "LaundryGrammarTests", dependencies: ["LaundryGrammar"]),
        .testTarget(name: "LaundryAssistantTests", dependencies: ["LaundryAssistant", "LaundryTestSupport"]),
        .testTarget(
            name: "LaundryTerminalTests",
            dependencies: ["LaundryTerminal", "LaundryAssistant", "LaundryCore", "LaundryStore", "LaundryGrammar", "LaundryTestSupport"],
            exclude: ["Golden"]
        ),
        .testTarget(name: "EndToEndTests", dependencies: ["laundrytime", "LaundryTestSupport"]),
    ]
)
