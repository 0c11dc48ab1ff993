#if PostgreSQL
import Foundation
import LaundryStore
import LaundryTestSupport

/// A go-between for PostgreSQL connections on Unix sockets that loses one connection at the
/// worst moment, as a dropped network would: while a write's `COMMIT` is on its way.
///
/// It listens where a server would (`DIR/.s.PGSQL.PORT`) and passes every byte on to the real
/// server, both ways, until a connection has sent the write's marker (an `INSERT INTO cycleEvent`:
/// the command changed a pet's history). At that connection's next `COMMIT` it does the
/// ``Fault`` once; later connections go on as ``Afterwards`` says.
final class FaultyProxy: @unchecked Sendable {
    enum Fault {
        /// The connection drops before the `COMMIT` reaches the server: the server rolls back.
        case dropBeforeCommit
        /// The `COMMIT` reaches the server and is done; its answer is lost with the connection.
        case loseCommitAnswer
        /// The connection goes silent before the `COMMIT` reaches the server, as a network that
        /// drops without a word: the program's side is closed, the server's is held open, so the
        /// server still holds the transaction, in progress, until its process is ended.
        case stallBeforeCommit
    }

    /// What becomes of the connections after the fault.
    enum Afterwards {
        /// They pass.
        case pass
        /// They are closed at once, as by a server that is gone.
        case refuse
        /// They pass until one asks the server how a transaction ended (`txid_status`): that
        /// one is lost too, before the question reaches the server.
        case loseTheQuestion
    }

    let directory = TemporaryDirectory()
    private let target: String
    private let fault: Fault
    private let afterwards: Afterwards
    private let question = Array("txid_status".utf8)
    private let marker = Array("INSERT INTO cycleEvent".utf8)
    private let commit = Array("COMMIT".utf8)
    private let listener: Int32
    private let lock = NSLock()
    private var faulted = false
    private var accepted = 0
    /// The server's sides that a ``Fault/stallBeforeCommit`` holds open, closed with the proxy.
    private var held: [Int32] = []

    /// Listens for the connections meant for the server of `url`.
    init(to url: DatabaseURL, fault: Fault, afterwards: Afterwards = .pass) throws {
        target = url.socketPath
        self.fault = fault
        self.afterwards = afterwards
        chmod(directory.url.path, 0o777)
        listener = try Self.socket(at: directory.url.appendingPathComponent(".s.PGSQL.\(url.port)").path, listen: true)
        Thread.detachNewThread { [self] in acceptConnections() }
    }

    deinit {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        for server in held { shutdown(server, Int32(SHUT_RDWR)) }
    }

    /// `url` with its server's socket directory replaced by the proxy's.
    static func url(_ url: String, through proxy: FaultyProxy) -> String {
        let parsed = try! DatabaseURL(url, environment: [:])
        return url.replacingOccurrences(of: "host=\(parsed.host)", with: "host=\(proxy.directory.url.path)")
    }

    var hasFaulted: Bool { lock.withLock { faulted } }
    /// How many connections were tried (refused ones too).
    var connectionsTried: Int { lock.withLock { accepted } }

    private func acceptConnections() {
        while true {
            let client = accept(listener, nil, nil)
            guard client >= 0 else {
                if errno == EINTR { continue }
                return
            }
            lock.withLock { accepted += 1 }
            if afterwards == .refuse, hasFaulted {
                close(client)
                continue
            }
            guard let server = try? Self.socket(at: target, listen: false) else {
                close(client)
                continue
            }
            Thread.detachNewThread { [self] in pass(client, server) }
        }
    }

    /// Passes one connection's bytes both ways until either side closes (or the fault closes both).
    private func pass(_ client: Int32, _ server: Int32) {
        let state = Connection()
        let answers = Thread { [self] in
            // Server to client: the answer to a COMMIT being lost is not passed on.
            pump(from: server, to: client) { _ in
                if lock.withLock({ state.swallowing }) { return false }
                return true
            }
            shutdown(client, Int32(SHUT_RDWR))
            shutdown(server, Int32(SHUT_RDWR))
        }
        answers.start()
        // Client to server: the marker arms this connection; its next COMMIT is the fault's.
        pump(from: client, to: server) { chunk in
            lock.withLock {
                if faulted, afterwards == .loseTheQuestion, chunk.contains(question) { return false }
                if !faulted, chunk.contains(marker) { state.armed = true }
                guard state.armed, !faulted, chunk.contains(commit) else { return true }
                faulted = true
                switch fault {
                case .dropBeforeCommit: return false
                case .loseCommitAnswer:
                    state.swallowing = true
                    return true
                case .stallBeforeCommit:
                    state.swallowing = true
                    held.append(server)
                    return false
                }
            }
        }
        shutdown(client, Int32(SHUT_RDWR))
        if lock.withLock({ held.contains(server) }) {
            // The server's side stays open until the proxy goes (the answers' thread then ends);
            // the program's is shut. Both descriptors are left open, so that neither number is
            // reused under that thread.
            return
        }
        shutdown(server, Int32(SHUT_RDWR))
        while !answers.isFinished { Thread.sleep(forTimeInterval: 0.01) }
        close(client)
        close(server)
    }

    private final class Connection: @unchecked Sendable {
        var armed = false
        var swallowing = false
    }

    /// Copies what arrives on `source` to `destination` while `passes` says so of each chunk.
    private func pump(from source: Int32, to destination: Int32, passes: ([UInt8]) -> Bool) {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(source, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return }
            let chunk = Array(buffer[..<count])
            guard passes(chunk) else { return }
            var sent = 0
            while sent < count {
                let written = chunk[sent...].withUnsafeBytes { write(destination, $0.baseAddress, $0.count) }
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return }
                sent += written
            }
        }
    }

    /// A Unix socket listening at `path`, or connected to it.
    private static func socket(at path: String, listen listening: Bool) throws -> Int32 {
        let descriptor = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw TestCluster.Missing(description: "socket: errno \(errno)") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            close(descriptor)
            throw TestCluster.Missing(description: "socket path too long: \(path)")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                let size = socklen_t(MemoryLayout<sockaddr_un>.size)
                return listening ? bind(descriptor, pointer, size) : connect(descriptor, pointer, size)
            }
        }
        guard result == 0, !listening || Glibc.listen(descriptor, 16) == 0 else {
            let error = errno
            close(descriptor)
            throw TestCluster.Missing(description: "\(listening ? "bind" : "connect") \(path): errno \(error)")
        }
        if listening { chmod(path, 0o777) }
        return descriptor
    }
}

#endif
