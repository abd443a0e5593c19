extension LicenseLanguage {
  /// Every language we know: at least those of hdiutil's SLA template and dmgbuild's table.
  ///
  /// Region codes are the `ver…` constants of Mac OS `Script.h`; encodings follow the language's
  /// script. Indonesian has no region code (`Script.h` has a language code for it, 81, but no
  /// `ver…` region), and Vietnamese no converter off Apple platforms: they are listed so that
  /// asking for them gives a precise error.
  package static let all: [LicenseLanguage] = [
    LicenseLanguage(
      "en", ["en-US", "en_US"], name: "English", region: 0, buttons: LicenseButtons.english),
    LicenseLanguage("en-GB", name: "English (UK)", region: 2, buttons: LicenseButtons.english),
    LicenseLanguage(
      "en-AU", name: "English (Australian)", region: 15, buttons: LicenseButtons.english),
    LicenseLanguage(
      "en-IE", name: "English (Ireland)", region: 108, buttons: LicenseButtons.english),
    LicenseLanguage(
      "en-SG", name: "English (Singaporean)", region: 100, buttons: LicenseButtons.english),
    LicenseLanguage("de", ["de-DE"], name: "German", region: 3, buttons: LicenseButtons.german),
    LicenseLanguage("de-AT", name: "German (Austrian)", region: 92, buttons: LicenseButtons.german),
    LicenseLanguage("de-CH", name: "German (Swiss)", region: 19, buttons: LicenseButtons.german),
    LicenseLanguage("fr", ["fr-FR"], name: "French", region: 1, buttons: LicenseButtons.french),
    LicenseLanguage("fr-CA", name: "French (Canadian)", region: 11, buttons: LicenseButtons.french),
    LicenseLanguage("fr-CH", name: "French (Swiss)", region: 18, buttons: LicenseButtons.french),
    LicenseLanguage("fr-BE", name: "French (Belgian)", region: 98, buttons: LicenseButtons.french),
    LicenseLanguage("es", ["es-ES"], name: "Spanish", region: 8, buttons: LicenseButtons.spanish),
    LicenseLanguage("it", ["it-IT"], name: "Italian", region: 4, buttons: LicenseButtons.italian),
    LicenseLanguage("nl", ["nl-NL"], name: "Dutch", region: 5, buttons: LicenseButtons.dutch),
    LicenseLanguage("nl-BE", name: "Dutch (Belgian)", region: 6, buttons: LicenseButtons.dutch),
    LicenseLanguage("sv", ["sv-SE"], name: "Swedish", region: 7, buttons: LicenseButtons.swedish),
    LicenseLanguage("da", ["da-DK"], name: "Danish", region: 9, buttons: LicenseButtons.danish),
    LicenseLanguage(
      "nb", ["no", "nb-NO"], name: "Norwegian", region: 12, buttons: LicenseButtons.norwegian),
    LicenseLanguage("fi", ["fi-FI"], name: "Finnish", region: 17, buttons: LicenseButtons.finnish),
    LicenseLanguage(
      "pt", ["pt-PT"], name: "Portuguese", region: 10, buttons: LicenseButtons.portuguese),
    LicenseLanguage(
      "pt-BR", name: "Portuguese (Brazilian)", region: 71, buttons: LicenseButtons.portuguese),
    LicenseLanguage("ca", ["ca-ES"], name: "Catalan", region: 73, buttons: LicenseButtons.catalan),
    LicenseLanguage(
      "id", ["id-ID"], name: "Indonesian", region: nil, buttons: LicenseButtons.indonesian),
    LicenseLanguage(
      "ja", ["ja-JP"], name: "Japanese", region: 14, encoding: .japanese, twoByte: true,
      buttons: LicenseButtons.japanese),
    LicenseLanguage(
      "ko", ["ko-KR"], name: "Korean", region: 51, encoding: .korean, twoByte: true,
      buttons: LicenseButtons.korean),
    LicenseLanguage(
      "zh-Hans", ["zh", "zh-CN"], name: "Simplified Chinese", region: 52,
      encoding: .chineseSimplified, twoByte: true, buttons: LicenseButtons.simplifiedChinese),
    LicenseLanguage(
      "zh-Hant", ["zh-TW"], name: "Traditional Chinese", region: 53,
      encoding: .chineseTraditional, twoByte: true, buttons: LicenseButtons.traditionalChinese),
    LicenseLanguage(
      "ru", ["ru-RU"], name: "Russian", region: 49, encoding: .cyrillic,
      buttons: LicenseButtons.russian),
    LicenseLanguage(
      "uk", ["uk-UA"], name: "Ukrainian", region: 62, encoding: .ukrainian,
      buttons: LicenseButtons.ukrainian),
    LicenseLanguage(
      "pl", ["pl-PL"], name: "Polish", region: 42, encoding: .centralEuropean,
      buttons: LicenseButtons.polish),
    LicenseLanguage(
      "cs", ["cs-CZ"], name: "Czech", region: 56, encoding: .centralEuropean,
      buttons: LicenseButtons.czech),
    LicenseLanguage(
      "sk", ["sk-SK"], name: "Slovak", region: 57, encoding: .centralEuropean,
      buttons: LicenseButtons.slovak),
    LicenseLanguage(
      "hu", ["hu-HU"], name: "Hungarian", region: 43, encoding: .centralEuropean,
      buttons: LicenseButtons.hungarian),
    LicenseLanguage(
      "hr", ["hr-HR"], name: "Croatian", region: 68, encoding: .croatian,
      buttons: LicenseButtons.croatian),
    LicenseLanguage(
      "sl", ["sl-SI"], name: "Slovenian", region: 66, encoding: .croatian,
      buttons: LicenseButtons.slovenian),
    LicenseLanguage(
      "ro", ["ro-RO"], name: "Romanian", region: 39, encoding: .romanian,
      buttons: LicenseButtons.romanian),
    LicenseLanguage(
      "el", ["el-GR"], name: "Greek", region: 20, encoding: .greek, buttons: LicenseButtons.greek),
    LicenseLanguage(
      "tr", ["tr-TR"], name: "Turkish", region: 24, encoding: .turkish,
      buttons: LicenseButtons.turkish),
    LicenseLanguage(
      "ar", name: "Arabic", region: 16, encoding: .arabic, buttons: LicenseButtons.arabic),
    LicenseLanguage(
      "he", ["he-IL"], name: "Hebrew", region: 13, encoding: .hebrew,
      buttons: LicenseButtons.hebrew),
    LicenseLanguage(
      "th", ["th-TH"], name: "Thai", region: 54, encoding: .thai, buttons: LicenseButtons.thai),
    LicenseLanguage(
      "vi", ["vi-VN"], name: "Vietnamese", region: 97, encoding: .vietnamese,
      buttons: LicenseButtons.vietnamese),
  ]
}
