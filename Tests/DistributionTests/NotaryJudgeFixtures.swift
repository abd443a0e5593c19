import Foundation
import ShipyardTestSupport

/// Real Mach-O fixtures for the notary judge, made in the tests: a tiny Go program cross-built
/// for macOS (amd64: unsigned, SDK 10.9; arm64: linker-signed), signed by apple-platform-py
/// (`Peers/sign_macho.py`), put in an app bundle and packed by `shipyard dmg build`.
enum NotaryJudgeFixtures {
  /// Whether Go is here to cross-build the fixtures.
  static let goIsAvailable = ProcessRunner.succeeds("go", ["version"])

  /// The Go programs, built once per test process: `hello-amd64` and `hello-arm64`.
  static let programs = Result { () throws -> ScratchFolder in
    let folder = try ScratchFolder()
    let source = try folder.write(
      Array("package main\n\nimport \"fmt\"\n\nfunc main() { fmt.Println(\"hi\") }\n".utf8),
      to: "main.go")
    for architecture in ["amd64", "arm64"] {
      try ProcessRunner.check(
        "env",
        [
          "GOOS=darwin", "GOARCH=\(architecture)", "CGO_ENABLED=0", "go", "build", "-o",
          folder.path("hello-\(architecture)"), source.path,
        ])
    }
    return folder
  }

  /// The script that signs a copy of a Mach-O with apple-platform-py.
  static let signer = PeerPolicy.packageRoot.appendingPathComponent(
    "Tests/DistributionTests/Peers/sign_macho.py"
  ).path

  /// A copy of the Go program for `architecture` at `name` in `folder`, made by `sign_macho.py`
  /// with `options` (`--unsigned`, `--ad-hoc`, `--pem <file>`, `--timestamp-url <url>`,
  /// `--runtime`, `--entitlements <file>`, `--sdk 10.8`, `--sha1-only`, `--flip-byte <n>`, …).
  static func program(
    _ architecture: String, at name: String, in folder: ScratchFolder, _ options: [String]
  ) throws -> String {
    let source = try programs.get().path("hello-\(architecture)")
    try ProcessRunner.check("python3", [signer, source, folder.path(name)] + options)
    return folder.path(name)
  }

  /// The options that sign as Apple's notary wants: the double's Developer ID identity, its
  /// time-stamp authority, the hardened runtime.
  static func developerID(_ double: NotaryDouble) -> [String] {
    [
      "--pem", double.folder.path("identity.pem"), "--timestamp-url", "\(double.url)/tsa",
      "--runtime",
    ]
  }

  /// An entitlements file with `com.apple.security.get-task-allow` true, in `folder`.
  static func getTaskAllow(in folder: ScratchFolder) throws -> String {
    let plist = """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" \
      "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0">
      <dict>
      \t<key>com.apple.security.get-task-allow</key>
      \t<true/>
      </dict>
      </plist>

      """
    return try folder.write(Array(plist.utf8), to: "get-task-allow.plist").path
  }

  /// `Hi.app` in `folder`, with `executable` as `Contents/MacOS/Hi` and each of `files` (path
  /// inside `Contents/` → source file) copied in.
  static func app(
    in folder: ScratchFolder, executable: String, files: [String: String] = [:]
  ) throws -> String {
    let contents = folder.file("Hi.app/Contents")
    let manager = FileManager.default
    try manager.createDirectory(
      at: contents.appendingPathComponent("MacOS"), withIntermediateDirectories: true)
    let plist = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0">
      <dict>
      \t<key>CFBundleExecutable</key>
      \t<string>Hi</string>
      \t<key>CFBundleIdentifier</key>
      \t<string>com.example.hi</string>
      \t<key>CFBundlePackageType</key>
      \t<string>APPL</string>
      </dict>
      </plist>

      """
    try Data(plist.utf8).write(to: contents.appendingPathComponent("Info.plist"))
    for (inside, source) in files.merging(["MacOS/Hi": executable], uniquingKeysWith: { $1 }) {
      let target = contents.appendingPathComponent(inside)
      try manager.createDirectory(
        at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
      try manager.copyItem(atPath: source, toPath: target.path)
    }
    return folder.path("Hi.app")
  }

  /// `Hi.dmg` in `folder`, built from `app` by our `shipyard dmg build` on `filesystem`.
  static func image(
    of app: String, in folder: ScratchFolder, filesystem: String = "HFS+"
  ) throws -> String {
    let image = folder.path("Hi.dmg")
    try ProcessRunner.check(
      BuiltProducts.shipyard.path, ["dmg", "build", app, "-o", image, "--filesystem", filesystem])
    return image
  }

  /// `universal` in `folder`: the slices at `paths` in one fat binary, by apple-platform-py.
  static func universal(of paths: [String], in folder: ScratchFolder) throws -> String {
    let script =
      "import apple_platform, sys; apple_platform.macho.create_universal(sys.argv[2:], sys.argv[1])"
    try ProcessRunner.check("python3", ["-c", script, folder.path("universal")] + paths)
    return folder.path("universal")
  }
}
