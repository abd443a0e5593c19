package import Digests

/// The checksum a xar archive keeps of its table of contents and of each member's bytes.
package enum XarChecksum: Sendable, Equatable {
  /// SHA-1, what `pkgbuild` writes.
  case sha1
  /// SHA-256 (code 3 in Apple's xar).
  case sha256

  /// The header's code for it.
  var headerCode: UInt32 {
    switch self {
    case .sha1: 1
    case .sha256: 3
    }
  }

  /// The checksum a table of contents names by `style` (any case), or `nil` for one not read
  /// here (MD5, SHA-512).
  init?(style: String) {
    switch style.lowercased() {
    case "sha1": self = .sha1
    case "sha256": self = .sha256
    default: return nil
    }
  }

  /// The name the table of contents gives it (`style="sha1"`).
  var style: String {
    switch self {
    case .sha1: "sha1"
    case .sha256: "sha256"
    }
  }

  /// The digest it takes.
  package var algorithm: DigestAlgorithm {
    switch self {
    case .sha1: .sha1
    case .sha256: .sha256
    }
  }
}
