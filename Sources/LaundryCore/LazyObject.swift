import Synchronization

/// An object made on first use, safely from any thread, and read without a lock: for what is
/// asked for many times a line once it is made (the slot parsers' words), where ``Lazy``'s lock
/// would be taken at every read. Two threads asking first may both make one; the first stored is
/// kept, the other dropped.
public final class LazyObject<Value: AnyObject & Sendable>: Sendable {
    private let made = Atomic<Unmanaged<Value>?>(nil)
    private let make: @Sendable () -> Value

    public init(_ make: @escaping @Sendable () -> Value) {
        self.make = make
    }

    public var value: Value {
        if let made = made.load(ordering: .acquiring) { return made.takeUnretainedValue() }
        let new = Unmanaged.passRetained(make())
        let (stored, held) = made.compareExchange(expected: nil, desired: new, ordering: .acquiringAndReleasing)
        guard stored else {
            new.release()
            return held!.takeUnretainedValue()
        }
        return new.takeUnretainedValue()
    }

    deinit {
        made.load(ordering: .acquiring)?.release()
    }
}
