import Foundation
import ShipyardTestSupport
import Testing

/// Messages that say the cause and the next step, rather than the check that failed.
extension NativeShipTests {
  @Test func aP12GivenNoPasswordSaysHowToGiveIt() throws {
    let double = try NotaryDouble()
    defer { double.stop() }
    let image = double.folder.path("Hello.dmg")
    #expect(try shipyard(double, ["dmg", "build", Self.helloApp, "-o", image]).status == 0)
    let run = try shipyard(
      double, ["dmg", "sign", image, "--p12", double.folder.path("identity.p12")])
    #expect(run.status == 1)
    #expect(
      run.errors.contains(
        "identity.p12 is protected by a password, and none was given: name the variable holding "
          + "it with --p12-password-env <VAR>"), "\(run.errors)")
    #expect(!run.errors.contains("wrong"))
  }

  @Test func staplingAnUnsignedImageSaysToSignItFirst() throws {
    let double = try NotaryDouble()
    defer { double.stop() }
    let image = double.folder.path("Hello.dmg")
    #expect(try shipyard(double, ["dmg", "build", Self.helloApp, "-o", image]).status == 0)
    let run = try shipyard(double, ["dmg", "staple", image, "--engine", "native"])
    #expect(run.status == 1)
    #expect(
      run.errors.contains(
        "\(image) is not signed: sign it (`shipyard dmg sign`), then notarize it, before stapling"),
      "\(run.errors)")
    #expect(!run.errors.contains("damaged"))
  }
}
