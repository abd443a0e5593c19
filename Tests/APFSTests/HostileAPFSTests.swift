import APFS
import Foundation
import ShipyardTestSupport
import SystemSupport
import Testing
import VolumeInterface

/// Hostile containers, each a real one with one field changed and its checksums resealed (so
/// the bytes reach the parsers): each is the exact error naming the structure and its block,
/// never a trap, a loop or an allocation of what the field claims.
@Suite struct HostileAPFSTests {
  /// The container of ``ContainerRoundTripTests/makeSource(in:)``, in memory.
  static let original = Result { () throws -> [UInt8] in
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let root = try ContainerRoundTripTests.makeSource(in: folder)
    let container = try APFSContainer(root: root, options: VolumeOptions(volumeName: "Hostile"))
    try ContainerFile.write(container, to: folder.file("container.apfs"))
    return [UInt8](try Data(contentsOf: folder.file("container.apfs")))
  }

  /// Everything `dmg inspect` reads of a container.
  static func readEverything(_ bytes: [UInt8]) throws -> Int {
    let reader = try APFSReader(MemoryBytes(bytes))
    _ = try reader.rootFolder()
    let entries = try reader.entries()
    for entry in entries where entry.kind == .file { _ = try reader.contents(of: entry) }
    return entries.count
  }

  @Test func theOriginalReads() throws {
    #expect(try Self.readEverything(try Self.original.get()) == 8)
  }

  @Test(arguments: HostileAPFSCase.all)
  func eachHostileContainerIsItsError(_ hostile: HostileAPFSCase) throws {
    let original = try Self.original.get()
    let (bytes, message) = hostile.apply(to: original)
    #expect(bytes != original)
    let error = #expect(throws: APFSError.self) { try Self.readEverything(bytes) }
    #expect(error.map { "\($0)" } == "not a readable APFS container: " + message)
  }
}
