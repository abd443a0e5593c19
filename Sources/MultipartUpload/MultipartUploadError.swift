/// Why an upload failed outside the form itself.
public enum MultipartUploadError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The server's answer was not an HTTP response.
  case notHTTPResponse
  /// The body could not be written to the temporary file.
  case temporaryFileFailed(path: String, reason: String)
  /// The certificate authorities to trust could not be read from the PEM file at `path`, or
  /// this platform cannot trust them.
  case untrustedCertificates(path: String, reason: String)

  /// A sentence describing the error.
  public var description: String {
    switch self {
    case .notHTTPResponse:
      "the server's answer was not an HTTP response"
    case .temporaryFileFailed(let path, let reason):
      "cannot write the upload body to \(path): \(reason)"
    case .untrustedCertificates(let path, let reason):
      "cannot trust the certificates of \(path): \(reason)"
    }
  }
}
