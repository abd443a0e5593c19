public import Foundation

/// The test PKI of `Doubles/make_identities.sh` (root CA, Developer ID-style intermediate and
/// leaf, an expired leaf, a time-stamp authority), made once per test process with openssl.
public enum TestPKI {
  /// The `.p12` password of the test identities.
  public static let password = "test-password"

  /// The folder of the test doubles and scripts: the PKI's, and the Notary double's.
  public static let doubles = PeerPolicy.packageRoot.appendingPathComponent(
    "Tests/ShipyardTestSupport/Doubles")

  static let shared = Result { () throws -> ScratchFolder in
    let folder = try ScratchFolder()
    try make(in: folder)
    return folder
  }

  /// Makes the PKI's files in `folder` (`identity.p12`, `root.pem`, …).
  public static func make(in folder: ScratchFolder) throws {
    try ProcessRunner.check(
      "bash", [doubles.appendingPathComponent("make_identities.sh").path, folder.url.path])
  }

  /// The path of a file of the test PKI, such as `identity.p12` or `root.pem`.
  public static func path(_ name: String) throws -> String { try shared.get().path(name) }

  /// `SHIPYARD_TRUST_ROOTS=<root.pem>`, for `env`: the test PKI's root as a trust root of the
  /// `shipyard` run, whose `dmg verify` and `dmg ship` trust Apple's roots only otherwise.
  public static func trustRootsVariable() throws -> String {
    "SHIPYARD_TRUST_ROOTS=\(try path("root.pem"))"
  }

  /// The bytes of a PKI file.
  public static func bytes(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: URL(fileURLWithPath: try path(name))))
  }
}
