import Foundation
import SystemSupport

/// What a bundle's `Info.plist` says about signing it: its identifier, executable and type.
///
/// Read through `PropertyListInput`, so XML and binary property lists both work.
package struct BundleInfo: Sendable, Equatable {
  /// `CFBundleIdentifier`.
  package var identifier: String?
  /// `CFBundleExecutable`: the main executable's file name.
  package var executable: String?
  /// `CFBundlePackageType`, such as `APPL`, `FMWK`, `BNDL`, `XPC!`, `dSYM`.
  package var packageType: String?

  /// Makes the facts of a bundle.
  package init(identifier: String?, executable: String?, packageType: String?) {
    self.identifier = identifier
    self.executable = executable
    self.packageType = packageType
  }

  /// Whether the folder is code to sign (reference §10): a package type other than `dSYM`, or an
  /// identifier.
  package var isSignable: Bool {
    if let packageType { return packageType != "dSYM" }
    return identifier != nil
  }

  /// Parses `Info.plist` bytes.
  ///
  /// - Parameters:
  ///   - bytes: The file's bytes.
  ///   - path: The file's path, for the error.
  /// - Throws: ``BundleError/unreadableInfoPlist(path:reason:)`` when the bytes are no property
  ///   list or not a dictionary.
  package init(plist bytes: [UInt8], path: String) throws(BundleError) {
    let dictionary: [String: Any]
    do {
      dictionary = try PropertyListInput.dictionary(from: bytes)
    } catch {
      throw .unreadableInfoPlist(path: path, reason: error.description)
    }
    self.init(
      identifier: dictionary["CFBundleIdentifier"] as? String,
      executable: dictionary["CFBundleExecutable"] as? String,
      packageType: dictionary["CFBundlePackageType"] as? String)
  }
}
