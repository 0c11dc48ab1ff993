import Foundation
import LaundryStore
import LaundryTestSupport
import Testing

/// A store's directory is standardised as Foundation does it (`.` and `..` taken out, slashes
/// doubled or trailing removed); a path with nothing to standardise is taken as it is, which spares
/// a one-shot command Foundation's standardising (docs/speed.md). Held to Foundation here.
@Suite struct StoreLocationTests {
    static let paths = [
        "/tmp/store", "/home/sam/.local/share/laundrytime", "/", "/a", "/tmp/store/", "/tmp//store", "/tmp/./store",
        "/tmp/a/../store", "/tmp/store/.", "/tmp/store/..", "/..", "/../x", "/private/tmp/x", "/private/var/automount/x",
        "/var/automount/x", "/privatex/y", "/tmp/.hidden", "/tmp/..x", "/tmp/x..", "/tmp/a b", "/tmp/ünï", "/tmp/x\\y",
        "/tmp/%20", "/tmp/store;x", "/tmp/store?x", "/tmp/store#x", "relative/dir", "./dir", "../dir", "dir/",
    ]

    @Test func theDirectoryIsStandardisedAsFoundationDoesIt() {
        for path in Self.paths {
            for url in [URL(fileURLWithPath: path), URL(fileURLWithPath: path, isDirectory: true),
                        URL(fileURLWithPath: path, isDirectory: false)] {
                #expect(StoreLocation(directory: url).directory == url.standardizedFileURL, "\(url)")
            }
        }
    }

    @Test func theDatabaseIsTheFileFoundationWouldName() {
        for path in Self.paths {
            let location = StoreLocation(directory: URL(fileURLWithPath: path, isDirectory: true))
            #expect(location.databaseURL == location.directory.appendingPathComponent(StoreLocation.fileName), "\(path)")
        }
    }

    @Test func randomPathsToo() {
        var random = SplitMix64(seed: 0x5706E)
        let parts = ["a", "bb", ".", "..", "", "private", "var", "automount", "x.y", "..z", "~"]
        for _ in 0..<5_000 {
            let path = (random.next() % 4 == 0 ? "" : "/") + (0..<Int(random.next() % 6)).map { _ in parts.randomElement(using: &random)! }
                .joined(separator: "/")
            let url = URL(fileURLWithPath: path.isEmpty ? "/" : path, isDirectory: random.next() % 2 == 0)
            #expect(StoreLocation(directory: url).directory == url.standardizedFileURL, "\(url)")
        }
    }

    @Test func anExistingDirectorysPlainPathIsTakenAsItIs() {
        let directory = TemporaryDirectory()
        let url = URL(fileURLWithPath: directory.url.path)
        #expect(StoreLocation.isStandard(url), "\(url)")
        #expect(StoreLocation.isStandard(URL(fileURLWithPath: "/home/sam/.local/share/laundrytime")))
    }
}
