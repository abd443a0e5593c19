import Foundation

/// The peers that read flat installer packages back: 7-Zip, and the Python reader written from
/// the formats' descriptions (InstallerPackageTests/Peers/check_pkg.py, which needs lxml).
public enum PackagePeers {
  /// Whether 7-Zip and lxml are here.
  public static let available =
    ProcessRunner.succeeds("7zz", ["i"])
    && ProcessRunner.succeeds("python3", ["-c", "import lxml"])
  /// What a suite that needs them says when they are absent.
  public static let requirement = "needs 7zz (apt 7zip) and lxml (pip lxml)"
  /// The Python reader of flat packages.
  public static let checker = PeerPolicy.packageRoot.appendingPathComponent(
    "Tests/InstallerPackageTests/Peers/check_pkg.py"
  ).path
}
