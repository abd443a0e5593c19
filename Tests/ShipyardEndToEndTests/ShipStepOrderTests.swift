import Foundation
import ShipyardTestSupport
import Testing

/// `dmg ship`'s text lists its steps in the order they ran, and names the ones it skipped.
extension AppShipTests {
  @Test func theStepsArePrintedInRunOrderWithTheSkippedOnesNamed() throws {
    let double = try NotaryDouble()
    defer { double.stop() }
    let (run, _) = try ship(double, ["--skip-staple"])
    #expect(run.status == 0, "\(run.standardError)")
    let text = String(decoding: run.standardOutput, as: UTF8.self)
    let steps = text.split(separator: "\n").dropFirst().prefix(8).map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    #expect(
      steps == [
        "sign-app: done", "notarize-app: skipped", "staple-app: skipped", "build: done",
        "sign: done", "notarize: accepted", "staple: skipped", "verify: valid",
      ], "\(text)")
  }
}
