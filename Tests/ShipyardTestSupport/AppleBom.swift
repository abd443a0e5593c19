public import Foundation

/// The Bom Apple's tools made that the real-code corpus holds (the apple-platform-py 0.1.0
/// sdist, unpacked by scripts/fetch-corpus.sh), and the Python reader it is compared with: read
/// by InstallerPackageTests' BomReader tests and DistributionTests' package inspection.
public enum AppleBom {
  /// The Bom in the unpacked sdist.
  public static let url: URL = {
    let corpus = ProcessInfo.processInfo.environment["SHIPYARD_CORPUS"].map {
      URL(fileURLWithPath: $0)
    }
    return (corpus ?? PeerPolicy.packageRoot.appendingPathComponent(".build/corpus"))
      .appendingPathComponent(
        "apple_platform_py-0.1.0/crates/apple-platform-rs/apple-bom/src/testdata/"
          + "python-applications.bom")
  }()
  /// Whether the corpus holds it.
  public static var isAvailable: Bool { FileManager.default.fileExists(atPath: url.path) }
  /// Its SHA-256.
  public static let sha256 = "0daa0308f57adf99d567497825fec54d9010ccf0f70c1d8bca52c7eab2cb09a4"
  /// The Python reader.
  public static let peer = PeerPolicy.packageRoot.appendingPathComponent(
    "Tests/InstallerPackageTests/Peers/check_bom.py")

  /// One path as the Python reader prints it.
  public struct Record: Decodable, Sendable {
    /// The path, such as `./Python 3.9`.
    public var path: String
    /// `file`, `dir`, `link` or `dev`.
    public var type: String
    /// The type bits and permissions.
    public var mode: UInt16
    /// The owner's user ID.
    public var uid: UInt32
    /// The owner's group ID.
    public var gid: UInt32
    /// The modification time, in seconds since 1970.
    public var mtime: Int64
    /// The size.
    public var size: Int64
    /// The POSIX `cksum`.
    public var checksum: UInt32
    /// A link's target, else empty.
    public var link: String
    /// The record's architecture field.
    public var arch: UInt16
  }

  /// Every path of the Bom, as the Python reader reads it.
  public static func peerRecords() throws -> [Record] {
    let output = try ProcessRunner.check("python3", [peer.path, url.path, "--json"])
    return try JSONDecoder().decode([Record].self, from: output)
  }
}
