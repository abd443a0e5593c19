/// A `notary` look-up command (`info`, `log`, `history`): its options are the credentials,
/// `--engine` and `--json`, read into a ``NotaryLookUp``; only what it asks and how it prints
/// differ.
protocol NotaryLookUpCommand: ShipyardCommand where Arguments == NotaryLookUpArguments {
  /// Whether it takes a submission ID.
  static var takesID: Bool { get }
  /// The look-up, checked.
  var lookUp: NotaryLookUp { get }
  /// The command for `lookUp`.
  init(lookUp: NotaryLookUp)
}

extension NotaryLookUpCommand {
  /// The credentials, `--engine` and `--json`, after the submission ID if it takes one.
  static var table: OptionTable<NotaryLookUpArguments> {
    let table = NotaryLookUpArguments.table(command: path)
    return takesID ? table.taking("<submission-id>") : table
  }

  init(arguments: [String], environment: [String: String]) throws(CommandError) {
    self.init(
      lookUp: try NotaryLookUpArguments.parse(
        arguments, table: Self.table, environment: environment, command: Self.path,
        takesID: Self.takesID))
  }
}
