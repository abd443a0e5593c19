#if canImport(CCurlTransfer)
import CCurlTransfer
import Foundation
import Multipart

/// libcurl's callbacks: C function pointers that find their transfer through the context
/// pointer, and the work each does on the transfer's thread.
extension CurlTransfer {
  /// The transfer a callback's context points to (never `nil`: each callback's data is set).
  private static func transfer(_ context: UnsafeMutableRawPointer?) -> CurlTransfer? {
    context.map { Unmanaged<CurlTransfer>.fromOpaque($0).takeUnretainedValue() }
  }

  static let readBody: shipyard_curl_data_callback = { buffer, size, count, context in
    transfer(context)?.read(into: buffer, capacity: size * count) ?? Int(CURL_READFUNC_ABORT)
  }

  static let receiveBody: shipyard_curl_data_callback = { buffer, size, count, context in
    guard let transfer = transfer(context), let buffer else { return 0 }
    transfer.body.append(
      UnsafeRawPointer(buffer).assumingMemoryBound(to: UInt8.self), count: size * count)
    return size * count
  }

  static let receiveHeader: shipyard_curl_data_callback = { buffer, size, count, context in
    guard let transfer = transfer(context), let buffer else { return 0 }
    transfer.head.take(UnsafeRawBufferPointer(start: buffer, count: size * count))
    return size * count
  }

  static let rewindBody: shipyard_curl_seek_callback = { context, offset, origin in
    transfer(context)?.rewind(to: Int64(offset), origin: origin) ?? CURL_SEEKFUNC_FAIL
  }

  static let reportProgress: shipyard_curl_progress_callback = {
    context, _, received, _, sent in
    transfer(context)?.report(sent: Int64(sent), received: Int64(received)) ?? 1
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

  /// Starts the body again, as libcurl asks when it must send the request anew (an HTTP/2
  /// stream refused, say); only its start can be sought.
  private func rewind(to offset: Int64, origin: Int32) -> Int32 {
    guard offset == 0, origin == SEEK_SET else { return CURL_SEEKFUNC_CANTSEEK }
    reader?.close()
    do {
      reader = try MultipartBodyReader(upload.form)
      return CURL_SEEKFUNC_OK
    } catch {
      readFailure = error
      return CURL_SEEKFUNC_FAIL
    }
  }

  /// Reports bytes sent; ends the transfer when it is cancelled, or when no byte has moved
  /// either way for the request timeout (libcurl calls this at least once a second).
  private func report(sent: Int64, received: Int64) -> Int32 {
    if isCancelled { return 1 }
    let now = ContinuousClock.now
    if sent != lastMovement.sent || received != lastMovement.received {
      if sent != lastMovement.sent {
        progress?(UploadProgress(bytesSent: sent, totalBytes: upload.length))
      }
      lastMovement = (sent, received, now)
    } else if upload.idleTimeout > 0, now - lastMovement.at > .seconds(upload.idleTimeout) {
      isIdleTimedOut = true
      return 1
    }
    return 0
  }
}
#endif
