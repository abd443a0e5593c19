import Foundation
import ShipyardTestSupport

/// The Bom Apple's tools made that the real-code corpus holds (the apple-platform-py 0.1.0
/// sdist, unpacked by scripts/fetch-corpus.sh), and the Python reader it is compared with.
enum AppleBom {
  /// The Bom in the unpacked sdist.
  static let url: URL = {
    let corpus = ProcessInfo.processInfo.environment["SHIPYARD_CORPUS"].map {
      URL(fileURLWithPath: $0)
    }
    return (corpus ?? PeerPolicy.packageRoot.appendingPathComponent(".build/corpus"))
      .appendingPathComponent(
        "apple_platform_py-0.1.0/crates/apple-platform-rs/apple-bom/src/testdata/"
          + "python-applications.bom")
  }()
  /// Its SHA-256.
  static let sha256 = "0daa0308f57adf99d567497825fec54d9010ccf0f70c1d8bca52c7eab2cb09a4"
  /// The Python reader.
  static let peer = PeerPolicy.packageRoot.appendingPathComponent(
    "Tests/InstallerPackageTests/Peers/check_bom.py")
}
