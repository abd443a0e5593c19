import Distribution
import Foundation

/// `shipyard dmg verify`: checksums and the embedded code signature, offline on every OS.
struct DMGVerifyCommand: ShipyardCommand {
  static let path = "dmg verify"
  static let summary = "Check a disk image's checksums and code signature, offline on any OS."
  static let help = """
    OVERVIEW: \(summary)

    \(table.usage)

    Checks every chunk's checksum, then the embedded code signature: the code directory (identifier,
    digest type, flags), the code digest recomputed over the image, the trailer's special slot, the
    CMS signature, its time-stamp token, and its certificate chain, which must end at one of Apple's
    roots (or a --trust-root) through a Developer ID Certification Authority, judged at the
    timestamp's time (now without one); the report names the root that anchored it. Then whether a
    notarization ticket is stapled. Then every app at the volume's root, as `app verify` checks
    it. Any changed byte of a signed image fails. Gatekeeper's own
    verdict (revocation, notarization online) needs macOS: run `spctl -a -t open --context
    context:primary-signature -v <image>` there.

    Exits 0 for a valid signed image, 1 for an unsigned, damaged or tampered one, or one whose app
    is not signed Mac code or whose signature does not hold.

    \(IntegrityRule.help)

    \(table.help)
    """

  /// What the flags read: the trust roots, `--integrity-only` and `--json`.
  struct Flags {
    var trust = TrustArguments()
    var integrityOnly = false
    var json = false
  }

  /// `--trust-root`, `--integrity-only` and `--json`.
  static let table = OptionTable<Flags>(
    command: path,
    [
      (
        "OPTIONS",
        TrustArguments.options.map { $0.lifted(\.trust) }
          + [
            IntegrityRule.flag { $0.integrityOnly = true },
            ImageReportArguments.jsonFlag.lifted(\.json),
          ]
      )
    ]
  ).taking("<image.dmg>")

  let arguments: ImageReportArguments
  /// The roots the signature's chain may end at.
  let trustRoots: TrustRoots
  /// `--integrity-only`: the signatures must hold; who signed, and the notary, aside.
  let integrityOnly: Bool
  var image: String { arguments.image }

  init(arguments: [String], environment: [String: String]) throws(CommandError) {
    var flags = Flags()
    let positionals = try Self.table.parse(arguments, into: &flags)
    self.arguments = try ImageReportArguments(
      positionals: positionals, json: flags.json, command: Self.path)
    trustRoots = try flags.trust.validated(environment: environment, command: Self.path)
    integrityOnly = flags.integrityOnly
  }

  func run(console: Console) async throws(CommandError) {
    let report: DMGVerification
    do {
      report = try DMGVerification(path: image, trustRoots: trustRoots)
    } catch {
      throw .failure("\(image): \(error)")
    }
    try arguments.print(
      report, text: Self.text(report, integrityOnly: integrityOnly), console: console)
    if let failure = report.failure(for: integrityOnly ? .signed : .distributable) {
      let lines =
        report.signature.findings.filter { !$0.ok }.map(\.detail) + report.apps.flatMap(\.problems)
      throw .failure(
        "\(failure)" + Self.nextStep(failure) + TrustArguments.untrustedRootHint(lines))
    }
  }

  /// What to do about `failure`, where the command line has an answer.
  static func nextStep(_ failure: DMGVerificationError) -> String {
    switch failure {
    case .adHoc:
      "; sign it with a Developer ID identity (`shipyard dmg sign \(IntegrityRule.identityExample)`), "
        + "or check its signatures alone with --integrity-only"
    case .appNotSigned:
      ": sign it with `shipyard app sign` before the image is built"
    case .unsigned:
      ": sign it with `shipyard dmg sign`"
    default: ""
    }
  }

  static func text(_ report: DMGVerification, integrityOnly: Bool = false) -> String {
    let signature = report.signature
    var lines = ["Image: \(report.image)", "Checksums: \(report.checksumsOK ? "OK" : "DAMAGED")"]
    guard signature.isSigned else {
      return (lines + ["Signature: none (unsigned)"]).joined(separator: "\n")
    }
    lines.append(
      "Signature: \(signature.isAdHoc ? "ad hoc" : "signed"), identifier \(signature.identifier ?? "?")"
        + (signature.teamIdentifier.map { ", team \($0)" } ?? ""))
    lines.append(
      "  digest \(signature.hashType ?? "?"), flags \(signature.flags ?? "?"), cdhash \(signature.cdhash ?? "?")"
    )
    for (index, subject) in signature.certificateChain.enumerated() {
      lines.append("  certificate \(index): \(subject)")
    }
    lines.append(
      "  anchored by: "
        + (signature.anchor.map {
          "\($0) (\(signature.anchorIsApple ? "Apple root" : "added root"))"
        }
          ?? "no trusted root"))
    lines.append(
      "  timestamp: \(signature.isTimestamped ? "yes" : "no"); notarization ticket stapled: \(signature.hasStapledTicket ? "yes" : "no")"
    )
    for finding in signature.findings {
      lines.append("  \(finding.ok ? "ok  " : "FAIL") \(finding.check): \(finding.detail)")
    }
    for app in report.apps {
      lines.append(
        "App: "
          + AppVerifyCommand.text(app, integrityOnly: integrityOnly)
          .replacingOccurrences(of: "\n", with: "\n  "))
    }
    return lines.joined(separator: "\n")
  }
}
