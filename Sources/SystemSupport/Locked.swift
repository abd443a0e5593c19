import Foundation

/// A value that threads share, read and changed only while holding its lock.
///
/// It stands in for `Synchronization.Mutex`, which needs macOS 15 while the package supports
/// macOS 13: a final class over an `NSLock`, so that copies of a struct holding one share the
/// value. Every access goes through ``withLock(_:)``, which holds the lock for the whole closure,
/// so a read and the write that depends on it happen as one step:
///
/// ```swift
/// let next = Locked(0)
/// DispatchQueue.concurrentPerform(iterations: 4) { _ in
///   while let index = next.withLock({ n -> Int? in
///     guard n < count else { return nil }
///     defer { n += 1 }
///     return n
///   }) { work(index) }
/// }
/// ```
///
/// The box is `Sendable` when its value is. The lock is not recursive: calling ``withLock(_:)``
/// on the same box from inside its closure deadlocks.
package final class Locked<Value> {
  // MARK: - Properties

  private let lock = NSLock()
  private var value: Value

  // MARK: - Lifecycle

  /// Makes a box holding `initialValue`.
  ///
  /// - Parameter initialValue: The value before any access.
  package init(_ initialValue: Value) {
    value = initialValue
  }

  // MARK: - API

  /// Runs `body` on the value while holding the lock, and returns what it returns.
  ///
  /// Keep `body` short and free of waiting (no I/O, no `await`): other threads block until it
  /// ends. Work that need not see the value, such as calling a completion handler, belongs
  /// after the call, on what `body` returned.
  ///
  /// - Parameter body: Reads or changes the value.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws; the lock is released and changes made before the throw stay.
  package func withLock<Result, Failure: Error>(
    _ body: (inout Value) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}

// The lock serializes every access to `value`, so sharing the box is safe when the value may
// itself cross threads.
extension Locked: @unchecked Sendable where Value: Sendable {}
