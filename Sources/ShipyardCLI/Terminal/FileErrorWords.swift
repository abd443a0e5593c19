import Foundation

/// What went wrong with a file, in the C library's words (`No such file or directory`,
/// `Permission denied`) whichever layer reported it, so that every command says it alike:
/// Foundation's file errors (whose own texts, such as "The file doesn't exist.", differ between
/// platforms), the POSIX errors under them, or else the error's own reason.
enum FileErrorWords {
  /// The reason `error` gives, without the file's name (the caller names the file).
  static func reason(_ error: any Error) -> String {
    let nsError = error as NSError
    if let code = posixCode(of: nsError) { return String(cString: strerror(code)) }
    return nsError.localizedFailureReason ?? nsError.localizedDescription
  }

  /// The POSIX error code `error` stands for, if any.
  private static func posixCode(of error: NSError) -> Int32? {
    if error.domain == NSPOSIXErrorDomain { return Int32(error.code) }
    if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError,
      underlying.domain == NSPOSIXErrorDomain
    {
      return Int32(underlying.code)
    }
    guard error.domain == NSCocoaErrorDomain else { return nil }
    switch CocoaError.Code(rawValue: error.code) {
    case .fileNoSuchFile, .fileReadNoSuchFile: return ENOENT
    case .fileReadNoPermission, .fileWriteNoPermission: return EACCES
    case .fileWriteOutOfSpace: return ENOSPC
    case .fileWriteVolumeReadOnly: return EROFS
    case .fileWriteFileExists: return EEXIST
    default: return nil
    }
  }
}
