public import Foundation

/// A file in a form, for Codable types: ``FormDataEncoder`` writes it as a file part, and
/// ``FormDataDecoder`` reads a part with a file name into it.
public struct FormFile: Codable, Sendable, Equatable {
  /// The file's name as sent.
  public var filename: String
  /// Its media type, if known.
  public var contentType: String?
  /// Its bytes.
  public var data: Data

  /// Makes a file.
  public init(filename: String, contentType: String? = nil, data: Data) {
    self.filename = filename
    self.contentType = contentType
    self.data = data
  }
}
