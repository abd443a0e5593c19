import Dispatch
import Foundation

/// The process-wide list of temporary files and folders to remove when the process is
/// interrupted (SIGINT, SIGTERM), so that an interrupted run leaves nothing behind (issue #19).
///
/// Whatever makes a temporary path registers it *before* creating it, and settles it (renames it
/// into place or removes it) through ``settle(_:_:)``, which runs the rename and forgets the path
/// as one step no interruption falls between. The command line's entry point calls
/// ``installHandlers(report:)`` once: the signals are then delivered to a dispatch source on a
/// queue of their own (not to a C handler, so nothing runs on an interrupted thread and no
/// async-signal-safety is needed), which holds the registry's lock, removes every registered
/// path, reports the signal and ends the process with `_exit(128 + signal)`.
///
/// ```swift
/// let ticket = InterruptionCleanup.register(temporaryPath)
/// let descriptor = try FileDescriptor.createExclusively(temporaryPath)
/// // … write …
/// try InterruptionCleanup.settle(ticket) { try renameIntoPlace() }
/// ```
///
/// Without installed handlers registering costs a lock and a dictionary entry, and nothing
/// else happens: library clients keep their own signal handling.
package enum InterruptionCleanup {
  /// What ``register(_:)`` hands back, to settle the path with.
  package struct Ticket: Sendable, Hashable {
    fileprivate let number: UInt64
  }

  // The dispatch sources are only kept (never used) and only touched under the lock.
  private struct Registry: @unchecked Sendable {
    var nextNumber: UInt64 = 0
    var paths: [UInt64: String] = [:]
    var sources: [any DispatchSourceSignal] = []
  }

  private static let registry = Locked(Registry())

  /// The signals the handlers catch: an interrupt from the terminal and a termination request
  /// (what CI sends when it cancels a job).
  package static let signals: [Int32] = [SIGINT, SIGTERM]

  /// Registers `path` (a file or a folder, removed with all it holds) for removal on an
  /// interruption; call it before creating the path, so no moment leaves it unregistered.
  ///
  /// - Parameter path: The temporary path.
  /// - Returns: The ticket to settle the path with.
  package static func register(_ path: String) -> Ticket {
    registry.withLock { registry in
      registry.nextNumber += 1
      registry.paths[registry.nextNumber] = path
      return Ticket(number: registry.nextNumber)
    }
  }

  /// Runs `body` (the rename that puts the path into place, or its removal) and forgets the
  /// path, with no interruption's cleanup between the two; the path is forgotten when `body`
  /// throws too.
  ///
  /// - Parameters:
  ///   - ticket: What ``register(_:)`` gave.
  ///   - body: What settles the path.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  package static func settle<Result, Failure: Error>(
    _ ticket: Ticket, _ body: () throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try registry.withLock { (registry: inout Registry) throws(Failure) -> Result in
      defer { registry.paths[ticket.number] = nil }
      return try body()
    }
  }

  /// Forgets the path of `ticket` (removed, or kept on purpose).
  ///
  /// - Parameter ticket: What ``register(_:)`` gave.
  package static func unregister(_ ticket: Ticket) {
    settle(ticket) {}
  }

  /// The paths registered now, for tests.
  package static var registeredPaths: [String] {
    registry.withLock { $0.paths.values.sorted() }
  }

  /// Catches ``signals``: on one, removes every registered path, calls `report` with the
  /// signal's number and ends the process with status 128 + that number.
  ///
  /// Call it once, from the program's entry point, on its main thread: the signals are unblocked
  /// there, and their default actions replaced (`SIG_IGN` while the dispatch source waits);
  /// programs started later get the default actions back when they `exec`.
  ///
  /// - Parameter report: Says that the run was interrupted (on standard error); it runs on the
  ///   handlers' queue while the registry is locked.
  package static func installHandlers(report: @escaping @Sendable (Int32) -> Void) {
    let queue = DispatchQueue(label: "shipyard.interruption-cleanup", qos: .userInteractive)
    // A parent may start us with the signals blocked (test runners block SIGTERM): unblocked on
    // this thread, they reach the handlers.
    var unblocked = sigset_t()
    sigemptyset(&unblocked)
    for number in signals { sigaddset(&unblocked, number) }
    pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
    registry.withLock { registry in
      for number in signals {
        signal(number, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
        source.setEventHandler { interrupted(by: number, report: report) }
        source.resume()
        registry.sources.append(source)
      }
    }
  }

  /// Removes every registered path, reports and exits, holding the lock so that no rename into
  /// place or new registration happens meanwhile.
  private static func interrupted(by number: Int32, report: @Sendable (Int32) -> Void) {
    registry.withLock { registry in
      // Deepest first: a file registered inside a registered folder goes before its folder.
      for path in registry.paths.values.sorted(by: { $0.count > $1.count }) {
        removeTree(path)
      }
      report(number)
      _exit(128 + number)
    }
  }

  /// Removes `path` and everything below it.
  ///
  /// The path is first renamed to a fresh hidden name beside it, in one step: threads still
  /// writing by the old path (the process goes on until it exits) then fail instead of adding
  /// to a folder being removed, or making it again. Where the rename is refused, the path is
  /// removed where it is, again while other threads still add to it.
  package static func removeTree(_ path: String) {
    let aside = AtomicOutputFile.temporarySibling(of: path)
    let target = rename(path, aside) == 0 ? aside : path
    for _ in 0..<100 {
      guard (try? FileStatus.of(target, followingLinks: false)) != nil else { return }
      try? FileManager.default.removeItem(atPath: target)
    }
  }
}
