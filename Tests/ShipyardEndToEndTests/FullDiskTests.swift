import Foundation
import ShipyardTestSupport
import Testing

/// A full disk (issue #19, Must-show 4): `dmg build` to a full volume and `app sign` of an app on
/// a nearly full one fail with an error naming ENOSPC and the path, leaving nothing at the
/// target or beside it and the previous file unchanged.
@Suite(
  .serialized, .enabled(if: SmallVolume.shouldRun, Comment(rawValue: SmallVolume.skipReason)))
struct FullDiskTests {
  @Test(arguments: [false, true])
  func aBuildToAFullDiskSaysSoAndLeavesNothing(withPreviousImage: Bool) throws {
    let workspace = try FaultWorkspace(megabytes: 8)
    defer { workspace.folder.remove() }
    let volume = try SmallVolume(size: "2m", in: workspace.folder)
    defer { volume.remove() }
    let image = volume.url.appendingPathComponent("Big.dmg")
    let previous = Data("the previous image".utf8)
    if withPreviousImage { try previous.write(to: image) }

    let run = try ProcessRunner.run(
      BuiltProducts.shipyard.path, ["dmg", "build", workspace.source, "-o", image.path, "--force"])
    #expect(run.status == 1)
    #expect(run.standardError.contains("ENOSPC"), "\(run.standardError)")
    #expect(run.standardError.contains("disk is full"), "\(run.standardError)")
    #expect(run.standardError.contains(image.path), "\(run.standardError)")
    let contents = try workspace.contents(of: volume.url)
    if withPreviousImage {
      #expect(contents == ["Big.dmg"])
      #expect(try Data(contentsOf: image) == previous)
    } else {
      #expect(contents.isEmpty)
    }
  }

  @Test(.enabled(if: ElectronAppFixture.shouldRun, ElectronAppFixture.skipReason))
  func signingAnAppOnANearlyFullDiskSaysSoAndLeavesTheApp() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let volume = try SmallVolume(size: "64m", in: folder)
    defer { volume.remove() }
    let fixture = try ElectronAppFixture.write(in: volume.url)
    // The staging copy links the app's files (free), the signed Mach-O files need new space.
    try volume.fill(leaving: 64 * 1024)
    let before = try TreeSnapshot(of: fixture.url)

    let run = try ProcessRunner.run(
      "env",
      [
        "PATH=/usr/bin:/bin", BuiltProducts.shipyard.path, "app", "sign", fixture.url.path,
        "--pem", try TestPKI.path("identity.pem"), "--no-timestamp",
      ])
    #expect(run.status == 1)
    #expect(run.standardError.contains("ENOSPC"), "\(run.standardError)")
    #expect(run.standardError.contains(fixture.url.path), "\(run.standardError)")
    #expect(try TreeSnapshot(of: fixture.url) == before)
    #expect(try TreeSnapshot.stagingLeftovers(of: "Demo.app", in: volume.url).isEmpty)
  }
}
