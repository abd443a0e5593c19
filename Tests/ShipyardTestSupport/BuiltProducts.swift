public import Foundation

/// Where the built `shipyard` executable is: beside the test bundle.
public enum BuiltProducts {
  /// The `shipyard` executable that `swift build` made for these tests.
  public static var shipyard: URL {
    let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for folder in [beside, beside.deletingLastPathComponent()] {
      let candidate = folder.appendingPathComponent("shipyard")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent()
      .deletingLastPathComponent()
    return package.appendingPathComponent(".build/debug/shipyard")
  }
}
