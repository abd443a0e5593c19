import Distribution
import Foundation

/// What the `notary` look-ups read: the credentials of `dmg notarize`, `--engine` and `--json`.
struct NotaryLookUpArguments {
  /// The credentials.
  var notary = NotaryArguments()
  /// `--engine`.
  var engine: EngineName?
  /// `--json`.
  var json = false

  /// The options of `notary info`, `log` and `history`, the credentials needed.
  static func table(command: String) -> OptionTable<Self> {
    OptionTable(
      command: command,
      [
        (
          "OPTIONS",
          NotaryArguments.credentialOptions.map { $0.lifted(\.notary) } + [
            EngineName.option.lifted(\.engine).with(
              help: "The tools that ask (native: the Notary API; apple: notarytool)."),
            .flag("--json", help: "Prints Apple's answer as JSON.") { $0.json = true },
          ]
        )
      ]
    ).requiring(oneOf: NotaryArguments.credentialChoice)
  }

  /// A look-up's arguments, parsed by `table` and checked: the submission ID when `takesID`,
  /// the engine, the credentials and `--json`; a usage error for `command` when they cannot work.
  static func parse(
    _ arguments: [String], table: OptionTable<Self>, environment: [String: String],
    command: String, takesID: Bool
  ) throws(CommandError) -> NotaryLookUp {
    var parsed = Self()
    let positionals = try table.parse(arguments, into: &parsed)
    let id: String?
    if takesID {
      id = try submissionID(positionals, command: command)
    } else if positionals.isEmpty {
      id = nil
    } else {
      throw .usage("\(command) takes no arguments besides its options", command: command)
    }
    let name = parsed.engine ?? .platformDefault
    let options = try parsed.notary.validated(
      environment: environment, command: command, engine: name)
    let engine = try name.engine(
      signing: nil, environment: environment, command: command)
    try options.check(for: engine, command: command)
    return NotaryLookUp(
      command: command, submissionID: id, engine: engine, credentials: options.credentials,
      json: parsed.json)
  }

  /// The one `<submission-id>` among these positional arguments.
  private static func submissionID(_ positionals: [String], command: String) throws(CommandError)
    -> String
  {
    guard positionals.count == 1, let id = positionals.first, !id.isEmpty, !id.contains("/")
    else {
      throw .usage("expected one <submission-id>", command: command)
    }
    return id
  }
}

/// A `notary` look-up, checked: what to ask, of whom, and how to print it.
struct NotaryLookUp {
  /// `notary info`, `notary log` or `notary history`.
  let command: String
  /// The submission asked about; `nil` for `history`.
  let submissionID: String?
  /// The engine that asks.
  let engine: any ReleaseEngine
  /// The credentials.
  let credentials: NotaryCredentials
  /// `--json`.
  let json: Bool

  /// Runs the look-up `body` with the engine as the `capability` it needs, the credentials and
  /// the ID; an engine without it, and the look-up's failures, exit 1.
  func ask<Capability, T>(
    _ capability: Capability.Type, _ body: (Capability, NotaryCredentials, String) async throws -> T
  ) async throws(CommandError) -> T {
    guard let capable = engine as? Capability else {
      throw .failure("\(engine.name) cannot run `\(command)`: use --engine native or apple")
    }
    do {
      return try await body(capable, credentials, submissionID ?? "")
    } catch let error as PipelineError {
      throw .failure(EngineErrorWords.message(error, command: command))
    } catch {
      throw .failure("\(error)")
    }
  }
}
