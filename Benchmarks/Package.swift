// swift-tools-version: 6.0
import PackageDescription

// Benchmarks for LaundryTime, kept out of the main package so that they add nothing to its build,
// its tests or its dependencies. Run: Benchmarks/run-grammar-benchmark, run-store-benchmark,
// run-growth-benchmark and run-household-benchmark (see Benchmarks/README.md).
let package = Package(
    name: "LaundryTimeBenchmarks",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "grammar-benchmark", targets: ["GrammarBenchmark"]),
        .executable(name: "store-seed", targets: ["StoreSeeder"]),
    ],
    dependencies: [
        .package(name: "LaundryTime", path: ".."),
    ],
    targets: [
        .executableTarget(
            name: "GrammarBenchmark",
            dependencies: [.product(name: "LaundryGrammar", package: "LaundryTime")]
        ),
        // Seeds the store benchmark's data directories through LaundryStore (run-store-benchmark).
        .executableTarget(
            name: "StoreSeeder",
            dependencies: [.product(name: "LaundryStore", package: "LaundryTime")]
        ),
    ]
)
