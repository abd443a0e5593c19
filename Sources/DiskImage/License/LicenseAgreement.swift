import Foundation

/// A license agreement the Finder shows before it mounts the image, with Agree and Disagree
/// buttons, in one or more languages: the classic `LPic`, `STR#` and `TEXT` (or `RTF `)
/// resources in the image's resource plist, as `hdiutil udifrez` wrote them.
///
/// `LPic` 5000 names the default language's region code and, for each language, its region
/// code, its resources' ID less 5000 and whether its script is two-byte; each language's
/// `STR#` (its button titles) and `TEXT` or `RTF ` have the ID 5000 + its region code, as
/// dmgbuild numbers them.
///
/// A program gives the agreement as a list of ``Source`` values (a language and a file each),
/// in `DMGBuildOptions.licenses`; the builder reads and encodes them.
public struct LicenseAgreement: Sendable, Equatable {
  /// How a text is stored.
  package enum Format: String, Sendable {
    /// Plain text in the language's Mac encoding (`TEXT`).
    case plainText = "TEXT"
    /// Rich text (`RTF `), as TextEdit saves it.
    case richText = "RTF "
  }

  /// One language's license and buttons.
  package struct Localization: Sendable, Equatable {
    /// The language.
    package let language: LicenseLanguage
    /// The format of ``bytes``.
    package let format: Format
    /// The text's bytes as stored in the resource.
    package let bytes: [UInt8]
    /// The button titles: language name, Agree, Disagree, Print, Save, instructions.
    package let buttons: [String]

    /// The text as it would show: decoded from the language's encoding (plain text, line
    /// breaks as line feeds), or the RTF source.
    package var text: String {
      switch format {
      case .richText: String(decoding: bytes, as: UTF8.self)
      case .plainText:
        (language.encoding.decode(bytes) ?? String(decoding: bytes, as: UTF8.self))
          .replacingOccurrences(of: "\r", with: "\n")
      }
    }
  }

  /// A license to read: a language, a file, and button titles if not the language's own.
  ///
  /// The language is a tag such as `en`, `de`, `fr-CA`, `ja` or `zh-Hans` (the article "Finder
  /// layouts" lists the languages); a plain text is stored in that language's Mac encoding, and
  /// the Finder shows it with the language's own Agree and Disagree buttons.
  public struct Source: Sendable, Equatable {
    /// The language's tag, such as `de` or `zh-Hans`.
    public var language: String
    /// A `.rtf` file, or plain UTF-8 text.
    public var path: String
    /// Six titles that replace the language's: the language's name, Agree, Disagree, Print,
    /// Save, and the instructions.
    public var buttons: [String]?

    /// Makes a source.
    ///
    /// - Parameters:
    ///   - language: The language's tag, such as `de`.
    ///   - path: The license file: `.rtf`, or plain UTF-8 text.
    ///   - buttons: Six button titles, or `nil` for the language's own.
    public init(language: String, path: String, buttons: [String]? = nil) {
      (self.language, self.path, self.buttons) = (language, path, buttons)
    }
  }

  /// The languages, in the order given.
  package let localizations: [Localization]
  /// The region code of the language shown when the user's is not among them.
  package let defaultRegion: UInt16

  /// The default language's localization.
  package var primary: Localization? {
    localizations.first { $0.language.regionCode == defaultRegion } ?? localizations.first
  }
  /// The default language's format.
  package var format: Format { primary?.format ?? .plainText }
  /// The default language's stored bytes.
  package var bytes: [UInt8] { primary?.bytes ?? [] }
  /// The default language's text.
  package var text: String { primary?.text ?? "" }

  init(localizations: [Localization], defaultRegion: UInt16) {
    self.localizations = localizations
    self.defaultRegion = defaultRegion
  }

  /// An English license from `path`: `.rtf` files as rich text, any other as UTF-8 text.
  package init(contentsOf path: String) throws(LicenseError) {
    try self.init(sources: [Source(language: "en", path: path)])
  }

  /// An English plain-text license; `source` names it in errors.
  package init(text: String, source: String = "the license") throws(LicenseError) {
    let english = try Self.language("en")
    self.init(
      localizations: [
        try Self.localization(
          english, format: .plainText, bytes: try Self.encode(text, english, source: source),
          buttons: nil)
      ], defaultRegion: 0)
  }

  /// Licenses in several languages; the default is `defaultLanguage`, else the first.
  package init(sources: [Source], defaultLanguage: String? = nil) throws(LicenseError) {
    var localizations: [Localization] = []
    for source in sources {
      let language = try Self.language(source.language)
      guard !localizations.contains(where: { $0.language.regionCode == language.regionCode })
      else { throw .duplicateLanguage(language: language.name) }
      let (format, bytes) = try Self.read(source.path, language: language)
      localizations.append(
        try Self.localization(language, format: format, bytes: bytes, buttons: source.buttons))
    }
    var region = localizations.first?.language.regionCode ?? 0
    if let defaultLanguage {
      let language = try Self.language(defaultLanguage)
      guard localizations.contains(where: { $0.language == language }),
        let code = language.regionCode
      else { throw .defaultWithoutLicense(tag: defaultLanguage) }
      region = code
    }
    self.init(localizations: localizations, defaultRegion: region)
  }

  /// The language a tag names, if we can write it.
  static func language(_ tag: String) throws(LicenseError) -> LicenseLanguage {
    guard let language = LicenseLanguage.named(tag) else { throw .unknownLanguage(tag: tag) }
    guard language.regionCode != nil else { throw .noRegionCode(language: language.name) }
    guard language.encoding.isAvailable else {
      throw .noConverter(language: language.name, encoding: language.encoding.rawValue)
    }
    return language
  }

  /// A file's format and stored bytes.
  static func read(_ path: String, language: LicenseLanguage) throws(LicenseError) -> (
    Format, [UInt8]
  ) {
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw .unreadable(path: path, reason: error.localizedDescription)
    }
    if (path as NSString).pathExtension.lowercased() == "rtf" {
      guard data.starts(with: Array("{\\rtf".utf8)) else {
        throw .unreadable(path: path, reason: "an .rtf license must start with {\\rtf")
      }
      return (.richText, [UInt8](data))
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw .unreadable(path: path, reason: "it is neither .rtf nor UTF-8 text")
    }
    return (.plainText, try encode(text, language, source: path))
  }

  /// Text in the language's encoding, line breaks as carriage returns.
  static func encode(_ text: String, _ language: LicenseLanguage, source: String)
    throws(LicenseError) -> [UInt8]
  {
    let classic = text.replacingOccurrences(of: "\r\n", with: "\r")
      .replacingOccurrences(of: "\n", with: "\r")
    switch language.encoding.encode(classic) {
    case .success(let bytes): return bytes
    case .failure(let failure):
      let line = classic.prefix(failure.offset).filter { $0 == "\r" }.count + 1
      throw .unencodable(
        source: source, line: line, character: String(failure.character),
        language: language.name, encoding: language.encoding.rawValue)
    }
  }

  /// A localization, its buttons checked: six, each encodable and at most 255 bytes.
  static func localization(
    _ language: LicenseLanguage, format: Format, bytes: [UInt8], buttons: [String]?
  ) throws(LicenseError) -> Localization {
    let titles = buttons ?? language.buttons
    guard titles.count == 6 else {
      throw .wrongButtonCount(language: language.name, count: titles.count)
    }
    for (index, title) in titles.enumerated() {
      let encoded = try encode(title, language, source: "\(language.name) button text \(index + 1)")
      guard encoded.count <= 255 else {
        throw .buttonTooLong(language: language.name, index: index, bytes: encoded.count)
      }
    }
    return Localization(language: language, format: format, bytes: bytes, buttons: titles)
  }
}
