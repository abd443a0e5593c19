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
}
