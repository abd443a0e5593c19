import Distribution
import Foundation
import ShipyardTestSupport

/// The test PKI of `Doubles/make_identities.sh` (root CA, Developer ID-style intermediate and
/// leaf, an expired leaf, a time-stamp authority), made once per test process with openssl, and
/// an unsigned Hello.dmg built by us.
enum TestPKI {
  /// The `.p12` password of the test identities.
  static let password = "test-password"

  static let shared = Result { () throws -> ScratchFolder in
    let folder = try ScratchFolder()
    try ProcessRunner.check(
      "bash", [doubles.appendingPathComponent("make_identities.sh").path, folder.url.path])
    let app = PeerPolicy.packageRoot.appendingPathComponent("Examples/Hello.app").path
    _ = try DMGBuilder(
      options: DMGBuildOptions(source: app, output: folder.path("Hello.dmg"), threads: 2)
    ).build()
    return folder
  }

  /// The folder of the test doubles and scripts.
  static let doubles = PeerPolicy.packageRoot.appendingPathComponent(
    "Tests/DistributionTests/Doubles")

  /// The path of a file of the test PKI, such as `identity.p12` or `root.pem`.
  static func path(_ name: String) throws -> String { try shared.get().path(name) }

  /// A fresh copy of the unsigned Hello.dmg in `folder`.
  static func unsignedImage(in folder: ScratchFolder, name: String = "Hello.dmg") throws -> String {
    let target = folder.path(name)
    try FileManager.default.copyItem(atPath: try path("Hello.dmg"), toPath: target)
    return target
  }

  /// The bytes of a PKI file.
  static func bytes(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: URL(fileURLWithPath: try path(name))))
  }
}
