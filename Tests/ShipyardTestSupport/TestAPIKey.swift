/// App Store Connect-style API keys for tests: an EC P-256 private key in PKCS#8 PEM, the form
/// of the `AuthKey_<id>.p8` files Apple hands out, made by `openssl`.
public enum TestAPIKey {
  /// Writes a new key at `path` and returns the path of the same key in OpenSSL's own EC form
  /// (`<path>.ec`, written beside it), from which a test derives the public key or the DER.
  ///
  /// - Parameter path: Where the `.p8` goes.
  /// - Returns: The path of the EC form.
  /// - Throws: When `openssl` fails.
  @discardableResult
  public static func write(to path: String) throws -> String {
    let ec = path + ".ec"
    try ProcessRunner.check(
      "openssl", ["ecparam", "-genkey", "-name", "prime256v1", "-noout", "-out", ec])
    try ProcessRunner.check("openssl", ["pkcs8", "-topk8", "-nocrypt", "-in", ec, "-out", path])
    return ec
  }
}
