#if canImport(CCurlTransfer)
import CCurlTransfer
import Foundation
import FoundationNetworking
import Multipart
import SystemSupport

/// One libcurl transfer of a ``CurlUpload``: it owns the easy handle and the form's reader, and
/// libcurl's callbacks (in `CurlTransfer+Callbacks.swift`) reach it through their context pointer.
///
/// It runs on libcurl's multi interface, whose wait ``cancel()`` can wake from any thread;
/// everything but `control` is touched only by the thread in ``perform()``.
final class CurlTransfer: @unchecked Sendable {
  let upload: CurlUpload
  let progress: (@Sendable (UploadProgress) -> Void)?
  private let control = Locked(Control())
  /// The form's encoder, made afresh when libcurl rewinds the body.
  var reader: MultipartBodyReader?
  /// Why the body could not be produced, when it could not.
  var readFailure: MultipartEncodingError?
  var head = CurlResponseHead()
  var body = Data()
  /// Bytes sent and received when they last moved, and when that was: the idle timeout's clock.
  var lastMovement = (sent: Int64(-1), received: Int64(-1), at: ContinuousClock.now)
  /// Whether the request timeout ended the transfer (no byte moved for that long).
  var isIdleTimedOut = false

  init(upload: CurlUpload, progress: (@Sendable (UploadProgress) -> Void)?) {
    self.upload = upload
    self.progress = progress
  }

  /// libcurl's version, as the default `User-Agent` names it.
  static let version = String(cString: shipyard_curl_version())

  /// Whether the transfer is cancelled, and the multi handle to wake while it runs.
  private struct Control {
    var isCancelled = false
    var multi: UnsafeMutableRawPointer?
  }

  var isCancelled: Bool { control.withLock(\.isCancelled) }

  /// Ends the transfer now: its wait for the network is woken.
  func cancel() {
    control.withLock { control in
      control.isCancelled = true
      if let multi = control.multi { curl_multi_wakeup(multi) }
    }
  }

  /// Runs the transfer to its end, on the calling thread.
  func perform() throws -> (Data, HTTPURLResponse) {
    let url = upload.request.url
    // libcurl would upload to ftp:// or file:// too; URLSession sends HTTP only.
    guard let scheme = url?.scheme?.lowercased(), ["http", "https"].contains(scheme) else {
      throw CurlUpload.error(
        for: CURLE_UNSUPPORTED_PROTOCOL, detail: "only http and https URLs can take an upload",
        url: url)
    }
    let reader = try MultipartBodyReader(upload.form)
    try reader.checkFiles()  // a missing or changed file is an error before connecting
    self.reader = reader
    defer { self.reader?.close() }
    // Freed after the handle: libcurl may use both until curl_easy_cleanup.
    let message = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
    message.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
    defer { message.deallocate() }
    var headers: UnsafeMutablePointer<curl_slist>?
    defer { curl_slist_free_all(headers) }
    for line in upload.headerLines {
      guard let longer = curl_slist_append(headers, line) else { throw Self.outOfMemory(url) }
      headers = longer
    }
    shipyard_curl_initialize()
    guard let handle = curl_easy_init() else { throw Self.outOfMemory(url) }
    defer { curl_easy_cleanup(handle) }
    let configured = configure(handle, headers: headers, errorBuffer: message)
    let code = configured == CURLE_OK ? run(handle) : configured
    if isCancelled { throw CancellationError() }
    if code == CURLE_OK {
      return (body, try head.response(for: url, statusCode: shipyard_curl_response_code(handle)))
    }
    if let readFailure { throw readFailure }
    if isIdleTimedOut {
      throw CurlUpload.error(
        for: CURLE_OPERATION_TIMEDOUT,
        detail:
          "timed out: no byte was sent or received for \(String(format: "%g", upload.idleTimeout)) s",
        url: url)
    }
    let detail = String(cString: message)
    throw CurlUpload.error(
      for: code, detail: detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail,
      url: url, responseStarted: head.httpVersion != nil)
  }

  private static func outOfMemory(_ url: URL?) -> URLError {
    CurlUpload.error(for: CURLE_OUT_OF_MEMORY, detail: "libcurl cannot start a transfer", url: url)
  }

  /// Runs the transfer on a multi handle of its own until it ends or is cancelled.
  private func run(_ handle: UnsafeMutableRawPointer) -> CURLcode {
    guard let multi = curl_multi_init() else { return CURLE_OUT_OF_MEMORY }
    control.withLock { $0.multi = multi }
    defer {
      control.withLock { $0.multi = nil }
      curl_multi_remove_handle(multi, handle)
      curl_multi_cleanup(multi)
    }
    guard curl_multi_add_handle(multi, handle) == CURLM_OK else { return CURLE_FAILED_INIT }
    var running: Int32 = 1
    while running > 0 {
      if isCancelled { return CURLE_ABORTED_BY_CALLBACK }
      guard curl_multi_perform(multi, &running) == CURLM_OK else { return CURLE_FAILED_INIT }
      // Woken by the network, by cancel(), or after a second, when the idle clock is checked.
      if running > 0, curl_multi_poll(multi, nil, 0, 1000, nil) != CURLM_OK {
        return CURLE_FAILED_INIT
      }
    }
    var queued: Int32 = 0
    while let message = curl_multi_info_read(multi, &queued) {
      if message.pointee.msg == CURLMSG_DONE { return message.pointee.data.result }
    }
    return CURLE_FAILED_INIT
  }

  private func configure(
    _ handle: UnsafeMutableRawPointer, headers: UnsafeMutablePointer<curl_slist>?,
    errorBuffer: UnsafeMutablePointer<CChar>
  ) -> CURLcode {
    let context = Unmanaged.passUnretained(self).toOpaque()
    var options = CurlOptions(handle: handle)
    options.set(CURLOPT_NOSIGNAL, 1)
    options.set(CURLOPT_URL, string: upload.request.url?.absoluteString ?? "")
    options.set(CURLOPT_CUSTOMREQUEST, string: upload.request.httpMethod ?? "POST")
    options.set(CURLOPT_UPLOAD, 1)
    options.set(CURLOPT_INFILESIZE_LARGE, offset: upload.length)
    options.set(CURLOPT_HTTPHEADER, pointer: UnsafeMutableRawPointer(headers))
    options.set(CURLOPT_ACCEPT_ENCODING, string: "")  // every coding libcurl decodes, as URLSession
    options.set(CURLOPT_ERRORBUFFER, pointer: UnsafeMutableRawPointer(errorBuffer))
    options.set(CURLOPT_UPLOAD_BUFFERSIZE, 1 << 20)  // fewer, larger reads and sends than 64 KiB
    for option in [CURLOPT_READDATA, CURLOPT_WRITEDATA, CURLOPT_HEADERDATA, CURLOPT_XFERINFODATA] {
      options.set(option, pointer: context)
    }
    options.set(CURLOPT_SEEKDATA, pointer: context)
    options.set(CURLOPT_READFUNCTION, callback: Self.readBody)
    options.set(CURLOPT_WRITEFUNCTION, callback: Self.receiveBody)
    options.set(CURLOPT_HEADERFUNCTION, callback: Self.receiveHeader)
    options.set(seek: Self.rewindBody)
    options.set(progress: Self.reportProgress)
    options.set(CURLOPT_NOPROGRESS, 0)
    // The resource timeout bounds the whole transfer; the request timeout bounds the connection,
    // and the progress callback holds any stretch with no byte moving to it.
    if let trusted = upload.trustedCertificates {
      // Those authorities instead of the system's, as curl --cacert: no CA folder either.
      options.set(CURLOPT_CAINFO, string: trusted.file.path)
      options.set(CURLOPT_CAPATH, pointer: nil)
    }
    if let total = Self.milliseconds(upload.resourceTimeout) {
      options.set(CURLOPT_TIMEOUT_MS, total)
    }
    if let idle = Self.milliseconds(upload.idleTimeout) {
      options.set(CURLOPT_CONNECTTIMEOUT_MS, idle)
    }
    return options.result
  }

  private static func milliseconds(_ interval: TimeInterval) -> Int? {
    guard interval > 0, interval < TimeInterval(Int32.max) / 1000 else { return nil }
    return Int((interval * 1000).rounded(.up))
  }
}
#endif
