import Foundation

/// The test PKI's time-stamp authority of 2015 (`expired-tsa.pem`, valid six weeks from
/// 2015-01-01, as Apple's authorities' certificates live about six weeks), answering requests
/// as if the clock read another time: `openssl ts -reply` run under `faketime`.
///
/// Its tokens show what a signature made years ago looks like today: the token's time inside
/// its authority's validity, both long expired.
public enum BackdatedAuthority {
  /// Whether `faketime` (Debian's faketime, libfaketime) runs here.
  public static let isAvailable = ProcessRunner.succeeds("faketime", ["2015-01-01", "true"])

  /// The tests' requirement, for `.enabled(if:)`.
  public static let requirement = "needs faketime, openssl and apple-platform-py"

  /// The DER time-stamp response to `request`, its token's `genTime` being `time`.
  ///
  /// - Parameters:
  ///   - request: A DER `TimeStampReq`.
  ///   - time: The clock `openssl ts -reply` sees, as `faketime` takes it: `2015-01-01 12:00:00`.
  /// - Returns: The DER `TimeStampResp`.
  /// - Throws: ``ProcessFailure`` when openssl fails.
  public static func reply(to request: [UInt8], at time: String) throws -> [UInt8] {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let query = try folder.write(request, to: "request.tsq")
    let response = folder.path("response.tsr")
    // The authority's configuration names its serial file relative to the PKI's folder.
    let pki = URL(fileURLWithPath: try TestPKI.path("root.pem")).deletingLastPathComponent().path
    try ProcessRunner.check(
      "bash",
      [
        "-c",
        "cd \"$0\" && TZ=UTC exec faketime \"$1\" openssl ts -reply -queryfile \"$2\" "
          + "-signer expired-tsa.pem -inkey expired-tsa.key -config ext.cnf "
          + "-section tsa_section -out \"$3\" 2>/dev/null",
        pki, time, query.path, response,
      ])
    return Array(try Data(contentsOf: URL(fileURLWithPath: response)))
  }
}
