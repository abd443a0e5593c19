public import Foundation

/// A whole part of a parsed body: its headers and its body, in memory or in a file.
public struct MultipartReceivedPart: Sendable {
  /// Where the body is.
  public enum Content: Sendable, Equatable {
    /// Held in memory.
    case memory(Data)
    /// Spilled to a temporary file, which belongs to the caller.
    case file(URL)
  }

  /// The part's header lines and what they say.
  public let head: MultipartPartHead
  /// The body.
  public let content: Content
  /// The body's size in bytes.
  public let size: Int64

  /// The file holding the body, if it was spilled.
  public var fileURL: URL? {
    if case .file(let url) = content { url } else { nil }
  }

  /// The body's bytes, read from the file if it was spilled.
  public func data() throws -> Data {
    switch content {
    case .memory(let data): data
    case .file(let url): try Data(contentsOf: url)
    }
  }

  /// Removes the spilled file, if any.
  public func removeFile() {
    if let fileURL { try? FileManager.default.removeItem(at: fileURL) }
  }
}
