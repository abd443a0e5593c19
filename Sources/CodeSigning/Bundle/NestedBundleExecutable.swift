import Foundation

/// Finds a nested bundle's main executable from its folder, as a seal check needs it: a
/// versioned framework's current version, an app-style bundle's `Contents/MacOS`, a shallow
/// bundle's own folder.
enum NestedBundleExecutable {
  /// The main executable of the bundle at `folder`, or `nil` when its `Info.plist` names none.
  static func url(ofBundle folder: URL) -> URL? {
    let shapes = [
      ("Versions/Current", "Resources/Info.plist", ""), ("Contents", "Info.plist", "MacOS"),
      ("", "Info.plist", ""),
    ]
    for (content, infoPlist, executableFolder) in shapes {
      let contentFolder = content.isEmpty ? folder : folder.appendingPathComponent(content)
      let infoPath = contentFolder.appendingPathComponent(infoPlist).path
      guard let bytes = FileManager.default.contents(atPath: infoPath) else { continue }
      guard let name = try? BundleInfo(plist: Array(bytes), path: infoPath).executable else {
        return nil
      }
      let executables =
        executableFolder.isEmpty
        ? contentFolder : contentFolder.appendingPathComponent(executableFolder)
      return executables.appendingPathComponent(name)
    }
    return nil
  }
}
