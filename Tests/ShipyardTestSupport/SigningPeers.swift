/// The peers of the signing tests: apple-platform-py (rcodesign's engine, in Python) and openssl.
public enum SigningPeers {
  /// Whether the signing tests run (see ``PeerPolicy``).
  public static let shouldRun = PeerPolicy.shouldRun(
    whenAvailable: ProcessRunner.succeeds("python3", ["-c", "import apple_platform"])
      && ProcessRunner.succeeds("openssl", ["version"]))
}
