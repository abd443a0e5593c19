import Distribution
import Foundation
import Testing

/// `UniversalAppMerge` as a client sees it: the options, the summary, the error and its
/// differences, and the glob rules of allowed differences (the Go-built apps and the peers'
/// checks are in `AppMergeCommandTests`).
@Suite struct UniversalAppMergeAPITests {
  /// Two apps of data files only, the same, in a fresh folder.
  static func apps(_ folder: TemporaryFolder) throws -> (String, String) {
    for side in ["x86_64", "arm64"] {
      for (path, text) in [
        ("Contents/Info.plist", "plist"), ("Contents/Resources/en.lproj/a.strings", "a"),
        ("Contents/Resources/app/main.js", "main"), ("Contents/Resources/[x].txt", "x"),
      ] {
        let url = URL(fileURLWithPath: folder.path("\(side)/My.app/\(path)"))
        try FileManager.default.createDirectory(
          at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
      }
    }
    return (folder.path("x86_64/My.app"), folder.path("arm64/My.app"))
  }

  /// Changes `path` in the arm64 app.
  static func change(_ path: String, in second: String) throws {
    try Data("changed".utf8).write(to: URL(fileURLWithPath: second + "/" + path))
  }

  @Test(arguments: [
    ("Contents/Resources/app/main.js", "Contents/Resources/app"),
    ("Contents/Resources/app/main.js", "Contents/Resources/*/main.js"),
    ("Contents/Resources/app/main.js", "**/main.js"),
    ("Contents/Resources/app/main.js", "Contents/**"),
    ("Contents/Resources/app/main.js", "Contents/Resources/ap?/main.[a-j]s"),
    ("Contents/Resources/en.lproj/a.strings", "**/*.lproj/*.strings"),
    ("Contents/Resources/[x].txt", "Contents/Resources/\\[x].txt"),
    ("Contents/Resources/[x].txt", "Contents/Resources/[[]x*"),
  ])
  func aMatchingPatternAllowsTheDifference(path: String, pattern: String) throws {
    let folder = try TemporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder.path) }
    let (first, second) = try Self.apps(folder)
    try Self.change(path, in: second)
    let output = folder.path("My.app")
    let options = UniversalAppMerge.Options(allowedDifferences: [pattern], preferred: .second)
    let summary = try UniversalAppMerge(
      first: first, second: second, output: output, options: options
    ).run()
    #expect(summary.takenFromOneSide == [path: .second])
    #expect(try String(contentsOfFile: output + "/" + path, encoding: .utf8) == "changed")
  }

  @Test(arguments: [
    "Contents/Resources/*.js", "Contents/Resources/ap", "*/main.js",
    "Contents/Resources/app/main.j",
    "Contents/Resources/app/main.js/extra", "Contents/Resources/app/[!m]ain.js",
    "Contents/Resources/[![]x*",
  ])
  func aPatternThatDoesNotMatchLeavesTheDifference(pattern: String) throws {
    let folder = try TemporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder.path) }
    let (first, second) = try Self.apps(folder)
    try Self.change("Contents/Resources/app/main.js", in: second)
    let merge = try UniversalAppMerge(
      first: first, second: second, output: folder.path("My.app"),
      options: .init(allowedDifferences: [pattern]))
    #expect {
      _ = try merge.run()
    } throws: { error in
      guard let error = error as? UniversalAppMergeError else { return false }
      return error.isDifference
        && error.differences
          == [.init(path: "Contents/Resources/app/main.js", kind: .content)]
    }
    #expect(folder.contents == ["arm64", "x86_64"], "nothing is left beside the output")
  }

  @Test(arguments: ["", "/Contents/Info.plist", "Contents/[ab"])
  func aBadPatternIsRefusedBeforeAnythingIsRead(pattern: String) {
    #expect(throws: UniversalAppMergeError.self) {
      _ = try UniversalAppMerge(
        first: "/nonexistent/a.app", second: "/nonexistent/b.app", output: "/nonexistent/c.app",
        options: .init(allowedDifferences: [pattern]))
    }
  }

  @Test func aMissingAppIsNamed() throws {
    let folder = try TemporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder.path) }
    let (first, _) = try Self.apps(folder)
    let missing = folder.path("missing.app")
    #expect {
      _ = try UniversalAppMerge(first: first, second: missing, output: folder.path("My.app")).run()
    } throws: { "\($0)".contains("\(missing): no such app") }
  }
}
