import Foundation
import ShipyardTestSupport
import Testing

/// Two builds of the Electron-shaped app, one per architecture, as a CI job leaves them for
/// `app merge`: Go-built main executables (``MachOFixture/goAmd64``, ``MachOFixture/goArm64``),
/// thin helpers and dylib, and the code both builds share (universal or single-architecture,
/// the same bytes in both).
struct UniversalAppPair {
  /// The x86_64 build, `x86_64/Demo.app`.
  let first: ElectronAppFixture
  /// The arm64 build, `arm64/Demo.app`.
  let second: ElectronAppFixture

  /// The paths that differ between the builds, with each side's fixture: what the merge joins.
  static let thinCode: [String: (first: MachOFixture, second: MachOFixture)] = [
    "Contents/MacOS/Demo": (.goAmd64, .goArm64),
    "Contents/Frameworks/Demo Helper.app/Contents/MacOS/Demo Helper": (
      .executableAmd64, .executableArm64
    ),
    "Contents/Frameworks/Demo Helper (Renderer).app/Contents/MacOS/Demo Helper (Renderer)": (
      .executableAmd64, .executableArm64
    ),
    "Contents/Frameworks/Demo Framework.framework/Versions/A/Libraries/libffmpeg.dylib": (
      .dylibAmd64, .dylibArm64
    ),
  ]

  /// The fixtures the pair is made of.
  static let fixtures =
    ElectronAppFixture.fixtures + [
      .goAmd64, .goArm64, .executableAmd64, .executableArm64, .dylibAmd64, .dylibArm64,
    ]

  /// Whether a test of the pair (checked by llvm-lipo and lief) runs.
  static var shouldRun: Bool { MachOFixture.shouldRun(fixtures, peers: [.lipo, .lief]) }

  /// Why a test of the pair was skipped.
  static var skipReason: Comment { MachOFixture.skipReason(fixtures, peers: [.lipo, .lief]) }

  /// Writes both builds into `folder`, each with a script (0755), a private file (0600) and a
  /// folder of mode 0750, so that modes other than the defaults are there to keep.
  init(in folder: URL) throws {
    func build(
      _ name: String, _ side: KeyPath<(first: MachOFixture, second: MachOFixture), MachOFixture>
    )
      throws -> ElectronAppFixture
    {
      let app = try ElectronAppFixture.write(
        in: folder.appendingPathComponent(name),
        options: .init(machOFiles: Self.thinCode.mapValues { $0[keyPath: side] }))
      let resources = app.file("Contents/Resources")
      let scripts = resources.appendingPathComponent("scripts")
      try FileManager.default.createDirectory(at: scripts, withIntermediateDirectories: true)
      try Data("#!/bin/sh\necho hi\n".utf8).write(to: scripts.appendingPathComponent("run.sh"))
      try Data("private\n".utf8).write(to: resources.appendingPathComponent("private.txt"))
      for (url, mode) in [
        (scripts.appendingPathComponent("run.sh"), 0o755),
        (resources.appendingPathComponent("private.txt"), 0o600), (scripts, 0o750),
      ] {
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: url.path)
      }
      return app
    }
    first = try build("x86_64", \.first)
    second = try build("arm64", \.second)
  }
}
