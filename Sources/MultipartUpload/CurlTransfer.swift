#if canImport(CCurlTransfer)
import CCurlTransfer
import Foundation
import FoundationNetworking
import Multipart
import SystemSupport

/// One libcurl transfer of a ``CurlUpload``: it owns the easy handle and the form's reader, and
/// libcurl's callbacks reach it through their context pointer.
///
/// It runs on libcurl's multi interface, whose wait ``cancel()`` can wake from any thread;
/// everything but ``control`` is touched only by the thread in ``perform()``.
final class CurlTransfer: @unchecked Sendable {
  private let upload: CurlUpload
  private let progress: (@Sendable (UploadProgress) -> Void)?
  private let control = Locked(Control())
  private var reader: MultipartBodyReader?
  private var bytesReported: Int64 = -1
  private var readFailure: (any Error)?
  private var head = CurlResponseHead()
  private var body = Data()

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

  private var isCancelled: Bool { control.withLock(\.isCancelled) }

  /// Ends the transfer now: its wait for the network is woken.
  func cancel() {
    control.withLock { control in
      control.isCancelled = true
      if let multi = control.multi { curl_multi_wakeup(multi) }
    }
  }

  /// Runs the transfer to its end, on the calling thread.
  func perform() throws -> (Data, HTTPURLResponse) {
    // libcurl would upload to ftp:// or file:// too; URLSession sends HTTP only.
    guard let scheme = upload.request.url?.scheme?.lowercased(), ["http", "https"].contains(scheme)
    else {
      throw CurlUpload.error(
        for: CURLE_UNSUPPORTED_PROTOCOL, detail: "only http and https URLs can take an upload",
        url: upload.request.url)
    }
    let reader = try MultipartBodyReader(upload.form)
    self.reader = reader
    defer { reader.close() }
    shipyard_curl_initialize()
    guard let handle = curl_easy_init() else {
      throw URLError(
        .unknown, userInfo: [NSLocalizedDescriptionKey: "libcurl cannot start a transfer"])
    }
    defer { curl_easy_cleanup(handle) }
    var headers: UnsafeMutablePointer<curl_slist>?
    defer { curl_slist_free_all(headers) }
    for line in upload.headerLines { headers = curl_slist_append(headers, line) }
    var message = [CChar](repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
    let code = message.withUnsafeMutableBufferPointer { buffer in
      let configured = configure(handle, headers: headers, errorBuffer: buffer.baseAddress)
      return configured == CURLE_OK ? run(handle) : configured
    }
    if code == CURLE_OK {
      return (
        body,
        try head.response(for: upload.request.url, statusCode: shipyard_curl_response_code(handle))
      )
    }
    if let readFailure { throw readFailure }
    if code == CURLE_ABORTED_BY_CALLBACK, isCancelled { throw CancellationError() }
    let detail = String(
      decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    throw CurlUpload.error(
      for: code, detail: detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail,
      url: upload.request.url)
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
    errorBuffer: UnsafeMutablePointer<CChar>?
  ) -> CURLcode {
    let context = Unmanaged.passUnretained(self).toOpaque()
    var options = CurlOptions(handle: handle)
    options.set(CURLOPT_NOSIGNAL, 1)
    options.set(CURLOPT_URL, string: upload.request.url?.absoluteString ?? "")
    options.set(CURLOPT_CUSTOMREQUEST, string: upload.request.httpMethod ?? "POST")
    options.set(CURLOPT_UPLOAD, 1)
    options.set(CURLOPT_INFILESIZE_LARGE, offset: upload.form.contentLength)
    options.set(CURLOPT_HTTPHEADER, pointer: UnsafeMutableRawPointer(headers))
    options.set(CURLOPT_ACCEPT_ENCODING, string: "")  // every coding libcurl decodes, as URLSession
    options.set(CURLOPT_ERRORBUFFER, pointer: UnsafeMutableRawPointer(errorBuffer))
    options.set(CURLOPT_READFUNCTION, callback: Self.readBody)
    options.set(CURLOPT_READDATA, pointer: context)
    options.set(CURLOPT_WRITEFUNCTION, callback: Self.receiveBody)
    options.set(CURLOPT_WRITEDATA, pointer: context)
    options.set(CURLOPT_HEADERFUNCTION, callback: Self.receiveHeader)
    options.set(CURLOPT_HEADERDATA, pointer: context)
    options.set(progress: Self.reportProgress)
    options.set(CURLOPT_XFERINFODATA, pointer: context)
    options.set(CURLOPT_NOPROGRESS, 0)
    options.set(CURLOPT_UPLOAD_BUFFERSIZE, 1 << 20)  // fewer, larger reads and sends than 64 KiB
    // The resource timeout bounds the whole transfer; the request timeout the connection and
    // any stretch in which not one byte a second moves.
    if let total = Self.milliseconds(upload.resourceTimeout) {
      options.set(CURLOPT_TIMEOUT_MS, total)
    }
    if let idle = Self.milliseconds(upload.idleTimeout) {
      options.set(CURLOPT_CONNECTTIMEOUT_MS, idle)
      options.set(CURLOPT_LOW_SPEED_LIMIT, 1)
      options.set(CURLOPT_LOW_SPEED_TIME, max(1, (idle + 999) / 1000))
    }
    return options.result
  }

  private static func milliseconds(_ interval: TimeInterval) -> Int? {
    guard interval > 0, interval < TimeInterval(Int32.max) / 1000 else { return nil }
    return Int((interval * 1000).rounded(.up))
  }

  // MARK: - Callbacks

  /// The transfer a callback's context points to (never `nil`: each callback's data is set).
  private static func transfer(_ context: UnsafeMutableRawPointer?) -> CurlTransfer? {
    context.map { Unmanaged<CurlTransfer>.fromOpaque($0).takeUnretainedValue() }
  }

  private static let readBody: shipyard_curl_data_callback = { buffer, size, count, context in
    transfer(context)?.read(into: buffer, capacity: size * count) ?? Int(CURL_READFUNC_ABORT)
  }

  private static let receiveBody: shipyard_curl_data_callback = { buffer, size, count, context in
    guard let transfer = transfer(context), let buffer else { return 0 }
    transfer.body.append(
      UnsafeRawPointer(buffer).assumingMemoryBound(to: UInt8.self), count: size * count)
    return size * count
  }

  private static let receiveHeader: shipyard_curl_data_callback = { buffer, size, count, context in
    guard let transfer = transfer(context), let buffer else { return 0 }
    transfer.head.take(UnsafeRawBufferPointer(start: buffer, count: size * count))
    return size * count
  }

  private static let reportProgress: shipyard_curl_progress_callback = {
    context, _, _, _, uploaded in
    transfer(context)?.report(sent: Int64(uploaded)) ?? 1
  }

  /// Fills libcurl's buffer with the body's next bytes; a part that cannot be read aborts.
  private func read(into buffer: UnsafeMutablePointer<CChar>?, capacity: Int) -> Int {
    guard let reader, let buffer else { return Int(CURL_READFUNC_ABORT) }
    do {
      return try reader.read(into: UnsafeMutableRawBufferPointer(start: buffer, count: capacity))
    } catch {
      readFailure = error
      return Int(CURL_READFUNC_ABORT)
    }
  }

  private func report(sent: Int64) -> Int32 {
    if isCancelled { return 1 }
    if sent != bytesReported {
      bytesReported = sent
      progress?(UploadProgress(bytesSent: sent, totalBytes: upload.form.contentLength))
    }
    return 0
  }
}
#endif
