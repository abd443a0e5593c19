extension DMGInspection.Partition {
  /// How a partition's chunks check, in 7-Zip's words when encoded or printed.
  public enum Status: Sendable, Equatable, Encodable, CustomStringConvertible {
    /// Every chunk decodes and the partition's CRC-32 matches.
    case ok
    /// The chunks decode but the CRC-32 over them is not the stored one.
    case checksumMismatch
    /// A chunk does not decode, for `reason`.
    case dataError(reason: String)

    /// `ok`, `CRC Failed` or `Data Error: …`.
    public var description: String {
      switch self {
      case .ok: "ok"
      case .checksumMismatch: "CRC Failed"
      case .dataError(let reason): "Data Error: \(reason)"
      }
    }

    /// Encodes the status by its description.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      try container.encode(description)
    }
  }
}

extension DMGInspection.File {
  /// What an item on the volume is.
  public enum Kind: String, Sendable, Equatable, Encodable {
    /// A folder.
    case folder
    /// A regular file.
    case file
    /// A symbolic link.
    case symbolicLink
  }
}

extension DMGInspection.Attribute {
  /// Where an extended attribute's value lies, on HFS+ and APFS alike.
  public enum Storage: String, Sendable, Equatable, Encodable {
    /// In the record that names it.
    case inline
    /// In blocks of its own.
    case stream
  }
}
