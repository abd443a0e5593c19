public import Foundation

#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

/// What an upload reports through ``MultipartUploader/events(for:with:)``.
public enum MultipartUploadEvent: Sendable {
  /// More of the body was sent.
  case progress(UploadProgress)
  /// The server answered; this is the last event.
  case response(Data, HTTPURLResponse)
}
