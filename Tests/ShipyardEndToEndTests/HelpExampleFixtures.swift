import Foundation
import ShipyardTestSupport
import Testing

/// What the scratch folder of a command's help examples holds before they run: the files they
/// name, made from the repository's `Examples/`, the sample apps and the test doubles.
enum HelpExampleFixtures {
  /// A prepared folder's environment for the examples, and what to stop after them.
  struct Prepared {
    /// More environment for the examples, as `NAME=value`.
    var environment: [String] = []
    /// A double the examples use, stopped after them.
    var double: NotaryDouble?

    func stop() { double?.stop() }
  }

  /// Prepares a scratch folder.
  typealias Fixture = @Sendable (ScratchFolder) throws -> Prepared

  /// The fixture of each command whose help has examples, by the command's path.
  static let all: [String: Fixture] = [
    "app merge": universalPair,
    "app zip": { folder in
      try copy(SampleApps.scriptHello, to: folder.file("build/Hello.app"))
      return Prepared()
    },
    "dmg build": { folder in
      try copy(examples.path, to: folder.file("Examples"))
      try copy(SampleApps.scriptHello, to: folder.file("build/MyApp.app"))
      try copy(
        examples.appendingPathComponent("layout/background.png").path,
        to: folder.file("art/dmg.png"))
      try folder.write(Array("%PDF-1.4\n%%EOF\n".utf8), to: "README.pdf")
      return Prepared()
    },
    "dmg extract": helloImage,
    "dmg ls": helloImage,
    "form decode": { folder in
      try folder.write(Array("Some notes.\n".utf8), to: "notes.txt")
      return Prepared()
    },
    "form encode": { folder in
      try folder.write(Array("Some notes.\n".utf8), to: "notes.txt")
      try copy(examples.appendingPathComponent("form/avatar.png").path, to: folder.file("cat.jpg"))
      return Prepared()
    },
    "form post": { _ in Prepared() },
    "pkg build": packageSources,
    "pkg inspect": { folder in
      try toolsFolder(in: folder)
      try helloPackage(in: folder)
      return Prepared()
    },
    "pkg sign": { folder in
      var prepared = try packageSources(folder)
      try helloPackage(in: folder)
      try installerIdentity(into: folder, from: &prepared)
      return prepared
    },
    "pkg ship": { folder in
      var prepared = try packageSources(folder)
      try installerIdentity(into: folder, from: &prepared)
      let double = try #require(prepared.double)
      try copy(
        double.folder.path("AuthKey_\(NotaryDouble.keyID).p8"),
        to: folder.file("AuthKey_\(NotaryDouble.keyID).p8"))
      return prepared
    },
  ]

  /// `developer-id-installer.p12`, the double's Installer identity, and its root trusted.
  static func installerIdentity(into folder: ScratchFolder, from prepared: inout Prepared) throws {
    let double = try #require(prepared.double)
    try copy(
      double.folder.path("installer-leaf.p12"), to: folder.file("developer-id-installer.p12"))
    prepared.environment.append(double.trustVariable)
  }

  /// The repository's `Examples/`.
  static let examples = PeerPolicy.packageRoot.appendingPathComponent("Examples")

  /// `dist/Hello.dmg`, built from `Examples/Hello.app`.
  static let helloImage: Fixture = { folder in
    try ProcessRunner.check(
      BuiltProducts.shipyard.path,
      ["dmg", "build", SampleApps.scriptHello, "-o", folder.path("dist/Hello.dmg")])
    return Prepared()
  }

  /// `build/x64/MyApp.app` and `build/arm64/MyApp.app`: Hello.app with a Mach-O executable of
  /// each architecture and an `app.asar` that differs; `developer-id.p12`, the double's identity,
  /// its password in `P12_PASSWORD`; the double's time-stamp authority. (`app merge` makes
  /// `dist/`, as every command makes the missing folders of its output.)
  static let universalPair: Fixture = { folder in
    for (name, architecture) in [("x64", "x86_64"), ("arm64", "aarch64")] {
      let app = try machOHello(at: folder.file("build/\(name)/MyApp.app"), architecture)
      try Data("asar for \(name)\n".utf8).write(
        to: app.appendingPathComponent("Contents/Resources/app.asar"))
    }
    return try doubleIdentity(in: folder)
  }

  /// `build/Hello.app` (Mach-O, arm64) and `build/tools/bin/hello` for `pkg build`, with the
  /// double's identity and time-stamp authority.
  static let packageSources: Fixture = { folder in
    _ = try machOHello(at: folder.file("build/Hello.app"), "aarch64")
    try toolsFolder(in: folder)
    return try doubleIdentity(in: folder)
  }

  /// `build/tools/hello`, a shell script.
  static func toolsFolder(in folder: ScratchFolder) throws {
    try FileManager.default.createDirectory(
      at: folder.file("build/tools"), withIntermediateDirectories: true)
    try folder.write(Array("#!/bin/sh\necho hello\n".utf8), to: "build/tools/hello")
  }

  /// `dist/Hello.pkg`, the product archive `pkg build` makes of `build/tools`.
  static func helloPackage(in folder: ScratchFolder) throws {
    try ProcessRunner.check(
      BuiltProducts.shipyard.path,
      [
        "pkg", "build", folder.path("build/tools"), "--identifier", "com.example.tools",
        "--version", "1", "-o", folder.path("dist/Hello.pkg"),
      ])
  }

  /// Hello.app at `app` with a Mach-O executable of `architecture` (apple-platform-py's).
  static func machOHello(at app: URL, _ architecture: String) throws -> URL {
    try copy(SampleApps.scriptHello, to: app)
    let executable = app.appendingPathComponent("Contents/MacOS/Hello")
    try ProcessRunner.check(
      "python3",
      [
        "-c",
        "import sys; from apple_platform import macho; open(sys.argv[1], 'wb')"
          + ".write(macho.create_synthetic(sys.argv[2], 'executable'))",
        executable.path, architecture,
      ])
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: executable.path)
    return app
  }

  /// `developer-id.p12`, the double's identity, its password in `P12_PASSWORD`, and the
  /// double's time-stamp authority.
  static func doubleIdentity(in folder: ScratchFolder) throws -> Prepared {
    let double = try NotaryDouble()
    try copy(double.folder.path("identity.p12"), to: folder.file("developer-id.p12"))
    return Prepared(
      environment: double.environment + ["P12_PASSWORD=\(NotaryDouble.password)"], double: double)
  }

  /// Copies `source` to `destination`, making the folders above it.
  static func copy(_ source: String, to destination: URL) throws {
    try FileManager.default.createDirectory(
      at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: source, toPath: destination.path)
  }
}
