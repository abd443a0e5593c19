import Foundation
import ShipyardTestSupport
import Testing

/// `pkg sign`, `pkg verify` and `pkg ship` with the native engine on Linux, against the loopback
/// Notary, S3, ticket and time-stamp doubles (the notary judges the package's Installer
/// signature and every Mach-O of its payload), with no Apple tool on PATH; the package read back
/// by the Python reader of flat packages, 7-Zip and OpenSSL.
@Suite(
  .enabled(
    if: PeerPolicy.shouldRun(whenAvailable: NotaryDouble.isAvailable && PackagePeers.available),
    Comment(rawValue: NotaryDouble.requirement + "; " + PackagePeers.requirement)))
struct PkgShipTests {
  /// `--p12 <file> --p12-password-env P12_PASSWORD` for one of the double's identities.
  static func identity(_ double: NotaryDouble, _ file: String, flag: String = "--p12") -> [String] {
    [flag, double.folder.path(file), flag + "-password-env", "P12_PASSWORD"]
  }

  /// A component package of the Mach-O Hello.app signed by the double's Application identity.
  static func package(_ double: NotaryDouble, named name: String) throws -> String {
    let output = double.folder.path(name)
    let built = try double.shipyard([
      "pkg", "build", try double.signedHello(), "--skip-sign-app", "-o", output,
    ])
    #expect(built.status == 0, "\(built.standardError)")
    return output
  }

  /// `pkg ship --json` of the app at `source` to `output`, signed by the double's Application
  /// and Installer identities, which must succeed.
  static func ship(_ double: NotaryDouble, _ source: String, to output: String) throws
    -> ProcessRunner.Output
  {
    let run = try double.shipyard(
      ["pkg", "ship", source, "-o", output, "--json"] + identity(double, "identity.p12")
        + identity(double, "installer-leaf.p12", flag: "--installer-p12") + double.keyArguments)
    #expect(run.status == 0, "\(run.standardError)")
    return run
  }

  @Test func shipBuildsSignsNotarizesStaplesAndVerifiesAnApp() throws {
    let double = try NotaryDouble()
    defer { double.stop() }
    let source = try SampleApps.machOHello(in: double.folder.file("unsigned"))
    let output = double.folder.path("dist/Hello.pkg")
    let run = try Self.ship(double, source, to: output)
    let report = String(decoding: run.standardOutput, as: UTF8.self)
    #expect(report.contains(#""hasStapledTicket" : true"#), "\(report)")
    #expect(report.contains(#""isTimestamped" : true"#), "\(report)")

    // The notary judged the package and the app's Mach-O in its payload, and accepted it.
    let submissions = double.requests().compactMap { $0["submission"] as? [String: Any] }
    let id = try #require(double.requests().compactMap { $0["recordName"] as? String }.last)
    #expect(id.hasPrefix("2/1/"), "the ticket of a SHA-1 table is record 2/1/…: \(id)")
    #expect(submissions.count == 1)

    // Peers: the reader of flat packages and 7-Zip (the staple is 7-Zip's tail), OpenSSL.
    let checked = try ProcessRunner.run("python3", [PackagePeers.checker, output, "--product"])
    #expect(checked.status == 0, "\(checked.standardError)")
    let tested = try ProcessRunner.run("7zz", ["t", "-txar", output])
    let testText = String(decoding: tested.standardOutput, as: UTF8.self)
    #expect(tested.status == 0 && testText.contains("Tail Size"), "\(testText)")
    let verified = try double.shipyard(["pkg", "verify", output])
    #expect(verified.status == 0, "\(verified.standardError)")
    // What pkg inspect says of it: stapled, timestamped by the double's authority.
    let inspected = try double.shipyard(["pkg", "inspect", output, "--json"])
    let inspection = String(decoding: inspected.standardOutput, as: UTF8.self)
    #expect(inspected.status == 0, "\(inspected.standardError)")
    #expect(inspection.contains(#""stapledTicketSize" : "#), "\(inspection)")
    #expect(inspection.contains(#""authority" : "CN="#), "\(inspection)")
  }

  /// Must-show 1 of issue #36: an unsigned Electron-shaped app shipped as a package with no
  /// Apple tool on PATH; the double's judge accepted the package (the TOC digest, the CMS by
  /// `openssl cms`, the RSA signature by `openssl pkeyutl`, the token by `openssl ts -verify`,
  /// every Mach-O of the payload), the reader of flat packages agrees with every Bom record
  /// (GNU `cksum` included), and the payload, unpacked by `gzip` and GNU `cpio`, is the signed
  /// app: every file's bytes and mode, every folder, every link's target.
  @Test func anElectronAppShipsAndEveryPeerAgrees() throws {
    let double = try NotaryDouble()
    defer { double.stop() }
    let fixture = try ElectronAppFixture.write(in: double.folder.file("source"))
    let output = double.folder.path("dist/Demo.pkg")
    let run = try Self.ship(double, fixture.url.path, to: output)
    let report = try JSONSerialization.jsonObject(with: run.standardOutput) as? [String: Any]
    let apps = report?["apps"] as? [[String: Any]] ?? []
    #expect(apps.count == 1 && apps.first?["valid"] as? Bool == true, "\(apps)")
    #expect(apps.first?["path"] as? String == "Demo.pkg/Demo.app", "\(apps)")

    let verdicts = double.requests().compactMap { $0["verdict"] as? String }
    #expect(verdicts == ["Accepted"], "\(verdicts)")
    let checked = try ProcessRunner.run("python3", [PackagePeers.checker, output, "--product"])
    #expect(checked.status == 0, "\(checked.standardError)")

    let unpacked = double.folder.file("unpacked")
    try ProcessRunner.check("7zz", ["x", "-y", "-txar", "-o" + unpacked.path, output])
    let tree = unpacked.appendingPathComponent("tree")
    try FileManager.default.createDirectory(at: tree, withIntermediateDirectories: true)
    try ProcessRunner.check(
      "sh",
      [
        "-c", #"gzip -dc "$1" | (cd "$2" && cpio -idm --quiet)"#, "sh",
        unpacked.appendingPathComponent("Demo.pkg/Payload").path, tree.path,
      ])
    let shipped = try TreeSnapshot(of: tree.appendingPathComponent("Demo.app"))
    let signed = try TreeSnapshot(of: fixture.url)
    #expect(shipped == signed, "\(shipped)\n---\n\(signed)")
    #expect(signed.entries.count > 40, "the whole app: \(signed.entries.count) entries")
  }

  @Test func verifyNamesEachKindOfDamage() async throws {
    let double = try NotaryDouble()
    defer { double.stop() }
    let package = try Self.package(double, named: "Hello.pkg")
    let unsigned = try double.shipyard(["pkg", "verify", package])
    #expect(unsigned.status == 1)
    #expect(unsigned.standardError.contains("is not signed"), "\(unsigned.standardError)")
    let signed = try double.shipyard(
      ["pkg", "sign", package] + Self.identity(double, "installer-leaf.p12"))
    #expect(signed.status == 0, "\(signed.standardError)")
    #expect(try double.shipyard(["pkg", "verify", package]).status == 0)

    let bytes = try Data(contentsOf: URL(fileURLWithPath: package))
    for (name, offset) in [("payload", bytes.count - 600), ("table", 40)] {
      var damaged = bytes
      damaged[offset] ^= 0x20
      let path = double.folder.path("damaged-\(name).pkg")
      try damaged.write(to: URL(fileURLWithPath: path))
      let run = try double.shipyard(["pkg", "verify", path])
      #expect(run.status == 1, "\(name): \(run.standardError)")
      #expect(run.standardError.contains("damaged-\(name).pkg"), "\(run.standardError)")
    }

    // Signed by a Developer ID Application leaf (OpenSSL signs what Shipyard refuses to).
    let application = double.folder.path("application-signed.pkg")
    try await OpenSSLPackageSigner(pki: double.folder.url.path, leaf: "leaf").sign(
      try Self.package(double, named: "Unsigned.pkg"), to: application)
    let misSigned = try double.shipyard(["pkg", "verify", application])
    #expect(misSigned.status == 1)
    #expect(
      misSigned.standardError.contains("Developer ID Application certificate"),
      "\(misSigned.standardError)")

    // Without the double's root trusted, the chain does not end at Apple's roots.
    let untrusted = try ProcessRunner.run(
      "env", ["PATH=/usr/bin:/bin", BuiltProducts.shipyard.path, "pkg", "verify", package])
    #expect(untrusted.status == 1)
    #expect(untrusted.standardError.contains("--trust-root"), "\(untrusted.standardError)")
  }

  @Test func anApplicationIdentityIsRefusedAndNothingIsWritten() throws {
    let double = try NotaryDouble()
    defer { double.stop() }
    let package = try Self.package(double, named: "Hello.pkg")
    let before = try Data(contentsOf: URL(fileURLWithPath: package))
    let output = double.folder.path("signed.pkg")
    let run = try double.shipyard(
      ["pkg", "sign", package, "-o", output] + Self.identity(double, "identity.p12"))
    #expect(run.status == 1)
    #expect(run.standardError.contains("Installer"), "\(run.standardError)")
    #expect(!FileManager.default.fileExists(atPath: output))
    #expect(try Data(contentsOf: URL(fileURLWithPath: package)) == before)

    // An Application identity given as the Installer one: refused before any upload.
    let misused = try double.shipyard(
      [
        "pkg", "ship", try double.signedHello(), "-o", double.folder.path("x.pkg"),
        "--skip-sign-app",
      ]
        + Self.identity(double, "identity.p12", flag: "--installer-p12") + double.keyArguments)
    #expect(misused.status == 1)
    #expect(!FileManager.default.fileExists(atPath: double.folder.path("x.pkg")))
  }

  /// The notary double looks inside the package: an unsigned Mach-O in the payload is refused
  /// in Apple's words, and nothing is left at the output.
  @Test func theNotaryJudgesTheMachOInThePayload() throws {
    let double = try NotaryDouble()
    defer { double.stop() }
    let source = try SampleApps.machOHello(in: double.folder.file("unsigned"))
    let output = double.folder.path("Hello.pkg")
    let run = try double.shipyard(
      ["pkg", "ship", source, "-o", output, "--skip-sign-app"]
        + Self.identity(double, "installer-leaf.p12", flag: "--installer-p12")
        + double.keyArguments)
    #expect(run.status == 1)
    #expect(run.standardError.contains("The binary is not signed."), "\(run.standardError)")
    #expect(run.standardError.contains("Hello.app/Contents/MacOS/Hello"), "\(run.standardError)")
    #expect(!FileManager.default.fileExists(atPath: output))
  }

  /// The steps one by one: an unsigned package is refused before any upload; signed, it is
  /// notarized, then stapled, and `pkg verify --json` says so.
  @Test func notarizeThenStapleStepByStep() throws {
    let double = try NotaryDouble()
    defer { double.stop() }
    let package = try Self.package(double, named: "Hello.pkg")
    let refused = try double.shipyard(["pkg", "notarize", package] + double.keyArguments)
    #expect(refused.status == 1)
    #expect(double.requests().allSatisfy { $0["submission"] == nil })

    let signed = try double.shipyard(
      ["pkg", "sign", package] + Self.identity(double, "installer-leaf.p12"))
    #expect(signed.status == 0, "\(signed.standardError)")
    let notarized = try double.shipyard(["pkg", "notarize", package] + double.keyArguments)
    #expect(notarized.status == 0, "\(notarized.standardError)")
    let stapled = try double.shipyard(["pkg", "staple", package])
    #expect(stapled.status == 0, "\(stapled.standardError)")
    let verified = try double.shipyard(["pkg", "verify", package, "--json"])
    #expect(verified.status == 0, "\(verified.standardError)")
    let report = String(decoding: verified.standardOutput, as: UTF8.self)
    #expect(report.contains(#""hasStapledTicket" : true"#), "\(report)")
  }
}
