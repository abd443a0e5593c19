/// A command with subcommands, such as `form` or `dmg`.
struct CommandGroup: Sendable {
  let name: String
  let overview: String
  let subcommands: [any ShipyardCommand.Type]

  /// The column the subcommands' summaries start at in the group's help.
  static var summaryColumn: Int { 16 }

  /// The group's `--help` text, wrapped to `width` columns.
  func help(width: Int) -> String {
    let list = subcommands.flatMap { command in
      DefinitionList.lines(
        term: ["  " + (command.path.split(separator: " ").last ?? "")],
        description: command.summary, column: Self.summaryColumn, width: width)
    }
    return [
      HelpProse.reflow(
        "OVERVIEW: \(overview)\n\nUSAGE: shipyard \(name) <subcommand> [options]", width: width),
      (["SUBCOMMANDS:"] + list).joined(separator: "\n"),
      HelpProse.reflow(
        "See 'shipyard \(name) <subcommand> --help' for each subcommand's options.", width: width),
    ].joined(separator: "\n\n")
  }

  /// The subcommand `name`, or a usage error suggesting the closest.
  func subcommand(named name: String) throws(CommandError) -> any ShipyardCommand.Type {
    let names = subcommands.map { String($0.path.split(separator: " ").last ?? "") }
    guard let index = names.firstIndex(of: name) else {
      throw .usage(
        "unknown subcommand \(name.debugDescription) of \(self.name)"
          + Suggestion.hint(for: name, among: names), command: self.name)
    }
    return subcommands[index]
  }

  /// The multipart/form-data commands.
  static let form = CommandGroup(
    name: "form", overview: "Build and send multipart/form-data bodies.",
    subcommands: [FormEncodeCommand.self, FormDecodeCommand.self, FormPostCommand.self])

  /// The disk image commands.
  static let dmg = CommandGroup(
    name: "dmg", overview: "Build and examine macOS disk images, natively on any OS.",
    subcommands: [
      DMGBuildCommand.self, DMGInspectCommand.self, DMGListCommand.self, DMGExtractCommand.self,
      DMGVerifyCommand.self, DMGSignCommand.self, DMGNotarizeCommand.self, DMGStapleCommand.self,
      DMGShipCommand.self,
    ])

  /// The app commands.
  static let app = CommandGroup(
    name: "app",
    overview:
      "Sign, merge, zip, notarize and staple Mac apps and check their signatures, natively on "
      + "any OS.",
    subcommands: [
      AppSignCommand.self, AppVerifyCommand.self, AppMergeCommand.self, AppZipCommand.self,
      AppNotarizeCommand.self, AppStapleCommand.self,
    ])

  /// The update-feed commands.
  static let appcast = CommandGroup(
    name: "appcast", overview: "Write update feeds (Sparkle, electron-updater) from final bytes.",
    subcommands: [AppcastAddCommand.self])

  /// The notary look-ups.
  static let notary = CommandGroup(
    name: "notary",
    overview: "Look up notarization submissions (status, developer log, history), on any OS.",
    subcommands: [NotaryInfoCommand.self, NotaryLogCommand.self, NotaryHistoryCommand.self])

  /// The installer package commands.
  static let pkg = CommandGroup(
    name: "pkg",
    overview:
      "Build, sign, ship, inspect and check flat installer packages (.pkg), natively on any OS.",
    subcommands: [
      PkgBuildCommand.self, PkgInspectCommand.self, PkgSignCommand.self, PkgVerifyCommand.self,
      PkgNotarizeCommand.self, PkgStapleCommand.self, PkgShipCommand.self,
    ])

  /// Every group, in the order `--help` lists them.
  static let all: [CommandGroup] = [.app, .appcast, .dmg, .form, .notary, .pkg]
}

extension String {
  /// The string padded with spaces to `width` characters (or followed by one space if longer).
  func padding(_ width: Int) -> String {
    count < width ? self + String(repeating: " ", count: width - count) : self + " "
  }
}
