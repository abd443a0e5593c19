import Foundation

/// The test PKI's time-stamp authorities answering RFC 3161 requests with `openssl ts -reply`:
/// the current one (`tsa.pem`, valid ten years from the PKI's making), and the one of 2015
/// (`expired-tsa.pem`, valid six weeks from 2015-01-01, as Apple's authorities' certificates
/// live about six weeks), which answers as if the clock read another time, under `faketime`.
///
/// The 2015 authority's tokens show what a signature made years ago looks like today: the
/// token's time inside its authority's validity, both long expired.
public enum TestTimestampAuthority {
  /// Whether `faketime` (Debian's faketime, libfaketime) runs here, for ``backdatedReply(to:at:)``.
  public static let canBackdate = ProcessRunner.succeeds("faketime", ["2015-01-01", "true"])

  /// The backdating tests' requirement, for `.enabled(if:)`.
  public static let backdatingRequirement = "needs faketime, openssl and apple-platform-py"

  /// The DER time-stamp response of the current authority to `request`, stamped now.
  ///
  /// - Parameter request: A DER `TimeStampReq`.
  /// - Returns: The DER `TimeStampResp`.
  /// - Throws: ``ProcessFailure`` when openssl fails.
  public static func reply(to request: [UInt8]) throws -> [UInt8] {
    try reply(to: request, signer: "tsa", clock: [])
  }

  /// The DER time-stamp response of the 2015 authority to `request`, its token's `genTime`
  /// being `time`.
  ///
  /// - Parameters:
  ///   - request: A DER `TimeStampReq`.
  ///   - time: The clock `openssl ts -reply` sees, as `faketime` takes it: `2015-01-01 12:00:00`.
  /// - Returns: The DER `TimeStampResp`.
  /// - Throws: ``ProcessFailure`` when openssl fails.
  public static func backdatedReply(to request: [UInt8], at time: String) throws -> [UInt8] {
    try reply(to: request, signer: "expired-tsa", clock: ["faketime", time])
  }

  /// The response of the authority whose certificate and key are `<signer>.pem` and
  /// `<signer>.key`, run under `clock` (a command prefix).
  private static func reply(to request: [UInt8], signer: String, clock: [String]) throws
    -> [UInt8]
  {
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
        "cd \"$0\" && q=$1 s=$2 r=$3 && shift 3 && TZ=UTC exec \"$@\" openssl ts -reply "
          + "-queryfile \"$q\" -signer \"$s.pem\" -inkey \"$s.key\" -config ext.cnf "
          + "-section tsa_section -out \"$r\" 2>/dev/null",
        pki, query.path, signer, response,
      ] + clock)
    return Array(try Data(contentsOf: URL(fileURLWithPath: response)))
  }
}
