import Foundation
import ShipyardTestSupport
import Testing

/// What `app verify` and `dmg verify` say of code no signer signed, and the one rule for ad hoc
/// signatures: intact under `--integrity-only`, refused by default, in both commands.
@Suite(
  .enabled(
    if: SampleApps.canMakeMachO && MachOFixture.shouldRun([.executableArm64]),
    "needs python3 with apple-platform-py, clang and ld64.lld"))
struct SignatureVerdictTests {
  typealias Run = AppVerifyNotCodeTests.Run

  static func shipyard(_ arguments: [String]) throws -> Run {
    try AppVerifyNotCodeTests.shipyard(arguments)
  }

  /// `Hello.app` in `folder` with a Mach-O executable: apple-platform-py's unsigned x86_64 one,
  /// or lld's arm64 one, which carries the linker's ad hoc signature.
  static func app(in folder: ScratchFolder, linkerSigned: Bool) throws -> String {
    let app = try SampleApps.machOHello(in: folder.url)
    if linkerSigned {
      let executable = URL(fileURLWithPath: app + "/Contents/MacOS/Hello")
      try FileManager.default.removeItem(at: executable)
      try MachOFixture.executableArm64.copy(to: executable)
    }
    return app
  }

  @Test(arguments: [
    (false, "NOT SIGNED: no code in it carries a signature"),
    (true, "NOT SIGNED: its code carries only the ad hoc signature its linker wrote"),
  ])
  func codeNoSignerSignedIsCalledNotSignedWithTheNextStep(linkerSigned: Bool, verdict: String)
    throws
  {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let app = try Self.app(in: folder, linkerSigned: linkerSigned)
    for flags in [[], ["--integrity-only"]] {
      let run = try Self.shipyard(["app", "verify", app] + flags)
      #expect(run.status == 1)
      #expect(run.output.hasPrefix("\(app): \(verdict)\n"), "\(run.output)")
      // The checks that fail only because nothing signed it are not listed.
      #expect(!run.output.contains("Info.plist slot") && !run.output.contains("problem:"))
      #expect(
        run.errors.contains(
          "\(app) is not signed: sign it with `shipyard app sign \(app) --p12 <identity.p12>` "
            + "(or --ad-hoc, to run it on one Mac only)"), "\(run.errors)")
    }
    let json = try Self.shipyard(["app", "verify", app, "--json"])
    #expect(json.output.contains(#""signer" : "\#(linkerSigned ? "linker only" : "none")""#))
    // No escaped slashes in the JSON.
    #expect(json.output.contains(#""path" : "\#(app)""#) && !json.output.contains(#"\/"#))
  }

  @Test func anAdHocAppIsIntactButNotValid() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let app = try Self.app(in: folder, linkerSigned: false)
    #expect(try Self.shipyard(["app", "sign", app, "--ad-hoc"]).status == 0)
    let strict = try Self.shipyard(["app", "verify", app])
    #expect(strict.status == 1 && strict.output.hasPrefix("\(app): INVALID\n"))
    #expect(strict.output.contains("notary would refuse:"))
    #expect(
      strict.errors.contains(
        "(signed ad hoc, its signatures hold: --integrity-only checks that alone)"),
      "\(strict.errors)")
    let integrity = try Self.shipyard(["app", "verify", app, "--integrity-only"])
    #expect(integrity.status == 0, "\(integrity.errors)")
    #expect(integrity.output.hasPrefix("\(app): intact\n"))
    #expect(!integrity.output.contains("notary would refuse"))
    // A changed byte is no longer intact.
    let executable = app + "/Contents/MacOS/Hello"
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: executable)))
    bytes[bytes.count / 3] ^= 0xFF
    try Data(bytes).write(to: URL(fileURLWithPath: executable))
    let damaged = try Self.shipyard(["app", "verify", app, "--integrity-only"])
    #expect(damaged.status == 1 && damaged.output.hasPrefix("\(app): INVALID\n"))
  }

  @Test func anAdHocImageIsIntactButNotDistributable() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let app = try Self.app(in: folder, linkerSigned: false)
    #expect(try Self.shipyard(["app", "sign", app, "--ad-hoc"]).status == 0)
    let image = folder.path("Hello.dmg")
    #expect(try Self.shipyard(["dmg", "build", app, "-o", image]).status == 0)
    let sign = try Self.shipyard(["dmg", "sign", image, "--ad-hoc"])
    #expect(sign.status == 0, "\(sign.errors)")
    let strict = try Self.shipyard(["dmg", "verify", image])
    #expect(strict.status == 1 && strict.output.contains("Signature: ad hoc"))
    #expect(
      strict.errors.contains(
        "\(image) is signed ad hoc: Gatekeeper accepts only a Developer ID signature on a "
          + "download; sign it with a Developer ID identity (`shipyard dmg sign --p12 "
          + "<identity.p12>`), or check its signatures alone with --integrity-only"),
      "\(strict.errors)")
    let integrity = try Self.shipyard(["dmg", "verify", image, "--integrity-only"])
    #expect(integrity.status == 0, "\(integrity.errors)")
    #expect(integrity.output.contains("App: Hello.app: intact"))
  }

  @Test func anImageOfAnUnsignedAppSaysToSignTheAppFirst() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let app = try Self.app(in: folder, linkerSigned: true)
    let image = folder.path("Hello.dmg")
    #expect(try Self.shipyard(["dmg", "build", app, "-o", image]).status == 0)
    #expect(try Self.shipyard(["dmg", "sign", image, "--ad-hoc"]).status == 0)
    let run = try Self.shipyard(["dmg", "verify", image, "--integrity-only"])
    #expect(run.status == 1)
    #expect(
      run.errors.contains(
        "\(image): the app Hello.app is not signed (only its linker's ad hoc signature): sign it "
          + "with `shipyard app sign` before the image is built"), "\(run.errors)")
    // The JSON names no temporary folder the app was read from.
    let json = try Self.shipyard(["dmg", "verify", image, "--json"])
    #expect(!json.output.contains("shipyard-verify"), "\(json.output)")
  }
}
