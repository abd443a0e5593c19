import CodeSigning
import Digests
import Foundation
import ShipyardTestSupport
import Testing

/// The commands as users meet them, on real code: `app verify` two years ahead, re-signing a
/// JIT runtime, a real app in a disk image, two real thin builds merged.
@Suite(.enabled(if: RealCode.shouldRun, RealCode.requirement))
struct RealCodeCommandTests {
  /// Runs `shipyard` with the test PKI's password in `P12_PASSWORD`, under `faketime` at
  /// `clock` when one is given.
  static func shipyard(_ arguments: [String], clock: Date? = nil) throws -> ProcessRunner.Output {
    var command = ["PATH=/usr/bin:/bin", "P12_PASSWORD=\(TestPKI.password)"]
    if let clock {
      let formatter = DateFormatter()
      formatter.locale = Locale(identifier: "en_US_POSIX")
      formatter.timeZone = TimeZone(identifier: "UTC")
      formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
      command += ["TZ=UTC", "faketime", formatter.string(from: clock)]
    }
    return try ProcessRunner.run("env", command + [BuiltProducts.shipyard.path] + arguments)
  }

  /// The test identity's signing arguments, without a timestamp.
  static func identity() throws -> [String] {
    [
      "--p12", try TestPKI.path("identity.p12"), "--p12-password-env", "P12_PASSWORD",
      "--no-timestamp",
    ]
  }

  /// A copy of a specimen in `folder`, under its own name.
  static func copy(_ id: String, into folder: ScratchFolder) throws -> URL {
    let source = try RealCode.url(id)
    let target = folder.file(source.lastPathComponent)
    try FileManager.default.copyItem(at: source, to: target)
    return target
  }

  /// Two years from now.
  static let twoYearsAhead = Date().addingTimeInterval(2 * 365 * 86_400)

  /// What `--json` printed.
  static func json(_ output: ProcessRunner.Output) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: output.standardOutput) as? [String: Any])
  }

  @Test(
    .enabled(if: PeerPolicy.shouldRun(whenAvailable: TestTimestampAuthority.canBackdate)),
    arguments: RealCode.developerID)
  func developerIDCodeIsValidTwoYearsAhead(_ id: String) throws {
    let path = try RealCode.url(id).path
    for clock in [nil, Self.twoYearsAhead] {
      let run = try Self.shipyard(["app", "verify", path, "--json"], clock: clock)
      #expect(run.status == 0, "\(clock.map { "\($0)" } ?? "now"): \(run.standardError)")
      #expect(try Self.json(run)["valid"] as? Bool == true)
    }
  }

  /// The clock really moves under faketime: a signature without a timestamp by the test
  /// identity (valid one year) holds now and fails two years ahead, its leaf judged then.
  @Test(.enabled(if: PeerPolicy.shouldRun(whenAvailable: TestTimestampAuthority.canBackdate)))
  func withoutATimestampTheSameCodeExpiresUnderTheFakeClock() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let ruff = try Self.copy("ruff", into: folder)
    let signed = try Self.shipyard(["app", "sign", ruff.path] + Self.identity())
    #expect(signed.status == 0, "\(signed.standardError)")
    let verify = [
      "app", "verify", ruff.path, "--trust-root", try TestPKI.path("root.pem"), "--json",
    ]
    let now = try Self.json(try Self.shipyard(verify))
    #expect((now["problems"] as? [String])?.isEmpty == true, "\(now)")
    let later = try Self.json(try Self.shipyard(verify, clock: Self.twoYearsAhead))
    let problems = try #require(later["problems"] as? [String])
    #expect(problems.contains { $0.contains("certificate chain") && $0.contains("expired") })
  }

  /// deno, a JIT runtime signed by its makers with `allow-jit` and four other entitlements,
  /// re-signed by us keeps them (read back by apple-platform-py), with the hardened runtime;
  /// `--no-preserve-entitlements` drops them.
  @Test(.enabled(if: SigningPeers.shouldRun, "needs apple-platform-py"))
  func reSigningAJITRuntimeKeepsItsEntitlements() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let deno = try Self.copy("deno", into: folder)
    let original = RealCode.specimen("deno").machO.slices[0].signature?.entitlements?.keys ?? []
    #expect(original.contains("com.apple.security.cs.allow-jit"))
    let signed = try Self.shipyard(["app", "sign", deno.path] + Self.identity())
    #expect(signed.status == 0, "\(signed.standardError)")
    let line = String(decoding: signed.standardOutput, as: UTF8.self)
    #expect(line.contains("kept its entitlements (com.apple.security.cs.allow-dyld-environment"))
    let read = try Self.signatureByApplePlatform(deno.path)
    #expect(Set(read.entitlements) == Set(original), "\(read)")
    #expect(read.flags.contains("RUNTIME") && read.hasDEREntitlements)
    let dropped = try Self.shipyard(
      ["app", "sign", deno.path, "--no-preserve-entitlements"] + Self.identity())
    #expect(dropped.status == 0, "\(dropped.standardError)")
    #expect(!String(decoding: dropped.standardOutput, as: UTF8.self).contains("kept"))
    let bare = try Self.signatureByApplePlatform(deno.path)
    #expect(bare.entitlements.isEmpty && !bare.hasDEREntitlements, "\(bare)")
  }

  /// The entitlement keys, code-directory flags and whether a DER entitlements blob is there,
  /// as apple-platform-py reads the first slice's signature.
  static func signatureByApplePlatform(_ path: String) throws -> (
    entitlements: [String], flags: String, hasDEREntitlements: Bool
  ) {
    let script = """
      import json, plistlib, sys, apple_platform
      signature = apple_platform.read_signature(sys.argv[1])[0]["entity"]["mach_o"]["signature"]
      xml = signature.get("entitlements_plist")
      keys = sorted(plistlib.loads("\\n".join(xml).encode())) if xml else []
      print(json.dumps({"keys": keys, "flags": signature["code_directory"]["flags"],
        "der": "entitlements_der_plist" in signature}))
      """
    let output = try ProcessRunner.check("python3", ["-c", script, path])
    let read = try #require(try JSONSerialization.jsonObject(with: output) as? [String: Any])
    return (
      read["keys"] as? [String] ?? [], read["flags"] as? String ?? "",
      read["der"] as? Bool ?? false
    )
  }

  /// The mitmproxy app (Developer ID, stapled, with a system extension) in an image built and
  /// signed by Shipyard: `dmg verify` passes, and its text shows the app's checks.
  @Test func aRealAppInADiskImageVerifies() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let app = try Self.copy("mitmproxy-redirector-app", into: folder)
    let image = folder.path("Redirector.dmg")
    let built = try Self.shipyard(["dmg", "build", app.path, "-o", image])
    #expect(built.status == 0, "\(built.standardError)")
    let signed = try Self.shipyard(["dmg", "sign", image] + (try Self.identity()))
    #expect(signed.status == 0, "\(signed.standardError)")
    let verified = try Self.shipyard(
      ["dmg", "verify", image, "--trust-root", try TestPKI.path("root.pem")])
    let text = String(decoding: verified.standardOutput, as: UTF8.self)
    #expect(verified.status == 0, "\(text)\n\(verified.standardError)")
    #expect(text.contains("App: Mitmproxy Redirector.app: valid"), "\(text)")
  }

  /// markupsafe's x86_64 and arm64 builds of one extension module, each in an app: `app merge`
  /// joins them into the bytes `llvm-lipo -create` makes of them (run here, and recorded in the
  /// corpus).
  @Test(.enabled(if: PeerPolicy.shouldRun(whenAvailable: FixtureTool.lipo.isAvailable)))
  func twoRealThinBuildsMergeAsLLVMLipoMergesThem() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let name = "_speedups.cpython-312-darwin.so"
    var apps: [URL] = []
    for id in ["markupsafe-x86_64", "markupsafe-arm64"] {
      let app = folder.file("\(id)/Speedups.app")
      let code = app.appendingPathComponent("Contents/MacOS/\(name)")
      try FileManager.default.createDirectory(
        at: code.deletingLastPathComponent(), withIntermediateDirectories: true)
      try FileManager.default.copyItem(at: try RealCode.url(id), to: code)
      apps.append(app)
    }
    let merged = folder.file("Speedups.app")
    let run = try Self.shipyard(
      ["app", "merge", apps[0].path, apps[1].path, "-o", merged.path])
    #expect(run.status == 0, "\(run.standardError)")
    let ours = try Data(contentsOf: merged.appendingPathComponent("Contents/MacOS/\(name)"))
    let lipo = try UniversalBinary.create(
      lipo: try FixtureTool.lipo.requirePath(),
      slices: apps.map { $0.appendingPathComponent("Contents/MacOS/\(name)") },
      output: folder.file("lipo.so"))
    #expect(ours == (try Data(contentsOf: lipo)))
    #expect(DigestAlgorithm.sha256.digest(Array(ours)).hex == RealCode.corpus.pairs[0].sha256)
  }
}
