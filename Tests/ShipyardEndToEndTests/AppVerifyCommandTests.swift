import Foundation
import ShipyardTestSupport
import Testing

/// Must-show 2 of issue #18 at the command line: `shipyard app verify` passes (exit 0) on the
/// Electron-shaped app that `shipyard app sign` signed with a Developer ID identity and a
/// time-stamp per slice, and for each kind of damage (``AppDamage``) and for a signing without
/// time-stamps exits 1 naming the problem and its path, in its text and in its `--json` report.
@Suite(
  .enabled(
    if: PeerPolicy.shouldRun(whenAvailable: NotaryDouble.isAvailable)
      && ElectronAppFixture.shouldRun,
    "needs the Notary double's peers (its time-stamp authority) and the Mach-O fixtures' tools"))
struct AppVerifyCommandTests {
  /// The app signed once per test process (tests damage copies of it), and the root its
  /// signatures and time-stamps chain to.
  struct SignedApp: Sendable {
    let folder: ScratchFolder
    let app: ElectronAppFixture
    var root: String { folder.path("root.pem") }
  }

  /// The Electron-shaped app signed by `shipyard app sign`, time-stamped, with its trust root.
  ///
  /// It is signed with the Notary double's Developer ID identity, every slice time-stamped by
  /// the double's authority (`openssl ts -reply`), and the double's root is kept beside it: the
  /// double makes its own PKI, which anchors both. Made at most once per test process; its
  /// folder lives as long as the process, as ``TestPKI``'s.
  static let signed = Result { () throws -> SignedApp in
    let folder = try ScratchFolder()
    let app = try ElectronAppFixture.write(in: folder.url)
    let double = try NotaryDouble()
    defer { double.stop() }
    let run = try ProcessRunner.run(
      "env",
      ["PATH=/usr/bin:/bin", "P12_PASSWORD=\(NotaryDouble.password)"] + double.environment + [
        BuiltProducts.shipyard.path, "app", "sign", app.url.path, "--p12",
        double.folder.path("identity.p12"), "--p12-password-env", "P12_PASSWORD",
      ])
    guard run.status == 0 else {
      throw ProcessFailure(
        command: "shipyard app sign", status: run.status, errorOutput: run.standardError)
    }
    try FileManager.default.copyItem(
      atPath: double.folder.path("root.pem"), toPath: folder.path("root.pem"))
    return SignedApp(folder: folder, app: app)
  }

  /// What `app verify` printed and its JSON report.
  struct Verdict {
    let status: Int32
    let text: String
    let errors: String
    let report: [String: Any]
    var problems: [String] { report["problems"] as? [String] ?? [] }
    var notaryIssues: [String] { report["notaryIssues"] as? [String] ?? [] }
  }

  /// Runs `shipyard app verify` on `app` with `root` trusted, as text and as `--json`.
  static func verify(_ app: URL, root: String) throws -> Verdict {
    let arguments = [
      "PATH=/usr/bin:/bin", BuiltProducts.shipyard.path, "app", "verify", app.path,
      "--trust-root", root,
    ]
    let text = try ProcessRunner.run("env", arguments)
    let json = try ProcessRunner.run("env", arguments + ["--json"])
    #expect(json.status == text.status, "\(json.standardError)")
    let report = try JSONSerialization.jsonObject(with: json.standardOutput) as? [String: Any]
    return Verdict(
      status: text.status, text: String(decoding: text.standardOutput, as: UTF8.self),
      errors: text.standardError, report: report ?? [:])
  }

  @Test func whatWeSignWithATimestampPasses() throws {
    let signed = try Self.signed.get()
    let verdict = try Self.verify(signed.app.url, root: signed.root)
    #expect(verdict.status == 0, "\(verdict.text)\(verdict.errors)")
    #expect(verdict.text.hasPrefix("\(signed.app.url.path): valid"), "\(verdict.text)")
    #expect(!verdict.text.contains("problem:") && !verdict.text.contains("notary would refuse"))
    #expect(verdict.report["valid"] as? Bool == true)
    #expect(verdict.problems == [] && verdict.notaryIssues == [])
  }

  @Test(arguments: AppDamage.allCases)
  func eachDamageIsNamedWithItsPath(_ damage: AppDamage) async throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let signed = try Self.signed.get()
    let app = try signed.app.copy(into: folder.url)
    try await damage.apply(to: app) { helper in
      let resigned = try ProcessRunner.run(
        "env",
        ["PATH=/usr/bin:/bin", BuiltProducts.shipyard.path, "app", "sign", helper.path, "--ad-hoc"])
      #expect(resigned.status == 0, "\(resigned.standardError)")
    }
    let verdict = try Self.verify(app.url, root: signed.root)

    let expected = damage.expectedProblem
    #expect(verdict.status == 1, "\(verdict.text)")
    #expect(verdict.text.hasPrefix("\(app.url.path): INVALID"), "\(verdict.text)")
    #expect(verdict.errors.contains("\(app.url.path): "), "\(verdict.errors)")
    // The problem, with its path (and architecture, for a slice), check and detail, in the
    // text and in the JSON report.
    let named = { (problem: Substring) in
      problem.hasPrefix("\(expected.path): \(expected.check)")
        || (problem.hasPrefix("\(expected.path) (")
          && problem.contains("): \(expected.check)"))
    }
    #expect(
      verdict.text.split(separator: "\n").contains {
        $0.hasPrefix("  problem: ") && named($0.dropFirst(11)) && $0.contains(expected.detail)
      }, "\(verdict.text)")
    #expect(
      verdict.problems.contains { named($0[...]) && $0.contains(expected.detail) },
      "\(verdict.problems)")
    // Nothing else is named but, for the helper signed again ad hoc, the helper itself.
    let helper = "Demo.app/\(AppDamage.helper)/"
    for problem in verdict.problems {
      #expect(
        problem.hasPrefix("\(expected.path):") || problem.hasPrefix("\(expected.path) (")
          || (damage == .nestedHelperResignedAlone && problem.hasPrefix(helper)),
        "\(problem)")
    }
    let issues = verdict.notaryIssues
    switch damage {
    case .nestedHelperResignedAlone:
      // Ad hoc: the notary refuses the helper's executable for want of a Developer ID.
      #expect(
        issues.contains {
          $0.hasPrefix("\(helper)Contents/MacOS/Demo Helper (")
            && $0.hasSuffix("The binary is not signed with a valid Developer ID certificate.")
        }, "\(issues)")
      #expect(issues.allSatisfy { $0.hasPrefix(helper) }, "\(issues)")
    case .codePageOfMainExecutable, .codePageOfNestedFramework, .infoPlist:
      // A slice whose own signature fails is what Apple's notary calls invalid.
      #expect(!issues.isEmpty)
      for issue in issues {
        #expect(
          issue.hasPrefix("\(expected.path) (")
            && issue.hasSuffix("): The signature of the binary is invalid."), "\(issue)")
      }
    case .resourceFile, .addedResource, .removedResource:
      #expect(issues == [], "a broken seal is a problem of the bundle, not of a slice")
    }
  }

  @Test func aSigningWithoutTimestampsNamesEverySlice() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let app = try ElectronAppFixture.write(in: folder.url)
    let run = try ProcessRunner.run(
      "env",
      [
        "PATH=/usr/bin:/bin", BuiltProducts.shipyard.path, "app", "sign", app.url.path, "--pem",
        try TestPKI.path("identity.pem"), "--no-timestamp",
      ])
    #expect(run.status == 0, "\(run.standardError)")
    let verdict = try Self.verify(app.url, root: try TestPKI.path("root.pem"))

    #expect(verdict.status == 1, "\(verdict.text)")
    #expect(verdict.problems == [], "the signatures themselves hold")
    let message = "The signature does not include a secure timestamp."
    var expected: [String] = []
    for (path, machO) in app.machOFiles {
      for architecture in machO.architectures {
        expected.append("Demo.app/\(path) (\(architecture)): \(message)")
      }
    }
    #expect(verdict.notaryIssues.sorted() == expected.sorted())
    for issue in expected {
      #expect(verdict.text.contains("  notary would refuse: \(issue)"), "\(issue)")
    }
  }
}
