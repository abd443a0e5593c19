import Foundation

/// A language a license agreement can be shown in: what the classic `LPic` table calls it (its
/// Mac OS region code), the Mac encoding of its plain text and buttons, and its button titles.
///
/// Languages are named by their BCP 47 tags (`de`, `pt-BR`, `zh-Hans`); the spellings dmgbuild
/// uses (`de_DE`, `zh_CN`) are accepted too.
package struct LicenseLanguage: Sendable, Equatable {
  /// The tag the language is named by, such as `de` or `zh-Hans`.
  package let tag: String
  /// Other spellings of the tag, such as `de-DE` and `de_DE`.
  package let aliases: [String]
  /// Its English name, such as `German`.
  package let name: String
  /// Its Mac OS region code (`verGermany` is 3), which the `LPic` table names it by; `nil` for
  /// languages classic Mac OS had no region for.
  package let regionCode: UInt16?
  /// The encoding of its plain text and button titles.
  package let encoding: MacTextEncoding
  /// Whether its script uses two-byte characters (the `LPic` entry's flag): Japanese, Chinese
  /// and Korean.
  package let isTwoByte: Bool
  /// The language name, Agree, Disagree, Print, Save and the instructions, in the language.
  package let buttons: [String]

  init(
    _ tag: String, _ aliases: [String] = [], name: String, region: UInt16?,
    encoding: MacTextEncoding = .roman, twoByte: Bool = false, buttons: [String]
  ) {
    self.tag = tag
    self.aliases = aliases
    self.name = name
    self.regionCode = region
    self.encoding = encoding
    self.isTwoByte = twoByte
    self.buttons = buttons
  }

  /// The language a tag names, in any of its spellings, ignoring case.
  package static func named(_ tag: String) -> LicenseLanguage? {
    let wanted = tag.lowercased().replacingOccurrences(of: "_", with: "-")
    return all.first { language in
      ([language.tag] + language.aliases).contains {
        $0.lowercased().replacingOccurrences(of: "_", with: "-") == wanted
      }
    }
  }

  /// The language with a region code.
  package static func withRegion(_ code: UInt16) -> LicenseLanguage? {
    all.first { $0.regionCode == code }
  }
}
