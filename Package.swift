// swift-tools-version: 6.1
import PackageDescription

/// Release executables on Linux link with the toolchain's lld and pack their relative relocations
/// (DT_RELR, glibc 2.36+): a binary with the Swift runtime and Foundation linked in
/// (`--static-swift-stdlib`, docs/usage.md "Install") otherwise carries 2 MB of them, read at every start,
/// about 1 MB more memory (Benchmarks/RESULTS.md). lld also
/// keeps quiet about the `mktemp` in the static Foundation, which the default linker warns about.
let releaseLinking: [LinkerSetting] = [
    .unsafeFlags(
        ["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"],
        .when(platforms: [.linux], configuration: .release))
]

/// The program itself, in a release build on Linux, is not position-independent: a start then
/// patches no pointers, where a PIE build writes one into each of ~200 pages of type metadata
/// (a copy of each page, 10 % of a one-shot `/status`; docs/speed.md). The shared libraries it
/// loads are still placed at random; the program's own code is not.
///
/// It also links SQLite, and libstdc++ where the static Swift runtime asks for it, from their
/// archives (`Linking/`, linker scripts found before the shared libraries): a start then maps
/// neither library nor binds their 3,200 symbols to themselves, a tenth of a one-shot `/status`.
let programLinking: [LinkerSetting] = [
    .unsafeFlags(["-Xclang-linker", "-no-pie", "-L\(Context.packageDirectory)/Linking"],
                 .when(platforms: [.linux], configuration: .release))
]

// Layers, lowest first. A module may import only those below it (see docs/ARCHITECTURE.md):
// LaundryCore → LaundryStore, LaundryGrammar → LaundryAssistant → LaundryTerminal → laundrytime;
// EnglishGrammar (the grammar file, compiled at build time) sits on LaundryGrammar.
let package = Package(
    name: "LaundryTime",
    // macOS 15: the Synchronization module's Mutex and Atomic.
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "laundrytime", targets: ["laundrytime"]),
        // For the benchmark package in Benchmarks/, which measures the grammar on its own.
        .library(name: "LaundryGrammar", targets: ["LaundryGrammar", "EnglishGrammar"]),
        // For Benchmarks/ (the store benchmark seeds its data through the store's own code).
        .library(name: "LaundryStore", targets: ["LaundryStore", "LaundryCore"]),
        // For Fuzz/ (scripts/fuzz): the assistant on a throwaway store, its replies drawn as the
        // program draws them.
        .library(name: "LaundryAssistant", targets: ["LaundryAssistant"]),
        .library(name: "LaundryTerminal", targets: ["LaundryTerminal"]),
    ],
    // `swift build --traits PostgreSQL` adds the PostgreSQL store (docs/household.md): a
    // household's pets on one server, through libpq. The default build neither compiles nor links
    // any of it.
    traits: [
        .trait(name: "PostgreSQL", description: "A store on a PostgreSQL server (--database postgres://…)"),
        // `laundrytime mcp` (docs/mcp.md). Not in the default build: the SDK brings
        // FoundationNetworking and with it libcurl, which the static release build cannot link
        // without libcurl's development files and which every start would load.
        .trait(name: "MCP", description: "`laundrytime mcp`: a Model Context Protocol server for AI assistants"),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // FilePath: the paths an export is given, taken apart without NSString's path functions,
        // which trap on some of them ("x", "é", "//é").
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
        // Tests only: ChildProcess is held to what swift-subprocess does (ChildProcessTests); the
        // program itself keeps ChildProcess (Benchmarks/RESULTS.md says why).
        .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.2"),
        // `laundrytime mcp`: the Model Context Protocol over stdio (docs/mcp.md).
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk", from: "0.12.1"),
    ],
    targets: [
        .target(name: "LaundryCore"),
        // Which names look alike (Unicode's UTS #39 skeletons). The prototypes are data
        // (confusables.txt), made Swift by the build; a module of its own, as no build-time tool
        // needs it (a plugin's output does not reach a target built for a tool).
        .target(name: "LaundryConfusables", exclude: ["confusables.txt"], plugins: ["EmbedConfusables"]),
        // What the program asks of the operating system: paths as a shell reads them, starting
        // another program. Not values: kept out of LaundryCore.
        .target(name: "LaundryPlatform"),
        // What the store needs from C: a variadic sqlite3 option, extended attributes.
        .target(name: "CStoreShim", linkerSettings: [.linkedLibrary("sqlite3")]),
        .target(
            name: "LaundryStore",
            dependencies: ["LaundryCore", "LaundryPlatform", "CStoreShim", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        // libpq, PostgreSQL's own client library (Debian's libpq-dev, which scripts/install-deps
        // installs): it reads a connection's URL and options as psql does, and is driven from the
        // program's own thread, one connection, its statements pipelined (Benchmarks/README.md,
        // "Household benchmark").
        .systemLibrary(name: "CLibpq", pkgConfig: "libpq", providers: [.apt(["libpq-dev"]), .brew(["libpq"])]),
        // The same store on a PostgreSQL server: only in a build with the PostgreSQL trait.
        .target(
            name: "LaundryPostgres",
            dependencies: [
                "LaundryCore", "LaundryStore", .product(name: "GRDB", package: "GRDB.swift"),
                .target(name: "CLibpq", condition: .when(traits: ["PostgreSQL"])),
            ]
        ),
        .target(name: "LaundryGrammar", dependencies: ["LaundryCore"]),
        .target(name: "EnglishGrammar", dependencies: ["LaundryGrammar"], plugins: ["EmbedGrammar"]),
        .target(
            name: "LaundryAssistant",
            dependencies: [
                "LaundryCore", "LaundryPlatform", "LaundryConfusables", "LaundryStore", "LaundryGrammar",
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        // Loads libedit when the first line editor opens (shim.c): scripts and one-shots do without.
        .target(name: "CLibEdit"),
        .target(
            name: "LaundryTerminal",
            dependencies: ["LaundryCore", "LaundryPlatform", "LaundryGrammar", "LaundryAssistant", "CLibEdit"]
        ),
        // `laundrytime mcp`: another front end, for AI assistants (docs/mcp.md).
        .target(
            name: "LaundryMCP",
            dependencies: [
                "LaundryCore", "LaundryAssistant", "LaundryTerminal",
                .product(name: "MCP", package: "swift-sdk", condition: .when(traits: ["MCP"])),
            ]
        ),
        .executableTarget(
            name: "laundrytime",
            dependencies: [
                "LaundryTerminal",
                .target(name: "LaundryMCP", condition: .when(traits: ["MCP"])),
                "LaundryPlatform",
                "EnglishGrammar",
                .target(name: "LaundryPostgres", condition: .when(traits: ["PostgreSQL"])),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            linkerSettings: releaseLinking + programLinking
        ),

        // Build-time: compiles Grammars/en.grammar with LaundryGrammar's compiler and builds its text
        // and tables into the binary, so that the program finds its grammar from any working
        // directory, cannot be separated from it, and does not compile it at every start.
        .executableTarget(
            name: "GrammarEmbedder", dependencies: ["LaundryGrammar", "GrammarTraining"], path: "Sources/GrammarEmbedder",
            linkerSettings: releaseLinking),
        // Build-time: the intent classifier's training, evaluation and naive-Bayes baseline, for
        // GrammarEmbedder and the tests. The program only infers: nothing it links depends on this.
        .target(name: "GrammarTraining", dependencies: ["LaundryCore", "LaundryGrammar"]),
        .executableTarget(name: "ConfusablesEmbedder", path: "Sources/ConfusablesEmbedder", linkerSettings: releaseLinking),
        .plugin(name: "EmbedConfusables", capability: .buildTool(), dependencies: ["ConfusablesEmbedder"]),
        .plugin(
            name: "EmbedGrammar",
            capability: .buildTool(),
            dependencies: ["GrammarEmbedder"]
        ),

        // Shared by the test targets: temporary directories and a clock moved by hand.
        .target(
            name: "LaundryTestSupport",
            dependencies: [
                "LaundryCore", "LaundryPlatform", "LaundryConfusables", "LaundryStore", "LaundryGrammar", "EnglishGrammar", "LaundryAssistant",
                "LaundryTerminal",
            ],
            path: "Tests/Support"
        ),
        .testTarget(name: "LaundryCoreTests", dependencies: [
            "LaundryCore", "LaundryPlatform", "LaundryConfusables", "LaundryTestSupport",
            .product(name: "Subprocess", package: "swift-subprocess"), .product(name: "SystemPackage", package: "swift-system"),
        ]),
        .testTarget(
            name: "LaundryStoreTests",
            dependencies: ["LaundryStore", "LaundryTestSupport", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .testTarget(
            name: "LaundryGrammarTests",
            dependencies: ["LaundryGrammar", "EnglishGrammar", "GrammarTraining", "LaundryTestSupport", "LaundryTerminal"]
        ),
        .testTarget(
            name: "LaundryAssistantTests",
            dependencies: [
                "LaundryAssistant", "LaundryCore", "LaundryConfusables", "LaundryStore", "LaundryGrammar", "EnglishGrammar", "LaundryTestSupport",
                "LaundryTerminal",
            ]
        ),
        .testTarget(
            name: "LaundryTerminalTests",
            dependencies: ["LaundryTerminal", "LaundryAssistant", "LaundryCore", "LaundryStore", "LaundryGrammar", "LaundryTestSupport"],
            exclude: ["Golden"]
        ),
        // The reliability suite (docs/reliability.md): the faults an adversarial run found, each
        // reproduced against the real binary — crashes, damaged stores, locks, hostile input,
        // growth.
        .testTarget(
            name: "ReliabilitySuite",
            dependencies: ["laundrytime", "LaundryTestSupport", "LaundryCore", "LaundryStore", "LaundryGrammar", "LaundryAssistant"]
        ),
        // The PostgreSQL store: the shared store checks, the household's end-to-end tests. Empty
        // without the PostgreSQL trait; run by scripts/test beside a throwaway cluster.
        .testTarget(
            name: "PostgresTests",
            dependencies: [
                "LaundryTestSupport", "LaundryCore", "LaundryPlatform", "LaundryStore",
                .target(name: "LaundryPostgres", condition: .when(traits: ["PostgreSQL"])),
                .target(name: "laundrytime", condition: .when(traits: ["PostgreSQL"])),
            ]
        ),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["laundrytime", "LaundryTestSupport", "LaundryCore", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
    ]
)

// The layers are the compiler's to keep (docs/ARCHITECTURE.md): a file sees the members of a
// module's types only when it imports that module itself, not because some other file did.
// Release code reaches a generic type's metadata through the type's accessor rather than by its
// mangled name: demangling a name at first use checks each generic requirement by scanning every
// protocol conformance in the program (6,700 with Foundation linked in), a tenth of a one-shot
// `/status` (docs/speed.md). The accessors make the binary 0.2 % larger.
let metadataByAccessor = SwiftSetting.unsafeFlags(
    ["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"], .when(configuration: .release))

for target in package.targets where target.type != .plugin && target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + [.enableUpcomingFeature("MemberImportVisibility"), metadataByAccessor]
}
