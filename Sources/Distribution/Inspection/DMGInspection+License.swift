import DiskImage

extension DMGInspection {
  /// One language of a license agreement, as `dmg inspect` shows it.
  public struct License: Sendable, Encodable {
    /// The language's tag, such as `de`.
    public let language: String
    /// Its English name.
    public let name: String
    /// Its Mac OS region code.
    public let region: UInt16?
    /// Whether `LPic` marks its script two-byte.
    public let twoByte: Bool
    /// Whether it is the default language.
    public let isDefault: Bool
    /// `TEXT` or `RTF `.
    public let format: String
    /// Language name, Agree, Disagree, Print, Save, instructions.
    public let buttons: [String]
    /// The text (plain text decoded from its Mac encoding, or the RTF source).
    public let text: String

    /// Every language of `license`, in `LPic`'s order.
    static func all(of license: LicenseAgreement) -> [License] {
      license.localizations.map { localization in
        License(
          language: localization.language.tag, name: localization.language.name,
          region: localization.language.regionCode, twoByte: localization.language.isTwoByte,
          isDefault: localization.language.regionCode == license.defaultRegion,
          format: localization.format.rawValue, buttons: localization.buttons,
          text: localization.text)
      }
    }
  }
}
