import Distribution
import Foundation

/// `shipyard notary history`: the team's recent submissions.
struct NotaryHistoryCommand: NotaryLookUpCommand {
  static let path = "notary history"
  static let summary = "List the team's recent notarization submissions (newest first)."
  static let help = """
    OVERVIEW: \(summary)

    \(table.usage)

    Natively asks Apple's Notary API (GET /notary/v2/submissions: the last 100); with --engine
    apple runs `xcrun notarytool history --output-format json`. Prints one submission a line:
    created date, status, ID and name.

    \(table.help)
    """

  static let takesID = false

  let lookUp: NotaryLookUp

  func run(console: Console) async throws(CommandError) {
    let history = try await lookUp.ask((any SubmissionLookUp).self) { engine, credentials, _ in
      try await engine.history(credentials: credentials).sorted { $0.createdDate > $1.createdDate }
    }
    try console.printReport(history, json: lookUp.json) {
      guard !history.isEmpty else { return "no submissions" }
      let width = history.map(\.status.count).max() ?? 0
      return history.map {
        "\($0.createdDate)  \($0.status.padding(width + 2))\($0.id)  \($0.name)"
      }.joined(separator: "\n")
    }
  }
}
