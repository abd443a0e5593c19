import Foundation

/// The layout keys that both configuration formats share beyond their own: the window's chrome
/// and view (``FinderViewKeys``), the license object, and the Retina background.
///
/// ```json
/// "license": {
///   "languages": { "en": "LICENSE.rtf", "de": "LIZENZ.txt", "ja": "ライセンス.txt" },
///   "default": "en",
///   "buttons": { "de": ["Deutsch", "Akzeptieren", "Ablehnen", "Drucken", "Sichern...", "…"] }
/// }
/// ```
///
/// `license` may also be a path (English). Languages are written in the order of their tags.
enum LayoutConfigKeys {
  /// The top-level keys handled here, as `spelling` writes them.
  static func names(_ spelling: FinderViewKeys.Spelling) -> Set<String> {
    FinderViewKeys.names(spelling).union(
      ["license", background2x(spelling), backgroundScale(spelling)])
  }

  static func background2x(_ spelling: FinderViewKeys.Spelling) -> String {
    spelling == .kebabCase ? "background-2x" : "background2x"
  }

  static func backgroundScale(_ spelling: FinderViewKeys.Spelling) -> String {
    spelling == .kebabCase ? "background-scale" : "backgroundScale"
  }

  /// Removes the keys handled here from `object` and returns the flags they stand for.
  static func flags(
    taking object: inout [String: Any], spelling: FinderViewKeys.Spelling, context: ConfigContext
  ) throws(CommandError) -> [String] {
    var flags = try FinderViewKeys.flags(taking: &object, spelling: spelling, context: context)
    if let path = object.removeValue(forKey: background2x(spelling)) {
      flags += [
        "--background-2x",
        context.resolve(try context.text(path, key: background2x(spelling))),
      ]
    }
    if let scale = object.removeValue(forKey: backgroundScale(spelling)) {
      flags += ["--background-scale", try context.text(scale, key: backgroundScale(spelling))]
    }
    if let license = object.removeValue(forKey: "license") {
      flags += try licenseFlags(license, context: context)
    }
    return flags
  }

  static func licenseFlags(_ value: Any, context: ConfigContext) throws(CommandError) -> [String] {
    if let path = value as? String { return ["--license", context.resolve(path)] }
    let license = try context.object(value, key: "license")
    try context.rejectUnknownKeys(
      in: license, known: ["languages", "default", "buttons"], prefix: "license.")
    guard let languages = license["languages"] as? [String: String], !languages.isEmpty else {
      throw context.error("license.languages must map language tags to files")
    }
    var flags: [String] = []
    for tag in languages.keys.sorted() {
      flags += ["--license", "\(tag)=\(context.resolve(languages[tag] ?? ""))"]
    }
    if let tag = license["default"] {
      flags += ["--license-default", try context.text(tag, key: "license.default")]
    }
    if let buttons = license["buttons"] {
      guard let table = buttons as? [String: [String]] else {
        throw context.error("license.buttons must map language tags to lists of 6 titles")
      }
      for tag in table.keys.sorted() {
        guard let titles = table[tag], titles.count == 6,
          let json = try? JSONSerialization.data(withJSONObject: titles)
        else {
          throw context.error(
            "license.buttons.\(tag) must list 6 titles (language, Agree, Disagree, Print, Save, instructions)"
          )
        }
        flags += ["--license-buttons", "\(tag)=\(String(decoding: json, as: UTF8.self))"]
      }
    }
    return flags
  }
}
