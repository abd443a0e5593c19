import Distribution
import Foundation
import ShipyardTestSupport
import Testing

/// The Notary double judges each upload as Apple's notary does (app-signing.md §14): real Mach-O
/// (Go, cross-built here) signed by apple-platform-py in each way Apple refuses, packed by our
/// `dmg build`, notarized through the Notarizer; each refusal comes back in Apple's log format,
/// with Apple's message, and only a binary that keeps every rule is Accepted.
@Suite(
  .serialized,
  .enabled(
    if: PeerPolicy.shouldRun(
      whenAvailable: NotaryDouble.isAvailable && NotaryJudgeFixtures.goIsAvailable),
    Comment(rawValue: NotaryDouble.requirement + ", and go")))
struct NotaryJudgeTests {
  /// Apple's messages, word for word.
  enum Message {
    static let notSigned = "The binary is not signed."
    static let notDeveloperID = "The binary is not signed with a valid Developer ID certificate."
    static let noTimestamp = "The signature does not include a secure timestamp."
    static let noRuntime = "The executable does not have the hardened runtime enabled."
    static let getTaskAllow =
      "The executable requests the com.apple.security.get-task-allow entitlement."
    static let oldSDK = "The binary uses an SDK older than the 10.9 SDK."
    static let invalid = "The signature of the binary is invalid."
    static let weak = "The signature algorithm used is too weak."
  }

  /// One way of signing the app's executable, and what Apple says of it.
  struct Rejection: Sendable, CustomTestStringConvertible {
    let name: String
    let architecture: String
    let options: @Sendable (NotaryDouble, ScratchFolder) throws -> [String]
    let messages: [String]
    var testDescription: String { name }
  }

  static let rejections: [Rejection] = [
    Rejection(
      name: "unsigned", architecture: "x86_64", options: { _, _ in ["--unsigned"] },
      messages: [Message.notSigned, Message.noTimestamp, Message.noRuntime]),
    Rejection(
      name: "linker-signed (Go arm64, untouched)", architecture: "arm64",
      options: { _, _ in ["--unsigned"] },
      messages: [Message.notDeveloperID, Message.noTimestamp, Message.noRuntime]),
    Rejection(
      name: "ad hoc", architecture: "x86_64", options: { _, _ in ["--ad-hoc", "--runtime"] },
      messages: [Message.notDeveloperID, Message.noTimestamp]),
    Rejection(
      name: "self-signed Developer ID certificate", architecture: "x86_64",
      options: { double, _ in
        ["--self-signed", "--timestamp-url", "\(double.url)/tsa", "--runtime"]
      }, messages: [Message.notDeveloperID]),
    Rejection(
      name: "certificate chain left out of the CMS", architecture: "x86_64",
      options: { double, folder in
        let leafOnly = try folder.write(
          try ["leaf.pem", "leaf.key"].flatMap { Array(try Data(contentsOf: folder.file($0))) },
          to: "leaf-only.pem")
        return ["--pem", leafOnly.path, "--timestamp-url", "\(double.url)/tsa", "--runtime"]
      }, messages: [Message.invalid, Message.noTimestamp]),
    Rejection(
      name: "no timestamp", architecture: "x86_64",
      options: { double, _ in ["--pem", double.folder.path("identity.pem"), "--runtime"] },
      messages: [Message.noTimestamp]),
    Rejection(
      name: "no hardened runtime", architecture: "x86_64",
      options: { double, _ in Array(NotaryJudgeFixtures.developerID(double).dropLast()) },
      messages: [Message.noRuntime]),
    Rejection(
      name: "get-task-allow", architecture: "x86_64",
      options: { double, folder in
        NotaryJudgeFixtures.developerID(double)
          + ["--entitlements", try NotaryJudgeFixtures.getTaskAllow(in: folder)]
      }, messages: [Message.getTaskAllow]),
    Rejection(
      name: "SDK 10.8", architecture: "x86_64",
      options: { double, _ in NotaryJudgeFixtures.developerID(double) + ["--sdk", "10.8"] },
      messages: [Message.oldSDK]),
    Rejection(
      name: "SHA-1 only", architecture: "arm64",
      options: { double, _ in NotaryJudgeFixtures.developerID(double) + ["--sha1-only"] },
      messages: [Message.weak]),
    Rejection(
      name: "a page changed after signing", architecture: "x86_64",
      options: { double, _ in NotaryJudgeFixtures.developerID(double) + ["--flip-byte", "8192"] },
      messages: [Message.invalid]),
  ]

  /// Each way Apple refuses a binary comes back Invalid with Apple's log and exactly Apple's
  /// messages for that binary, in Apple's order.
  @Test(arguments: rejections)
  func eachRuleRefusesWithApplesMessage(_ rejection: Rejection) async throws {
    let double = try NotaryDouble()
    defer { double.stop() }
    let executable = try NotaryJudgeFixtures.program(
      rejection.architecture == "arm64" ? "arm64" : "amd64", at: "Hi", in: double.folder,
      try rejection.options(double, double.folder))
    let app = try NotaryJudgeFixtures.app(in: double.folder, executable: executable)
    let log = try await double.submit(try NotaryJudgeFixtures.image(of: app, in: double.folder))
    Self.expectInvalid(log)
    let issues = log["issues"] as? [[String: Any]] ?? []
    #expect(issues.compactMap { $0["message"] as? String } == rejection.messages, "\(issues)")
    for issue in issues {
      #expect(issue["path"] as? String == "Hi.dmg/Hi.app/Contents/MacOS/Hi")
      #expect(issue["architecture"] as? String == rejection.architecture)
    }
  }

  /// Signed with the Developer ID identity, timestamped, hardened: Accepted, on HFS+ and APFS
  /// alike (7-Zip puts an HFS+ volume in a folder named as the volume, an APFS one not).
  @Test(arguments: ["HFS+", "APFS"])
  func aBinaryThatKeepsEveryRuleIsAccepted(filesystem: String) async throws {
    let double = try NotaryDouble()
    defer { double.stop() }
    let executable = try NotaryJudgeFixtures.program(
      "amd64", at: "Hi", in: double.folder, NotaryJudgeFixtures.developerID(double))
    let app = try NotaryJudgeFixtures.app(in: double.folder, executable: executable)
    let image = try NotaryJudgeFixtures.image(of: app, in: double.folder, filesystem: filesystem)
    let log = try await double.submit(image)
    #expect(log["status"] as? String == "Accepted", "\(log)")
    #expect(log["statusCode"] as? Int == 0 && log["issues"] is NSNull)
    #expect(log["archiveFilename"] as? String == "Hi.dmg")
  }

  /// Every slice and every Mach-O is judged, wherever it is: a universal main executable whose
  /// x86_64 slice is right and arm64 slice is linker-signed only, and an unsigned tool in
  /// Resources, on an APFS volume.
  @Test func everySliceOfEveryMachOIsJudged() async throws {
    let double = try NotaryDouble()
    defer { double.stop() }
    let signed = try NotaryJudgeFixtures.program(
      "amd64", at: "x86_64", in: double.folder, NotaryJudgeFixtures.developerID(double))
    let linkerSigned = try NotaryJudgeFixtures.program(
      "arm64", at: "arm64", in: double.folder, ["--unsigned"])
    let universal = try NotaryJudgeFixtures.universal(
      of: [signed, linkerSigned], in: double.folder)
    let tool = try NotaryJudgeFixtures.program(
      "amd64", at: "tool", in: double.folder, ["--unsigned"])
    let app = try NotaryJudgeFixtures.app(
      in: double.folder, executable: universal, files: ["Resources/bin/tool": tool])
    let log = try await double.submit(
      try NotaryJudgeFixtures.image(of: app, in: double.folder, filesystem: "APFS"))
    Self.expectInvalid(log)
    let issues = (log["issues"] as? [[String: Any]] ?? []).map {
      "\($0["path"] as? String ?? "?") \($0["architecture"] as? String ?? "?"): "
        + "\($0["message"] as? String ?? "?")"
    }
    let main = "Hi.dmg/Hi.app/Contents/MacOS/Hi arm64: "
    let resource = "Hi.dmg/Hi.app/Contents/Resources/bin/tool x86_64: "
    #expect(
      Set(issues) == [
        main + Message.notDeveloperID, main + Message.noTimestamp, main + Message.noRuntime,
        resource + Message.notSigned, resource + Message.noTimestamp,
        resource + Message.noRuntime,
      ], "\(issues)")
  }

  /// A DMG with no Mach-O (Hello.app's executable is a shell script) is Accepted, as Apple
  /// accepts a disk image of data.
  @Test func anImageWithoutMachOIsAccepted() async throws {
    let double = try NotaryDouble()
    defer { double.stop() }
    let log = try await double.submit(try TestPKI.unsignedImage(in: double.folder))
    #expect(log["status"] as? String == "Accepted", "\(log)")
  }

  /// A zip of the app is judged too; the log's paths start at the zip's name.
  @Test func aZipOfTheAppIsJudged() async throws {
    let double = try NotaryDouble()
    defer { double.stop() }
    let executable = try NotaryJudgeFixtures.program(
      "amd64", at: "Hi", in: double.folder, ["--ad-hoc", "--runtime"])
    _ = try NotaryJudgeFixtures.app(in: double.folder, executable: executable)
    let zip = double.folder.path("Hi.zip")
    let script = """
      import os, sys, zipfile
      os.chdir(sys.argv[1])
      with zipfile.ZipFile(sys.argv[2], "w") as archive:
          for folder, _, files in os.walk("Hi.app"):
              for name in files:
                  archive.write(os.path.join(folder, name))
      """
    try ProcessRunner.check("python3", ["-c", script, double.folder.url.path, zip])
    let log = try await double.submit(zip)
    Self.expectInvalid(log)
    let issues = log["issues"] as? [[String: Any]] ?? []
    #expect(
      issues.map { $0["path"] as? String }
        == Array(repeating: "Hi.zip/Hi.app/Contents/MacOS/Hi", count: 2))
  }

  /// Through the CLI, `dmg notarize` ends with exit 1 and Apple's messages, each with its path.
  @Test func dmgNotarizeShowsApplesMessages() throws {
    let double = try NotaryDouble()
    defer { double.stop() }
    let executable = try NotaryJudgeFixtures.program(
      "amd64", at: "Hi", in: double.folder, ["--unsigned"])
    let app = try NotaryJudgeFixtures.app(in: double.folder, executable: executable)
    let image = try NotaryJudgeFixtures.image(of: app, in: double.folder)
    let run = try ProcessRunner.run(
      "env",
      ["PATH=/usr/bin:/bin"] + double.environment
        // Uploaded all the same: the preflight would stop it (AppShipTests shows that).
        + [BuiltProducts.shipyard.path, "dmg", "notarize", image, "--no-preflight"]
        + double.keyArguments)
    #expect(run.status == 1, "\(run.standardError)")
    for message in [Message.notSigned, Message.noTimestamp, Message.noRuntime] {
      #expect(
        run.standardError.contains("error Hi.dmg/Hi.app/Contents/MacOS/Hi: \(message)"),
        "\(run.standardError)")
    }
  }

  /// Apple's log fields of an Invalid submission.
  static func expectInvalid(
    _ log: [String: Any], sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(log["status"] as? String == "Invalid", "\(log)", sourceLocation: sourceLocation)
    #expect(
      log["statusSummary"] as? String == "Archive contains critical validation errors",
      sourceLocation: sourceLocation)
    #expect(log["statusCode"] as? Int == 4000, sourceLocation: sourceLocation)
    let issues = log["issues"] as? [[String: Any]] ?? []
    #expect(!issues.isEmpty, sourceLocation: sourceLocation)
    for issue in issues {
      #expect(issue["severity"] as? String == "error", sourceLocation: sourceLocation)
      #expect(issue["code"] is NSNull, sourceLocation: sourceLocation)
      #expect(
        (issue["docUrl"] as? String)?.hasPrefix("https://developer.apple.com/documentation/")
          == true, sourceLocation: sourceLocation)
    }
  }
}
