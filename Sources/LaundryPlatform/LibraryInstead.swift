#if LAUNDRYTIME_AB
import Foundation

/// Which hand-written stand-in gives way to its library in this run, from `LAUNDRYTIME_LIBRARY`:
/// `json` (the undo payload by `JSONEncoder`), `dates` (GRDB's own date conversion), `parser`
/// (swift-argument-parser for every command line); none when unset. Only in the build that
/// Benchmarks/run-standins-ab makes (`-Xswiftc -DLAUNDRYTIME_AB`), to measure each stand-in
/// against its library in one binary; the program as shipped has no such switch.
public let libraryInstead: String = ProcessInfo.processInfo.environment["LAUNDRYTIME_LIBRARY"] ?? ""
#endif
