public import Foundation

/// How ``MultipartUploader`` sends a form.
public struct MultipartUploadOptions: Sendable {
  /// The size in bytes from which bodies go through a temporary file.
  ///
  /// Smaller bodies are encoded in memory; larger ones are streamed to a temporary file first.
  /// The default is 10 MB, as in Alamofire.
  public var memoryThreshold: Int64
  /// The folder for temporary body files; by default the system's temporary folder.
  public var temporaryDirectory: URL?
  /// Whether, on Linux, a body of ``memoryThreshold`` or more goes out through URLSession from a
  /// temporary file, as a stream with `Transfer-Encoding: chunked`, rather than through libcurl
  /// directly with its exact `Content-Length` (the default).
  ///
  /// FoundationNetworking sends a file with a `Content-Length` only through
  /// `uploadTask(with:fromFile:)`, and that stops the whole process (a `try!` on
  /// `curl_easy_pause`) when the task ends, cancelled, failed or answered early, while a read of
  /// the file is pending. So by default Linux sends a large body through an easy handle of
  /// libcurl's own, encoding the form in its read callback: no temporary file, and a file that
  /// changes size mid-upload ends it with `MultipartEncodingError` (a file missing or changed
  /// before is an error before connecting). From the session configuration that transfer
  /// applies the additional headers, the cookie storage and both timeouts (the request's own
  /// `timeoutInterval` when it is not the default 60 seconds); it returns redirects instead of
  /// following them and takes proxies from the environment (`https_proxy` and the like), and it
  /// uses neither the credential storage, nor `protocolClasses` (so `URLProtocol` mocks do not
  /// see it), nor `connectionProxyDictionary`. Set this to `true` to send through URLSession
  /// with all of its configuration, chunked. Apple platforms always send the file through
  /// URLSession with its `Content-Length`; other platforms with FoundationNetworking (Windows,
  /// Android) always send it chunked.
  public var sendsFilesChunkedOnLinux: Bool
  /// How many `307` and `308` redirects an upload follows, sending the same form again to the
  /// new location (without its `Authorization` and `Cookie` headers when the host changes).
  ///
  /// No other redirect is ever followed: a `301`, `302` or `303` would turn the upload into a
  /// `GET` that drops the form, so it comes back as the response, as every redirect does past the
  /// limit. The default, 0, returns every redirect.
  public var redirectLimit: Int
  /// The certificate authorities to trust instead of the system's (`curl --cacert`); `nil` for
  /// the system's.
  ///
  /// On Linux an upload that trusts them goes through libcurl whatever its size (and even with
  /// ``sendsFilesChunkedOnLinux``), since FoundationNetworking's URLSession cannot be told which
  /// authorities to trust; on other platforms with FoundationNetworking the upload fails with
  /// ``MultipartUploadError/untrustedCertificates(path:reason:)``.
  public var trustedCertificates: TrustedCertificates?
  /// When an upload is sent again after a failure that came before the server took the form.
  ///
  /// On Linux an upload that may be retried (a ``UploadRetryPolicy/limit`` above 0) goes through
  /// libcurl whatever its size, as with ``trustedCertificates``: FoundationNetworking reports a
  /// connection reset while connecting as an unknown error, which could not be told apart.
  public var retry: UploadRetryPolicy

  /// Makes options.
  ///
  /// - Parameters:
  ///   - memoryThreshold: The largest body, in bytes, encoded in memory.
  ///   - temporaryDirectory: Where temporary body files go; `nil` for the system's.
  ///   - sendsFilesChunkedOnLinux: Whether Linux sends bodies from their file chunked, through
  ///     URLSession, rather than with their length, through libcurl.
  ///   - redirectLimit: How many `307` and `308` redirects to follow with the same form.
  ///   - trustedCertificates: The certificate authorities to trust instead of the system's.
  ///   - retry: When to send the form again after a failure.
  public init(
    memoryThreshold: Int64 = 10_000_000, temporaryDirectory: URL? = nil,
    sendsFilesChunkedOnLinux: Bool = false, redirectLimit: Int = 0,
    trustedCertificates: TrustedCertificates? = nil, retry: UploadRetryPolicy = UploadRetryPolicy()
  ) {
    self.memoryThreshold = memoryThreshold
    self.temporaryDirectory = temporaryDirectory
    self.sendsFilesChunkedOnLinux = sendsFilesChunkedOnLinux
    self.redirectLimit = redirectLimit
    self.trustedCertificates = trustedCertificates
    self.retry = retry
  }
}
