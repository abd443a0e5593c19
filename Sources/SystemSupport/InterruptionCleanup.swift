import Foundation

/// The process-wide list of temporary files and folders to remove when the process is
/// interrupted (SIGINT, SIGTERM), so that an interrupted run leaves nothing behind (issue #19).
///
/// Whatever makes a temporary path registers it *before* creating it, and settles it (renames it
/// into place or removes it) through ``settle(_:_:)``, which runs the rename and forgets the path
/// as one step no interruption falls between. The command line's entry point installs
/// ToolingSupport's interruption handlers once; on a signal they call
/// ``removeAllAndEnd(_:)``, which holds the registry's lock, removes every registered path and
/// ends the process. The registry is portable; catching signals is for command-line tools only,
/// which is why the handlers live apart from it.
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

  private struct Registry: Sendable {
    var nextNumber: UInt64 = 0
    var paths: [UInt64: String] = [:]
  }

  private static let registry = Locked(Registry())

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

  /// Removes every registered path, deepest first, then runs `end`, which must end the process
  /// (report the interruption, then `_exit`), all while the registry is locked, so that no
  /// rename into place or new registration happens meanwhile.
  ///
  /// - Parameter end: Ends the process.
  package static func removeAllAndEnd(_ end: () -> Never) -> Never {
    registry.withLock { registry in
      // Deepest first: a file registered inside a registered folder goes before its folder.
      for path in registry.paths.values.sorted(by: { $0.count > $1.count }) {
        removeTree(path)
      }
      end()
    }
  }

  /// Removes `path` and everything below it.
  ///
  /// The path is first renamed to a fresh name beside it, in one step: threads still
  /// writing by the old path (the process goes on until it exits) then fail instead of adding
  /// to a folder being removed, or making it again. Where the rename is refused, the path is
  /// removed where it is, again while other threads still add to it. Folders that are not
  /// writable (an app's read-only folder, copied with its permissions) are made so first
  /// where removal fails: for anyone but root, nothing in them could be removed otherwise.
  package static func removeTree(_ path: String) {
    // The same name and more, so that whoever looks for what a run left finds it too.
    let aside = path + ".removing-" + String(UInt64.random(in: 0...UInt64.max), radix: 36)
    let target = rename(path, aside) == 0 ? aside : path
    for attempt in 0..<100 {
      guard (try? FileStatus.of(target, followingLinks: false)) != nil else { return }
      do {
        try FileManager.default.removeItem(atPath: target)
      } catch {
        if attempt == 0 { makeFoldersWritable(target) }
      }
    }
  }

  /// Gives the owner full access to `path`, if it is a folder, and to every folder below it.
  private static func makeFoldersWritable(_ path: String) {
    guard let status = try? FileStatus.of(path, followingLinks: false),
      status.kind == .directory
    else { return }
    _ = chmod(path, mode_t(status.permissions) | S_IRWXU)
    for name in (try? FolderListing.names(in: path)) ?? [] {
      makeFoldersWritable(path + "/" + name)
    }
  }
}
