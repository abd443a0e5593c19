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
  /// Whether, on Linux, a body sent from its temporary file goes out as a stream with
  /// `Transfer-Encoding: chunked` (the default) rather than with its exact `Content-Length`.
  ///
  /// FoundationNetworking sends a file with a `Content-Length` only through
  /// `uploadTask(with:fromFile:)`, and that stops the whole process (a `try!` on
  /// `curl_easy_pause`) when the task ends, cancelled, failed or answered early, while a read of
  /// the file is pending. Set this to `false` for a server that requires a `Content-Length` where
  /// a failed upload may end the process, as in a command-line tool; or raise
  /// ``memoryThreshold`` above the body's size to send it from memory. Apple platforms always send
  /// the file with its `Content-Length`.
  public var sendsFilesChunkedOnLinux: Bool

  /// Makes options.
  ///
  /// - Parameters:
  ///   - memoryThreshold: The largest body, in bytes, encoded in memory.
  ///   - temporaryDirectory: Where temporary body files go; `nil` for the system's.
  ///   - sendsFilesChunkedOnLinux: Whether Linux streams bodies from their file chunked.
  public init(
    memoryThreshold: Int64 = 10_000_000, temporaryDirectory: URL? = nil,
    sendsFilesChunkedOnLinux: Bool = true
  ) {
    self.memoryThreshold = memoryThreshold
    self.temporaryDirectory = temporaryDirectory
    self.sendsFilesChunkedOnLinux = sendsFilesChunkedOnLinux
  }
}
