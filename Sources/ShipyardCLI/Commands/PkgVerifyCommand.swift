import Distribution
import Foundation

/// `shipyard pkg verify`: a flat installer package's checksums and signatures, offline.
struct PkgVerifyCommand: ShipyardCommand {
  static let path = "pkg verify"
  static let summary = "Check an installer package's checksums and signatures, offline on any OS."
  static let help = """
    OVERVIEW: \(summary)

    \(table.usage)

    Checks the table of contents against its checksum, every member's archived and extracted
    checksums, each component's Bom against its payload (every path's kind, permissions, owner,
    size, POSIX cksum and link target, the payload streamed), the RSA signature over the table's digest (also the older hash-of-hash form), the
    CMS signature (BER as Apple writes it, or DER), that both carry the same certificates, the
    chain, which must end at one of Apple's roots (or a --trust-root) through a Developer ID
    Certification Authority, a Developer ID Installer leaf, the timestamp, and whether a
    notarization ticket is stapled after the archive. Installer's own verdict needs macOS: run
    `pkgutil --check-signature <package>` and `spctl -a -vv -t install <package>` there.

    Each app in the payloads (a folder named *.app, with what it holds) is copied out to a
    temporary folder and verified as 'shipyard app verify' verifies it: its signatures, and what
    Apple's notary would refuse in it.

    Exits 0 for a valid signed package, 1 for an unsigned one or naming each problem otherwise.

    \(table.help)
    """

  struct Flags {
    var trust = TrustArguments()
    var json = false
  }

  static let table = OptionTable<Flags>(
    command: path,
    [
      (
        "OPTIONS",
        TrustArguments.options.map { $0.lifted(\.trust) } + [
          .flag("--json", help: "Prints the report as JSON.") { $0.json = true }
        ]
      )
    ]
  ).taking("<package.pkg>")

  let package: String
  let trustRoots: TrustRoots
  let json: Bool

  init(arguments: [String], environment: [String: String]) throws(CommandError) {
    var flags = Flags()
    package = try Self.table.parse(arguments, into: &flags).package(command: Self.path)
    trustRoots = try flags.trust.validated(environment: environment, command: Self.path)
    json = flags.json
  }

  func run(console: Console) async throws(CommandError) {
    let verification: PackageVerification
    do {
      verification = try PackageVerification(path: package, trustRoots: trustRoots)
    } catch {
      throw .failure("\(package): \(error)")
    }
    try console.printReport(verification, json: json) { Self.text(verification) }
    let problems = verification.problems
    guard verification.signature.isSigned || !problems.isEmpty else {
      throw .failure(
        "\(package) is not signed: sign it with `shipyard pkg sign` (a Developer ID Installer "
          + "identity)")
    }
    guard problems.isEmpty else {
      throw .failure(
        "\(package): " + problems.joined(separator: "; ")
          + TrustArguments.untrustedRootHint(problems))
    }
  }

  /// The report's lines: the signatures', the contents', then each app's.
  static func text(_ verification: PackageVerification) -> String {
    ([text(verification.signature, package: verification.package), text(verification.contents)]
      + verification.apps.map { app in
        "App: " + AppVerifyCommand.text(app).replacingOccurrences(of: "\n", with: "\n  ")
      }).joined(separator: "\n")
  }

  /// The contents' lines.
  static func text(_ contents: PackageContentsCheck) -> String {
    contents.components.map { component in
      "Contents of \(component.name): \(component.paths) paths, "
        + (component.problems.isEmpty
          ? "the Bom agrees with the payload"
          : component.problems.joined(separator: "; "))
    }.joined(separator: "\n")
  }

  /// The signatures' lines.
  static func text(_ check: PackageSignatureCheck, package: String) -> String {
    var lines = [
      "Package: \(package)",
      "Table of contents: \(check.tableDigestAlgorithm) \(check.tableDigest)",
      "Signature: \(check.isSigned ? "signed" : "none (unsigned)")",
    ]
    for (index, subject) in check.certificateChain.enumerated() {
      lines.append("  certificate \(index): \(subject)")
    }
    if check.isSigned {
      lines.append(
        "  anchored by: "
          + (check.anchor.map { "\($0) (\(check.anchorIsApple ? "Apple root" : "added root"))" }
            ?? "no trusted root"))
    }
    lines.append(
      "  timestamp: \(check.isTimestamped ? "yes" : "no"); notarization ticket stapled: "
        + (check.hasStapledTicket ? "yes" : "no"))
    for finding in check.findings {
      lines.append("  \(finding.ok ? "ok  " : "FAIL") \(finding.check): \(finding.detail)")
    }
    return lines.joined(separator: "\n")
  }
}
