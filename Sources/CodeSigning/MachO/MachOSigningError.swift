/// Why a Mach-O file cannot be signed: each case names the file and, for slices, the
/// architecture.
public enum MachOSigningError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file is not Mach-O, or a structure of it is damaged.
  case unreadable(MachOError)
  /// The slice has no `__LINKEDIT` segment to hold the signature.
  case noLinkedit(path: String, architecture: String)
  /// A segment with file data lies after `__LINKEDIT`, which must be last for the signature to
  /// end the slice.
  case linkeditNotLast(path: String, architecture: String, segment: String)
  /// Bytes follow `__LINKEDIT` (a payload appended by a packager): the signature cannot cover
  /// them, and dropping them would break the program.
  case appendedData(path: String, architecture: String, offset: Int, count: Int)
  /// The existing signature does not end at the end of `__LINKEDIT`.
  case signatureNotAtEnd(path: String, architecture: String, signatureEnd: Int, linkeditEnd: Int)
  /// Fewer than 16 zero bytes lie between the load commands and the first section: adding
  /// `LC_CODE_SIGNATURE` would overwrite code.
  case noRoomForLoadCommand(path: String, architecture: String, available: Int)
  /// The signed slice or file would need offsets past what its 32-bit fields hold.
  case tooLarge(path: String, architecture: String, size: Int)
  /// The signature came out larger than the space reserved for it.
  case signatureLargerThanReserved(path: String, architecture: String, size: Int, reserved: Int)
  /// The signature layer failed.
  case signingFailed(path: String, architecture: String, CodeSigningError)

  /// A sentence naming the file, the slice and the problem.
  public var description: String {
    switch self {
    case .unreadable(let error): error.description
    case .noLinkedit(let path, let architecture):
      "cannot sign \(path) (\(architecture)): it has no __LINKEDIT segment to hold a signature"
    case .linkeditNotLast(let path, let architecture, let segment):
      "cannot sign \(path) (\(architecture)): segment \(segment) lies after __LINKEDIT, which "
        + "must be last in the file"
    case .appendedData(let path, let architecture, let offset, let count):
      "cannot sign \(path) (\(architecture)): \(count) bytes follow __LINKEDIT at offset "
        + "\(offset) (data appended to the binary, which no signature can cover: ship it as a "
        + "separate file)"
    case .signatureNotAtEnd(let path, let architecture, let signatureEnd, let linkeditEnd):
      "cannot sign \(path) (\(architecture)): its signature ends at \(signatureEnd), not at the "
        + "end of __LINKEDIT (\(linkeditEnd))"
    case .noRoomForLoadCommand(let path, let architecture, let available):
      "cannot sign \(path) (\(architecture)): only \(available) free bytes follow the load "
        + "commands, LC_CODE_SIGNATURE needs 16 (link it with more header padding, e.g. "
        + "-headerpad 0x100)"
    case .tooLarge(let path, let architecture, let size):
      "cannot sign \(path) (\(architecture)): the signed slice would need \(size) bytes, past "
        + "what its 32-bit offsets hold"
    case .signatureLargerThanReserved(let path, let architecture, let size, let reserved):
      "cannot sign \(path) (\(architecture)): the signature has \(size) bytes, more than the "
        + "\(reserved) reserved for it"
    case .signingFailed(let path, let architecture, let error):
      "cannot sign \(path) (\(architecture)): \(error)"
    }
  }
}
