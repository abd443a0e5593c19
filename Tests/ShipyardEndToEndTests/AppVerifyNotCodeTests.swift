import Foundation
import ShipyardTestSupport
import Testing

/// Only code passes as code: `app verify` exits 1 with a plain message for what is not a signed
/// Mac app or Mach-O file, and `dmg verify` and the preflight of `dmg notarize` refuse an image
/// whose app is one.
struct AppVerifyNotCodeTests {
  /// What `shipyard` printed.
  struct Run {
    let status: Int32
    let output: String
    let errors: String
  }

  static func shipyard(_ arguments: [String]) throws -> Run {
    let run = try ProcessRunner.run(
      "env", ["PATH=/usr/bin:/bin", BuiltProducts.shipyard.path] + arguments)
    return Run(
      status: run.status, output: String(decoding: run.standardOutput, as: UTF8.self),
      errors: run.standardError)
  }

  /// An app at `folder/Hello.app` with `Contents/Info.plist` naming `executable` (none when
  /// `nil`), and that executable's bytes, when given.
  static func app(
    in folder: ScratchFolder, executable: String? = "Hello", bytes: [UInt8]? = nil,
    infoPlist: Bool = true
  ) throws -> String {
    let app = folder.file("Hello.app")
    try FileManager.default.createDirectory(
      at: app.appendingPathComponent("Contents/MacOS"), withIntermediateDirectories: true)
    if infoPlist {
      let key = executable.map { "<key>CFBundleExecutable</key><string>\($0)</string>" } ?? ""
      let plist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>CFBundleIdentifier</key><string>com.example.hello\
        </string><key>CFBundlePackageType</key><string>APPL</string>\(key)</dict></plist>
        """
      try folder.write(Array(plist.utf8), to: "Hello.app/Contents/Info.plist")
    }
    if let executable, let bytes {
      try folder.write(bytes, to: "Hello.app/Contents/MacOS/\(executable)")
    }
    return app.path
  }

  /// The first bytes of a Linux build: the ELF header of `/bin/sh`, as it is on this machine.
  static func elf() throws -> [UInt8] {
    Array(try Data(contentsOf: URL(fileURLWithPath: "/bin/sh")).prefix(4096))
  }

  @Test(arguments: [
    ("text", "notes.txt is not Mach-O code (no Mach-O header)"),
    ("empty folder", "Empty is not a bundle that can be signed: it is an empty folder"),
    (
      "no Info.plist", "Hello.app is not a bundle that can be signed: it has no Contents/Info.plist"
    ),
    ("no executable", "signed: its Info.plist has no CFBundleExecutable"),
    ("ELF", "Hello.app/Contents/MacOS/Hello is an ELF binary, built for Linux, not macOS"),
    ("PE", "Hello.app/Contents/MacOS/Hello is a Windows executable (PE), not a macOS one"),
    ("script", "Hello.app/Contents/MacOS/Hello is a script, not Mach-O code"),
    ("missing", "Hello.app/Contents/MacOS/Hello, the bundle's CFBundleExecutable, is missing"),
  ])
  func whatIsNotSignedCodeExits1Plainly(_ kind: String, _ message: String) throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let target: String
    switch kind {
    case "text": target = try folder.write(Array("release notes\n".utf8), to: "notes.txt").path
    case "empty folder":
      target = folder.path("Empty")
      try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
    case "no Info.plist": target = try Self.app(in: folder, infoPlist: false)
    case "no executable": target = try Self.app(in: folder, executable: nil)
    case "ELF": target = try Self.app(in: folder, bytes: try Self.elf())
    case "PE": target = try Self.app(in: folder, bytes: Array("MZ\u{90}\u{0}".utf8) + [0, 0, 0, 0])
    case "script": target = try Self.app(in: folder, bytes: Array("#!/bin/sh\necho hi\n".utf8))
    default: target = try Self.app(in: folder)
    }
    let run = try Self.shipyard(["app", "verify", target])
    #expect(run.status == 1, "\(run.output)")
    #expect(run.output.contains("INVALID") && run.output.contains(message), "\(run.output)")
    #expect(run.errors.contains("1 problem, 0 issues"), "\(run.errors)")
    let json = try Self.shipyard(["app", "verify", target, "--json"])
    #expect(json.status == 1 && json.output.contains("\"valid\" : false"), "\(json.output)")
  }

  /// An image whose app was built for Linux fails `dmg verify`, which shows the app's check in
  /// its text, and the preflight refuses to upload it.
  @Test(.enabled(if: SigningPeers.shouldRun, "needs openssl and apple-platform-py"))
  func anImageWhoseAppIsALinuxBuildFailsVerifyAndThePreflight() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let source = try ScratchFolder()
    defer { source.remove() }
    let app = try Self.app(in: source, bytes: try Self.elf())
    let image = folder.path("Hello.dmg")
    #expect(try Self.shipyard(["dmg", "build", app, "-o", image]).status == 0)
    let signed = try Self.shipyard([
      "dmg", "sign", image, "--pem", try TestPKI.path("identity.pem"), "--no-timestamp",
    ])
    #expect(signed.status == 0, "\(signed.errors)")
    let verified = try Self.shipyard([
      "dmg", "verify", image, "--trust-root", try TestPKI.path("root.pem"),
    ])
    #expect(verified.status == 1)
    #expect(verified.output.contains("App: Hello.app: INVALID"), "\(verified.output)")
    #expect(verified.output.contains("is an ELF binary, built for Linux"), "\(verified.output)")
    #expect(verified.errors.contains("Hello.app"), "\(verified.errors)")
    // A key of the right kind; the preflight refuses before anything is sent anywhere.
    try ProcessRunner.check(
      "sh",
      [
        "-c",
        "openssl ecparam -genkey -name prime256v1 | openssl pkcs8 -topk8 -nocrypt -out \"$0\"",
        folder.path("AuthKey_X.p8"),
      ])
    let notarized = try Self.shipyard([
      "dmg", "notarize", image, "--key", folder.path("AuthKey_X.p8"), "--key-id", "X",
      "--issuer", "00000000-0000-0000-0000-000000000000",
    ])
    #expect(notarized.status == 1)
    #expect(
      notarized.errors.contains("the notary would refuse")
        && notarized.errors.contains("is an ELF binary, built for Linux"), "\(notarized.errors)")
  }
}
