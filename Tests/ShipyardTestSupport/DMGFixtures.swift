public import Foundation
public import Testing

/// The real hdiutil images in `../shared/fixtures/dmg`, and when the tests that read them run.
///
/// The folder sits beside the repository on our machines and in CI (which gets a copy of
/// `shared/` beside its clone), but not beside a clone from a public host. There, the tests
/// that read it skip with a reason naming the folder; under `CI=true` they run anyway and fail,
/// as every other peer test does (see ``PeerPolicy``).
public enum DMGFixtures {
  /// The folder holding the images.
  public static var folder: URL { PeerPolicy.dmgFixtures }

  /// Whether the folder is there (its README is how we know it is the fixtures, not an empty
  /// folder).
  public static let isPresent = FileManager.default.fileExists(
    atPath: folder.appendingPathComponent("README.md").path)

  /// Whether a test that reads the images should run: when they are there, and always in CI.
  public static let shouldRun = PeerPolicy.shouldRun(whenAvailable: isPresent)

  /// Why a test that reads the images was skipped.
  public static let skipReason: Comment =
    "needs the hdiutil images in ../shared/fixtures/dmg beside the repository"

  /// The path of the image `name`.
  public static func path(_ name: String) -> String {
    folder.appendingPathComponent(name).path
  }

}
