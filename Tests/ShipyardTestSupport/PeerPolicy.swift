public import Foundation

/// When tests that need an outside peer run.
///
/// A peer test is skipped only when its peer is missing and `CI` is not `true`; under `CI=true`
/// it runs anyway, so that a missing peer fails instead of letting CI pass by skipping.
public enum PeerPolicy {
  /// Whether this run is CI's (`CI=true`).
  public static let isCI = ProcessInfo.processInfo.environment["CI"] == "true"

  /// Whether a test whose peers are `available` should run.
  public static func shouldRun(whenAvailable available: Bool) -> Bool {
    available || isCI
  }

  /// The repository's root folder, found from this source file.
  public static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The real hdiutil images in `../shared/fixtures/dmg` (beside the repository, on every machine
  /// that runs the tests, CI's included).
  public static var dmgFixtures: URL {
    packageRoot.deletingLastPathComponent().appendingPathComponent("shared/fixtures/dmg")
  }

  /// Whether perl with its `Encode` module (the Mac OS Hebrew and Thai tables) is installed:
  /// the peer of DiskImage's code pages, and through it of the license resources' texts.
  public static let perlWithEncode = ProcessRunner.succeeds("perl", ["-MEncode", "-e", "1"])

  /// The folder holding the multipart peer programs.
  public static var multipartPeers: URL {
    packageRoot.appendingPathComponent("Tests/MultipartTests/Peers")
  }
}
