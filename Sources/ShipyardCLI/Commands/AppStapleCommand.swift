import Distribution
import Foundation

/// `shipyard app staple`: writes the notarization ticket into a notarized app.
struct AppStapleCommand: ShipyardCommand {
  static let path = "app staple"
  static let summary = "Staple the notarization ticket to a notarized Mac app."
  static let help = """
    OVERVIEW: \(summary)

    \(table.usage)

    Natively, looks the ticket up by the main executable's code directory hash (SHA-256, first
    slice) and writes it to Contents/CodeResources, which no seal covers, so the signature stays
    valid; retries every 10 s while Apple has not published the ticket yet. Apple's tools run
    `xcrun stapler staple` then `xcrun stapler validate`; rcodesign runs `rcodesign staple`.
    `app verify` then reports the ticket.

    \(table.help)
    """

  /// The options of `dmg staple`.
  static let table = DMGStapleCommand.table.reused(by: path, taking: "<App.app>")

  let app: String
  let engine: any ReleaseEngine
  let ticketTimeout: TimeInterval

  init(arguments: [String], environment: [String: String]) throws(CommandError) {
    var parsed = DMGStapleCommand.Arguments()
    app = try Self.table.parse(arguments, into: &parsed).app(command: Self.path)
    (engine, ticketTimeout) = try parsed.validated(environment: environment, command: Self.path)
  }

  func run(console: Console) async throws(CommandError) {
    let steps = ReleaseSteps(console: console, engine: engine)
    let release = try steps.app(app)
    try await steps.run { try await release.staple(ticketTimeout: ticketTimeout) }
  }
}
