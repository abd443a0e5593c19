/// Why a license agreement cannot be written as asked.
package enum LicenseError: Error, Equatable, Sendable, CustomStringConvertible {
  /// No language has that tag.
  case unknownLanguage(tag: String)
  /// The language has no Mac OS region code, so `LPic` cannot name it.
  case noRegionCode(language: String)
  /// No converter here writes the language's Mac encoding correctly.
  case noConverter(language: String, encoding: String)
  /// A character of the text (or a button title) cannot be written in the language's encoding.
  case unencodable(source: String, line: Int, character: String, language: String, encoding: String)
  /// A button title is longer than a Pascal string's 255 bytes.
  case buttonTooLong(language: String, index: Int, bytes: Int)
  /// Button titles must be six: language, Agree, Disagree, Print, Save, instructions.
  case wrongButtonCount(language: String, count: Int)
  /// Two licenses for one language (or one region).
  case duplicateLanguage(language: String)
  /// The default language has no license.
  case defaultWithoutLicense(tag: String)
  /// The file cannot be read, or is neither RTF nor UTF-8 text.
  case unreadable(path: String, reason: String)

  /// A sentence naming the problem and where it is.
  package var description: String {
    switch self {
    case .unknownLanguage(let tag):
      "unknown license language \(tag.debugDescription) (known: \(LicenseLanguage.all.map(\.tag).joined(separator: ", ")))"
    case .noRegionCode(let language):
      "\(language): classic Mac OS has no region code for this language, so the license table (LPic) cannot name it"
    case .noConverter(let language, let encoding):
      "\(language): the license would need \(encoding), and no converter on this system writes it correctly"
    case .unencodable(let source, let line, let character, let language, let encoding):
      "\(source), line \(line): \(character.debugDescription) cannot be written in \(encoding), which \(language) license text uses; save the license as .rtf instead"
    case .buttonTooLong(let language, let index, let bytes):
      "\(language): button text \(index + 1) is \(bytes) bytes; a title holds at most 255"
    case .wrongButtonCount(let language, let count):
      "\(language): \(count) button texts given; give 6 (language name, Agree, Disagree, Print, Save, instructions)"
    case .duplicateLanguage(let language):
      "\(language) has two licenses"
    case .defaultWithoutLicense(let tag):
      "the default license language \(tag.debugDescription) has no license"
    case .unreadable(let path, let reason):
      "cannot read the license \(path): \(reason)"
    }
  }
}
