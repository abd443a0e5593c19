import Distribution
import Foundation

/// A license file: `--license [<lang>=]<file>`.
struct LicenseFile: Sendable {
  /// The language tag, or `nil` for English given without one.
  let language: String?
  /// The `.rtf` or plain text file.
  let path: String
}

extension BuildOptionTable {
  /// The license agreement, in as many languages as wanted.
  ///
  /// In both configuration formats:
  ///
  /// ```json
  /// "license": {
  ///   "languages": { "en": "LICENSE.rtf", "de": "LIZENZ.txt", "ja": "ライセンス.txt" },
  ///   "default": "en",
  ///   "buttons": { "de": ["Deutsch", "Akzeptieren", "Ablehnen", "Drucken", "Sichern...", "…"] }
  /// }
  /// ```
  ///
  /// `license` may also be a path (English). Languages are read in the order of their tags.
  static let license: [Spec] = [
    .option(
      "--license", value: "[<lang>=]<file>", .licenseFile, key: licenseKey, appdmg: licenseKey,
      path: true, repeatable: true,
      help: """
        A license agreement shown before mounting, with Agree and Disagree
        in its language (repeatable, such as de=LIZENZ.txt; English without
        a tag): an .rtf file, or plain UTF-8 text in the language's Mac
        encoding.
        """
    ) { arguments, file in
      if let language = file.language {
        arguments.options.licenses.append(.init(language: language, path: file.path))
      } else {
        arguments.options.license = file.path
      }
    },
    .option(
      "--license-default", value: "<lang>", .string, key: "license.default",
      appdmg: "license.default",
      help: OptionHelp(
        "The language shown when the user's is not given.", default: "first")
    ) { $0.options.licenseDefaultLanguage = $1 },
    .option(
      "--license-buttons", value: "<lang>=<JSON array>", .licenseButtons, key: buttonsKey,
      appdmg: buttonsKey, repeatable: true,
      help: """
        Six button texts for a language: its name, Agree, Disagree, Print,
        Save, and the instructions.
        """
    ) { $0.licenseButtons[$1.language] = $1.titles },
  ]

  /// `license` as a path, or the files of `license.languages`.
  private static let licenseKey = ConfigKey<LicenseFile>.either(
    ConfigKey(
      "license",
      .custom { json, origin throws(CommandError) in
        LicenseFile(language: nil, path: origin.path(try origin.text(json)))
      }),
    ConfigKey(
      "license.languages",
      .map("language tags", to: "files", allowsEmpty: false) {
        tag, json, origin throws(CommandError) in
        guard let path = json as? String else {
          throw origin.error("\(origin.name) must map language tags to files")
        }
        return LicenseFile(language: tag, path: origin.path(path))
      }, required: true))

  /// `license.buttons`: six titles by language tag.
  private static let buttonsKey = ConfigKey<(language: String, titles: [String])>(
    "license.buttons",
    .map("language tags", to: "lists of 6 titles") { tag, json, origin throws(CommandError) in
      guard let titles = json as? [String], titles.count == 6 else {
        throw origin.error(
          "\(origin.appending(tag).name) must list 6 titles (language, Agree, Disagree, Print, Save, instructions)"
        )
      }
      return (tag, titles)
    })

  /// `de=LIZENZ.txt` as its language tag and the rest; `nil` when the part before `=` is not a
  /// language tag (two or three letters, then subtags), so paths with `=` still work.
  static func splitLanguage(_ entry: String) -> (String, String)? {
    guard let equals = entry.firstIndex(of: "=") else { return nil }
    let tag = String(entry[..<equals])
    let subtags = tag.split(separator: "-", omittingEmptySubsequences: false).flatMap {
      $0.split(separator: "_", omittingEmptySubsequences: false)
    }
    guard let first = subtags.first, (2...3).contains(first.count),
      first.allSatisfy({ $0.isASCII && $0.isLetter }),
      subtags.dropFirst().allSatisfy({
        (2...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
      })
    else { return nil }
    return (tag, String(entry[entry.index(after: equals)...]))
  }
}

extension ValueParser where Value == LicenseFile {
  /// `[<lang>=]<file>`.
  static var licenseFile: Self {
    Self { text, origin in
      guard let (language, path) = BuildOptionTable.splitLanguage(text) else {
        return LicenseFile(language: nil, path: origin.path(text))
      }
      return LicenseFile(language: language, path: origin.path(path))
    }
  }
}

extension ValueParser where Value == (language: String, titles: [String]) {
  /// `<lang>=<JSON array of six titles>`.
  static var licenseButtons: Self {
    Self { text, origin throws(CommandError) in
      guard let (tag, json) = BuildOptionTable.splitLanguage(text),
        let titles = try? JSONDecoder().decode([String].self, from: Data(json.utf8))
      else {
        throw origin.error(
          "\(origin.name) takes <lang>=<JSON array of 6 titles>, such as de='[\"Deutsch\", \"Akzeptieren\", ...]', not \(text.debugDescription)"
        )
      }
      return (tag, titles)
    }
  }
}
