import Distribution
import Foundation

/// `shipyard dmg verify`: checksums and the embedded code signature, offline on every OS.
struct DMGVerifyCommand: ShipyardCommand {
  static let path = "dmg verify"
  static let summary = "Check a disk image's checksums and code signature, offline on any OS."
  static let help = """
    OVERVIEW: \(summary)

    USAGE: shipyard dmg verify <image.dmg> [--json]

    Checks every chunk's checksum, then the embedded code signature: the code directory (identifier,
    digest type, flags), the code digest recomputed over the image, the trailer's special slot, the
    CMS signature (verified against the signer certificate it carries; the chain to Apple's roots is
    reported, not trusted), and whether a notarization ticket is stapled. Any changed byte of a signed
    image fails. Gatekeeper's own verdict needs macOS: run `spctl -a -t open --context
    context:primary-signature -v <image>` there.

    Exits 0 for a valid signed image, 1 for an unsigned, damaged or tampered one.

    \(ImageReportArguments.table(command: path).help)
    """

  let arguments: ImageReportArguments
  var image: String { arguments.image }

  init(arguments: [String], environment _: [String: String]) throws(CommandError) {
    self.arguments = try ImageReportArguments(arguments, command: Self.path)
  }

  func run(console: Console) async throws(CommandError) {
    let report: DMGVerification
    do {
      report = try DMGVerification(path: image)
    } catch {
      throw .failure("\(image): \(error)")
    }
    try arguments.print(report, text: Self.text(report), console: console)
    if let failure = report.failure(for: .signed) { throw .failure("\(failure)") }
  }

  static func text(_ report: DMGVerification) -> String {
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
      "  timestamp: \(signature.isTimestamped ? "yes" : "no"); notarization ticket stapled: \(signature.hasStapledTicket ? "yes" : "no")"
    )
    for finding in signature.findings {
      lines.append("  \(finding.ok ? "ok  " : "FAIL") \(finding.check): \(finding.detail)")
    }
    return lines.joined(separator: "\n")
  }
}
