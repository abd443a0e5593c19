public import Foundation

/// The certificate authorities an upload trusts instead of the system's: the certificates of a
/// PEM bundle, as `curl --cacert` reads one.
///
/// On Linux libcurl reads the file itself (`CURLOPT_CAINFO`, with no `CURLOPT_CAPATH`), so every
/// upload that trusts them goes through libcurl, whatever its size: FoundationNetworking's
/// URLSession cannot be told which authorities to trust. On Apple platforms the upload task's
/// delegate evaluates the server's trust against ``certificates`` as its only anchors.
public struct TrustedCertificates: Sendable, Equatable {
  // MARK: - Properties

  /// The PEM file the certificates were read from.
  public let file: URL
  /// Each certificate, DER-encoded, in the file's order.
  public let certificates: [Data]

  // MARK: - Lifecycle

  /// Reads the certificates of the PEM file at `file`.
  ///
  /// Text around the `-----BEGIN CERTIFICATE-----` blocks is ignored, as OpenSSL ignores it.
  ///
  /// - Parameter file: A PEM bundle of one certificate or more.
  /// - Throws: ``MultipartUploadError/untrustedCertificates(path:reason:)`` when the file cannot
  ///   be read, holds no certificate, or holds one that is cut short or not base64.
  public init(contentsOf file: URL) throws(MultipartUploadError) {
    func failure(_ reason: String) -> MultipartUploadError {
      .untrustedCertificates(path: file.path, reason: reason)
    }
    guard let bytes = FileManager.default.contents(atPath: file.path) else {
      throw failure("the file cannot be read (it is missing, a folder, or not readable)")
    }
    let begin = "-----BEGIN CERTIFICATE-----"
    let end = "-----END CERTIFICATE-----"
    var rest = String(decoding: bytes, as: UTF8.self)[...]
    var certificates: [Data] = []
    while let start = rest.range(of: begin) {
      guard let stop = rest.range(of: end, range: start.upperBound..<rest.endIndex) else {
        throw failure("certificate \(certificates.count + 1) has no \(end) line (cut short?)")
      }
      let base64 = rest[start.upperBound..<stop.lowerBound].filter { !$0.isWhitespace }
      guard let der = Data(base64Encoded: String(base64)), !der.isEmpty else {
        throw failure("certificate \(certificates.count + 1) is not base64")
      }
      certificates.append(der)
      rest = rest[stop.upperBound...]
    }
    guard !certificates.isEmpty else {
      throw failure("it holds no PEM certificate (\(begin))")
    }
    self.file = file
    self.certificates = certificates
  }
}
