import Foundation
import ShipyardTestSupport
import Testing

/// Must-show 4 of issue #20, to the end: the universal app `app merge` makes of two Go-built apps
/// signs with `app sign`, passes `app verify`, and ships (`dmg ship`, native) accepted by the
/// judging Notary double, which reads every slice of every binary.
@Suite(
  .serialized,
  .enabled(
    if: PeerPolicy.shouldRun(whenAvailable: NotaryDouble.isAvailable)
      && UniversalAppPair.shouldRun,
    "needs the Notary double's peers and the Mach-O fixtures' tools"))
struct AppMergeShipTests {
  @Test func theMergedAppSignsVerifiesAndIsAcceptedByTheNotaryDouble() throws {
    let double = try NotaryDouble()
    defer { double.stop() }
    let pair = try UniversalAppPair(
      in: double.folder.url.appendingPathComponent("builds-\(UUID().uuidString)"))
    let app = double.folder.path("Demo-\(UUID().uuidString)/Demo.app")
    try FileManager.default.createDirectory(
      atPath: (app as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    let merge = try double.shipyard(
      ["app", "merge", pair.first.url.path, pair.second.url.path, "-o", app])
    #expect(merge.status == 0, "\(merge.standardError)")

    let identity = [
      "--p12", double.folder.path("identity.p12"), "--p12-password-env", "P12_PASSWORD",
    ]
    let sign = try double.shipyard(["app", "sign", app, "--json"] + identity)
    #expect(sign.status == 0, "\(sign.standardError)")
    let verify = try double.shipyard(["app", "verify", app, "--json"])
    #expect(verify.status == 0, "\(verify.standardError)")
    let report = try JSONSerialization.jsonObject(with: verify.standardOutput) as? [String: Any]
    #expect(report?["valid"] as? Bool == true, "\(report ?? [:])")

    let image = double.folder.path("Demo-\(UUID().uuidString).dmg")
    let ship = try double.shipyard(
      ["dmg", "ship", app, "-o", image, "--json", "--skip-sign-app"] + identity
        + double.keyArguments)
    #expect(ship.status == 0, "\(ship.standardError)")
    let summary = try JSONSerialization.jsonObject(with: ship.standardOutput) as? [String: Any]
    let steps = summary?["steps"] as? [String: String] ?? [:]
    #expect(steps["notarize"] == "accepted" && steps["verify"] == "valid", "\(steps)")

    // The double reads both slices of the joined binaries: unsigned, each is refused on its own.
    let unsigned = double.folder.path("Unsigned-\(UUID().uuidString)/Demo.app")
    try FileManager.default.createDirectory(
      atPath: (unsigned as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    #expect(
      try double.shipyard(
        ["app", "merge", pair.first.url.path, pair.second.url.path, "-o", unsigned]
      ).status == 0)
    let refused = try double.shipyard(
      [
        "dmg", "ship", unsigned, "-o", double.folder.path("Refused-\(UUID().uuidString).dmg"),
        "--skip-sign-app", "--no-preflight",
      ] + identity + double.keyArguments)
    #expect(refused.status == 1)
    let marker = "notarization of submission "
    let id = try #require(
      refused.standardError.components(separatedBy: marker).dropFirst().first?
        .split(separator: " ").first.map(String.init), "\(refused.standardError)")
    let issues = try double.log(ofSubmission: id)["issues"] as? [[String: Any]] ?? []
    let main = issues.filter {
      ($0["path"] as? String)?.hasSuffix("Demo.app/Contents/MacOS/Demo") == true
    }
    #expect(
      Set(main.compactMap { $0["architecture"] as? String }) == ["x86_64", "arm64"], "\(main)")
  }
}
