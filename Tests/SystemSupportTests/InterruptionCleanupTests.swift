import Foundation
import ShipyardTestSupport
import SystemSupport
import Testing

/// The registry of temporary paths an interruption removes: registered before creation,
/// forgotten once settled (renamed into place or removed), and removed whole, folders included.
@Suite struct InterruptionCleanupTests {
  @Test func aSettledPathIsForgottenWhetherItsBodyThrowsOrNot() {
    let path = "/nonexistent/.Test.dmg.shipyard-\(UUID().uuidString).tmp"
    let ticket = InterruptionCleanup.register(path)
    #expect(InterruptionCleanup.registeredPaths.contains(path))
    InterruptionCleanup.settle(ticket) {}
    #expect(!InterruptionCleanup.registeredPaths.contains(path))

    struct Refused: Error {}
    let again = InterruptionCleanup.register(path)
    #expect(throws: Refused.self) { try InterruptionCleanup.settle(again) { throw Refused() } }
    #expect(!InterruptionCleanup.registeredPaths.contains(path))
  }

  @Test func removingATreeRemovesItsFilesFoldersAndLinks() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let root = scratch.file("tree")
    let inner = root.appendingPathComponent("A.app/Contents")
    try FileManager.default.createDirectory(at: inner, withIntermediateDirectories: true)
    try Data("x".utf8).write(to: inner.appendingPathComponent("file"))
    try FileManager.default.createSymbolicLink(
      atPath: inner.appendingPathComponent("link").path, withDestinationPath: "/")
    InterruptionCleanup.removeTree(root.path)
    #expect(!FileManager.default.fileExists(atPath: root.path))
    InterruptionCleanup.removeTree(root.path)  // an absent path is no error
  }

  /// A tree removed while another thread still writes into it is removed whole.
  ///
  /// So it goes in an interrupted `app merge`: the handler removes the staging folder while the
  /// writer, on another thread, still makes folders and files in it by path until the process
  /// exits. Nothing may be left: neither the folder nor a part of it made again.
  @Test func aTreeStillBeingWrittenIsRemovedWhole() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let root = scratch.path(".My.app.shipyard-test.tmp")
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: false)
    let stop = Locked(false)
    let writing = DispatchSemaphore(value: 0)
    let writer = Thread {
      var index = 0
      while !stop.withLock({ $0 }) {
        let folder = "\(root)/\(index % 40)"
        mkdir(folder, 0o755)
        let descriptor = open("\(folder)/\(index)", O_CREAT | O_WRONLY, 0o644)
        if descriptor >= 0 { close(descriptor) }
        if index == 2_000 { writing.signal() }
        index += 1
      }
      writing.signal()
    }
    writer.start()
    writing.wait()
    InterruptionCleanup.removeTree(root)
    usleep(20_000)  // the writer goes on a while, as the process does until it exits
    stop.withLock { $0 = true }
    writing.wait()
    #expect(scratch.contents == [])
  }
}
