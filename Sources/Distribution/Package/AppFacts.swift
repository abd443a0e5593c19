import Foundation
import SystemSupport

/// What an app's `Contents/Info.plist` says that a package of it uses.
struct AppFacts: Sendable, Equatable {
  /// `CFBundleIdentifier`.
  var identifier: String?
  /// `CFBundleName`, else the folder's name without `.app`.
  var name: String
  /// `CFBundleShortVersionString`.
  var shortVersion: String?
  /// `CFBundleVersion`.
  var version: String?
  /// `CFBundleExecutable`.
  var executable: String?
  /// `LSMinimumSystemVersion`.
  var minimumSystemVersion: String?

  /// Reads the app at `path`.
  ///
  /// - Throws: ``PackageBuildError/unreadableInfo(_:reason:)`` when its Info.plist is missing
  ///   or does not read.
  init(appAt path: String) throws(PackageBuildError) {
    let plistPath = path + "/Contents/Info.plist"
    let dictionary: [String: Any]
    do {
      let file = try FileDescriptor.openForReading(plistPath)
      defer { file.close() }
      let bytes = try file.read(at: 0, count: Int(min(try file.status().size, 16 << 20)))
      dictionary = try PropertyListInput.dictionary(from: bytes)
    } catch {
      throw .unreadableInfo(plistPath, reason: "\(error)")
    }
    identifier = dictionary["CFBundleIdentifier"] as? String
    name =
      dictionary["CFBundleName"] as? String
      ?? ((path as NSString).lastPathComponent as NSString).deletingPathExtension
    shortVersion = dictionary["CFBundleShortVersionString"] as? String
    version = dictionary["CFBundleVersion"] as? String
    executable = dictionary["CFBundleExecutable"] as? String
    minimumSystemVersion = dictionary["LSMinimumSystemVersion"] as? String
  }
}
