package import CodeSigning
import Foundation

/// Where the native engine reads a credential's bytes from: a file, read when needed, or
/// memory (``SecretBytes``), which is never written anywhere.
package enum CredentialSource: Sendable, Equatable {
  /// A file's path.
  case file(String)
  /// Bytes held in memory.
  case bytes(SecretBytes)

  /// The file's path, or the bytes' origin: what messages name.
  package var name: String {
    switch self {
    case .file(let path): path
    case .bytes(let secret): secret.origin
    }
  }

  /// The credential's bytes; a file that cannot be read is a
  /// ``CodeSigningError/unreadableIdentity(path:reason:)`` naming it.
  package func read() throws(CodeSigningError) -> [UInt8] {
    switch self {
    case .file(let path):
      guard let data = FileManager.default.contents(atPath: path) else {
        throw .unreadableIdentity(path: path, reason: "no such readable file")
      }
      return Array(data)
    case .bytes(let secret): return secret.bytes
    }
  }
}
