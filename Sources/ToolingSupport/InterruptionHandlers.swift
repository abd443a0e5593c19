import CSignalForwarding
import Foundation
import SystemSupport

/// Catches SIGINT and SIGTERM for a command-line tool: on one, every path registered with
/// ``SystemSupport/InterruptionCleanup`` is removed, the interruption reported and the process
/// ended with status 128 + the signal's number (issue #19).
///
/// A signal's handler only writes its number to a pipe (the one thing a handler can safely do, on
/// whatever thread it interrupts), and a thread of our own reading the pipe does the rest.
///
/// ```swift
/// InterruptionHandlers.install { number in printError("interrupted (signal \(number))") }
/// ```
package enum InterruptionHandlers {
  /// The signals caught: an interrupt from the terminal and a termination request (what CI
  /// sends when it cancels a job).
  package static let signals: [Int32] = [SIGINT, SIGTERM]

  /// Whether the handlers are installed.
  private static let installed = Locked(false)

  /// Catches ``signals``: on one, removes every registered path, calls `report` with the
  /// signal's number and ends the process with status 128 + that number.
  ///
  /// Call it once, from the program's entry point; later calls do nothing. From its return on,
  /// no signal is missed: the handlers are in place (not installed later on another thread, as
  /// libdispatch's signal sources are, which lose a signal that comes first; on Linux they also
  /// lose one the kernel hands to a thread other than the one they forward it to, such as the
  /// main thread waiting in `dispatch_main`, whose mask is empty). Programs started later get
  /// the default actions back, as `exec` resets handlers.
  ///
  /// - Parameter report: Says that the run was interrupted (on standard error); it runs on the
  ///   handlers' thread while the registry is locked.
  package static func install(report: @escaping @Sendable (Int32) -> Void) {
    installed.withLock { installed in
      guard !installed else { return }
      var ends: [Int32] = [-1, -1]
      guard pipe(&ends) == 0 else {
        fatalError("cannot make the interruption pipe: \(SystemError("pipe"))")
      }
      for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
      // A handler must never wait, even on a pipe filled by a storm of signals.
      _ = fcntl(ends[1], F_SETFL, O_NONBLOCK)
      let readEnd = ends[0]
      let reader = Thread { waitForSignal(on: readEnd, report: report) }
      reader.name = "shipyard.interruption-cleanup"
      reader.start()
      guard shipyard_forward_signals(ends[1], signals, Int32(signals.count)) == 0 else {
        fatalError("cannot install the interruption handlers: \(SystemError("sigaction"))")
      }
      installed = true
    }
    // A parent may start us with the signals blocked (test runners block SIGTERM).
    var caught = sigset_t()
    sigemptyset(&caught)
    for number in signals { sigaddset(&caught, number) }
    pthread_sigmask(SIG_UNBLOCK, &caught, nil)
  }

  /// Reads signal numbers from the handlers' pipe; the first ends the process.
  private static func waitForSignal(on descriptor: Int32, report: @Sendable (Int32) -> Void) {
    var number: UInt8 = 0
    while true {
      let count = read(descriptor, &number, 1)
      if count == 1 {
        InterruptionCleanup.removeAllAndEnd {
          report(Int32(number))
          _exit(128 + Int32(number))
        }
      }
      if count < 0 && errno == EINTR { continue }
      if count <= 0 { return }
    }
  }
}
