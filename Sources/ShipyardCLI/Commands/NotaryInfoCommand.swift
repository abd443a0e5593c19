import Distribution
import Foundation

/// `shipyard notary info <id>`: one submission's name, date and status.
struct NotaryInfoCommand: NotaryLookUpCommand {
  static let path = "notary info"
  static let summary = "Show a notarization submission's name, date and status."
  static let help = """
    OVERVIEW: \(summary)

    \(table.usage)

    Natively asks Apple's Notary API (GET /notary/v2/submissions/<id>); with --engine apple runs
    `xcrun notarytool info <id> --output-format json`. Works from any machine with the
    credentials: nothing but the ID is needed.

    \(table.help)
    """

  static let takesID = true

  let lookUp: NotaryLookUp

  func run(console: Console) async throws(CommandError) {
    let info = try await lookUp.ask((any SubmissionLookUp).self) {
      try await $0.info(of: $2, credentials: $1)
    }
    try console.printReport(info, json: lookUp.json) { Self.text(info) }
  }

  /// A submission as text, a field a line.
  static func text(_ info: NotarySubmissionInfo) -> String {
    "id: \(info.id)\nname: \(info.name)\ncreated: \(info.createdDate)\nstatus: \(info.status)"
  }
}
