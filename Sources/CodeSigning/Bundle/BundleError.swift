/// Why a bundle cannot be scanned, sealed or signed: each case names the path at fault, from the
/// signed bundle's folder unless it says otherwise.
public enum BundleError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The folder is not a bundle that can be signed (no `Info.plist`, no executable named).
  case notABundle(path: String, reason: String)
  /// The `Info.plist` cannot be read or is not a dictionary.
  case unreadableInfoPlist(path: String, reason: String)
  /// `CFBundleExecutable` names a file that is not there.
  case missingMainExecutable(path: String)
  /// A file that must be Mach-O code (a bundle's main executable, the file given) is not.
  case notMachO(path: String, kind: CodeFileKind)
  /// A data file lies where only code may be (reference §10).
  case dataInCodeLocation(path: String)
  /// A framework's root folder holds something other than symbolic links and `Versions`.
  case unsealedFrameworkRoot(path: String)
  /// A nested bundle or Mach-O file was not signed when its parent was sealed.
  case unsignedNestedCode(path: String)
  /// The signer made code directories of other digests than the bundle's seal was written for
  /// (`sealedWithSHA1` `nil`: it never asked for the seal).
  case digestMismatch(path: String, sealedWithSHA1: Bool?)
  /// The existing `_CodeSignature/CodeResources` cannot be parsed.
  case malformedCodeResources(path: String, reason: String)
  /// The staging copy could not be made or swapped in; the original is unchanged.
  case stagingFailed(path: String, reason: String)

  /// A sentence naming the problem and the path.
  public var description: String {
    switch self {
    case .notABundle(let path, let reason): "\(path) is not a bundle that can be signed: \(reason)"
    case .unreadableInfoPlist(let path, let reason): "cannot read \(path): \(reason)"
    case .missingMainExecutable(let path):
      "\(path), the bundle's CFBundleExecutable, is missing"
    case .notMachO(let path, let kind): "\(path) is \(kind.notMachOReason ?? "Mach-O code")"
    case .dataInCodeLocation(let path):
      "\(path) is a data file where only code may be (codesign: \"code object is not signed at "
        + "all\"): move it to Contents/Resources"
    case .unsealedFrameworkRoot(let path):
      "\(path) is a real file or folder at a framework's root (codesign: \"unsealed contents "
        + "present in the root directory of an embedded framework\"): move it into Versions/A and "
        + "link it from the root"
    case .unsignedNestedCode(let path):
      "\(path) is nested code that was not signed before its bundle was sealed"
    case .digestMismatch(let path, nil):
      "\(path) was signed without its bundle's seal being written"
    case .digestMismatch(let path, let sealedWithSHA1?):
      "\(path) was signed \(sealedWithSHA1 ? "without" : "with") SHA-1 code directories, but its "
        + "bundle's seal was written \(sealedWithSHA1 ? "with" : "without") SHA-1 hashes"
    case .malformedCodeResources(let path, let reason):
      "\(path) is not a CodeResources seal: \(reason)"
    case .stagingFailed(let path, let reason):
      "cannot sign a copy of \(path) (the original is unchanged): \(reason)"
    }
  }
}
