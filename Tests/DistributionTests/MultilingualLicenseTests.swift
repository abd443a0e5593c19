import DiskImage
import Distribution
import Foundation
import ShipyardTestSupport
import Testing

/// Licenses in many languages: each decoded by Python's codecs (Perl's `Encode` for Mac OS
/// Hebrew and Thai, which Python lacks) and compared with what dmgbuild's `licensing` module
/// builds for the same texts.
@Suite struct MultilingualLicenseTests {
  /// A license text in each language, and its Mac OS region code (`Script.h`'s `ver…`).
  static let samples: [(tag: String, region: Int, text: String)] = [
    ("en", 0, "Hello License\nYou may use this app freely.\n"),
    ("de", 3, "Lizenz\nSie dürfen diese Software frei verwenden. Größe: ß, ä, ö, ü.\n"),
    ("fr", 1, "Licence\nVous pouvez utiliser ce logiciel librement. Été, à, ç, œ.\n"),
    ("es", 8, "Licencia\nPuede usar este programa libremente. ¿Año? ¡Sí!\n"),
    ("it", 4, "Licenza\nPuoi usare questo software liberamente. Perché sì.\n"),
    ("nl", 5, "Licentie\nU mag deze software vrij gebruiken. Één café.\n"),
    ("sv", 7, "Licens\nDu får använda programmet fritt. Åäö.\n"),
    ("da", 9, "Licens\nDu må bruge programmet frit. Æøå.\n"),
    ("nb", 12, "Lisens\nDu kan bruke programmet fritt. Æøå.\n"),
    ("fi", 17, "Lisenssi\nVoit käyttää ohjelmaa vapaasti. Äö.\n"),
    ("pt", 10, "Licença\nPode usar este programa livremente. Ação, não.\n"),
    ("pt-BR", 71, "Licença\nVocê pode usar este programa livremente. Ação.\n"),
    ("ca", 73, "Llicència\nPodeu utilitzar aquest programari lliurement. L·l, à, ç.\n"),
    ("ja", 14, "ライセンス\n本ソフトウエアは自由にお使いいただけます。\n"),
    ("ko", 51, "사용권 계약\n이 소프트웨어를 자유롭게 사용할 수 있습니다.\n"),
    ("zh-Hans", 52, "许可协议\n您可以自由使用本软件。\n"),
    ("zh-Hant", 53, "許可協議\n您可以自由使用本軟體。\n"),
    ("ru", 49, "Лицензия\nВы можете свободно использовать эту программу.\n"),
    ("uk", 62, "Ліцензія\nВи можете вільно використовувати цю програму. Ґґ Єє Її.\n"),
    ("pl", 42, "Licencja\nMożesz swobodnie używać tego programu. Zażółć gęślą jaźń.\n"),
    ("cs", 56, "Licence\nTento software můžete volně používat. Příliš žluťoučký kůň.\n"),
    ("sk", 57, "Licencia\nTento softvér môžete voľne používať. Ďateľ, ô, ä.\n"),
    ("hu", 43, "Licenc\nA szoftvert szabadon használhatja. Árvíztűrő tükörfúrógép.\n"),
    ("hr", 68, "Licenca\nOvaj softver možete slobodno koristiti. Čćđšž.\n"),
    ("sl", 66, "Licenca\nTo programsko opremo lahko prosto uporabljate. Čšž.\n"),
    ("ro", 39, "Licență\nPuteți folosi liber acest program. Șțăâî.\n"),
    ("tr", 24, "Lisans\nBu yazılımı özgürce kullanabilirsiniz. Çğıöşü İ.\n"),
    ("el", 20, "Άδεια χρήσης\nΜπορείτε να χρησιμοποιείτε ελεύθερα αυτό το λογισμικό.\n"),
    ("ar", 16, "الترخيص\nيمكنك استخدام هذا البرنامج بحرية.\n"),
    ("he", 13, "רישיון\nמותר לך להשתמש בתוכנה זו בחופשיות (₪0), לֹא למכור.\n"),
    ("th", 54, "ใบอนุญาต\nคุณสามารถใช้ซอฟต์แวร์นี้ได้อย่างอิสระ ๑๒๓ ฿ “ที่นี่”\n"),
  ]

  static let peersPresent =
    ProcessRunner.succeeds(
      "python3",
      ["-c", "import importlib.util, sys; sys.exit(importlib.util.find_spec('dmgbuild') is None)"])
    && PeerPolicy.perlWithEncode

  private func build(
    _ samples: [(tag: String, region: Int, text: String)], in folder: ScratchFolder
  )
    throws -> (image: String, files: [String])
  {
    var options = DMGBuildOptions(
      source: DMGBuildTests.helloApp, output: folder.path("Hello.dmg"), threads: 2)
    var files: [String] = []
    for sample in samples {
      let path = try folder.write(Array(sample.text.utf8), to: "LICENSE-\(sample.tag).txt").path
      options.licenses.append(.init(language: sample.tag, path: path))
      files.append(path)
    }
    _ = try DMGBuilder(options: options).build()
    return (folder.path("Hello.dmg"), files)
  }

  @Test(
    .enabled(
      if: PeerPolicy.shouldRun(whenAvailable: peersPresent),
      "needs python3 with dmgbuild (PyPI) and perl with Encode"))
  func everyLanguageDecodesAsDmgbuildBuildsIt() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let (image, files) = try build(Self.samples, in: folder)
    let script = PeerPolicy.packageRoot.appendingPathComponent(
      "Tests/DistributionTests/Peers/license_peer.py"
    ).path
    let arguments = zip(Self.samples, files).map { "\($0.tag)=\($1)" }
    let output = try ProcessRunner.check("python3", [script, image] + arguments)
    let report = try JSONDecoder().decode(PeerReport.self, from: output)
    #expect(report.default == 0)
    for sample in Self.samples {
      let ours = try #require(report.languages[sample.tag], "\(sample.tag)")
      let language = try #require(LicenseLanguage.named(sample.tag))
      // Python's codec for the language reads our bytes as the texts we meant.
      #expect(ours.region == sample.region && ours.id == 5000 + sample.region, "\(sample.tag)")
      #expect(ours.text == sample.text, "\(sample.tag)")
      #expect(ours.strings == language.buttons, "\(sample.tag)")
      #expect(ours.twoByte == (["ja", "ko", "zh-Hans", "zh-Hant"].contains(sample.tag) ? 1 : 0))
      guard let theirs = ours.dmgbuild else { continue }
      // dmgbuild agrees on the region, the resource ID and the text, byte for byte.
      #expect(theirs.region == ours.region && theirs.id == ours.id, "\(sample.tag)")
      #expect(theirs.text == ours.text && theirs.textBytes == ours.textBytes, "\(sample.tag)")
      // And on the buttons, where its table has them: it falls back to English for Chinese
      // (looked up under the wrong key), and writes "Save" where hdiutil has "Save...".
      for index in 0..<6 where theirs.strings[index] == ours.strings[index] {
        #expect(theirs.stringBytes[index] == ours.stringBytes[index], "\(sample.tag) \(index)")
      }
      let differing = (0..<6).filter { theirs.strings[$0] != ours.strings[$0] }
      switch sample.tag {
      case "en", "en-GB": #expect(differing == [4])
      case "zh-Hans", "zh-Hant": #expect(theirs.strings[1] == "Agree")
      default: #expect(differing.isEmpty, "\(sample.tag): \(differing)")
      }
    }
    // Our reader reads every language back.
    let license = try #require(try DiskImageReader(path: image).license)
    #expect(license.localizations.map(\.language.tag) == Self.samples.map(\.tag))
    #expect(license.localizations.map(\.text) == Self.samples.map(\.text))
    #expect(
      license.localizations.map(\.buttons)
        == Self.samples.map { LicenseLanguage.named($0.tag)?.buttons ?? [] })
    #expect(try ProcessRunner.run("7zz", ["t", image]).status == 0)
  }

  /// Texts each language cannot hold, and what the error says.
  static let refusals: [(tag: String, text: String, message: String)] = {
    var refusals = [
      (
        "el", "Άδεια\n日本\n",
        "line 2: \"日\" cannot be written in Mac OS Greek, which Greek license text uses"
      ),
      (
        "ru", "Лицензия — über\n",
        "line 1: \"ü\" cannot be written in Mac OS Cyrillic, which Russian"
      ),
      ("ja", "ライセンス 🚀\n", "line 1: \"🚀\" cannot be written in Mac OS Japanese"),
      ("ar", "الترخيص Ω\n", "line 1: \"Ω\" cannot be written in Mac OS Arabic"),
      ("he", "רישיון Ж\n", "line 1: \"Ж\" cannot be written in Mac OS Hebrew, which Hebrew"),
      // A shin dot (U+05C1) has no byte: only the precomposed shin with it (U+FB2A) has.
      ("he", "רישיון\nשׁ\n", "line 2: \"שׁ\" cannot be written in Mac OS Hebrew"),
      ("th", "ใบอนุญาต\nΩ\n", "line 2: \"Ω\" cannot be written in Mac OS Thai, which Thai"),
      ("id", "Lisensi\n", "Indonesian: classic Mac OS has no region code"),
      ("xx", "?\n", "unknown license language \"xx\""),
    ]
    #if !canImport(Darwin)
    refusals.append(
      (
        "vi", "Giấy phép\n",
        "Vietnamese: the license would need Mac OS Vietnamese, and no converter"
      ))
    #endif
    return refusals
  }()

  @Test(arguments: refusals)
  func aTextItsLanguageCannotHoldIsRefusedAndNothingIsWritten(
    tag: String, text: String, message: String
  ) throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    #expect {
      _ = try build([("en", 0, "English\n"), (tag, 0, text)], in: folder)
    } throws: { error in
      "\(error)".contains(message)
    }
    #expect(!FileManager.default.fileExists(atPath: folder.path("Hello.dmg")))
  }

  @Test func theDefaultLanguageIsTheOneAsked() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    var options = DMGBuildOptions(
      source: DMGBuildTests.helloApp, output: folder.path("Hello.dmg"), threads: 2)
    for (tag, text) in [("en", "English\n"), ("de", "Deutsch\n")] {
      let path = try folder.write(Array(text.utf8), to: "\(tag).txt").path
      options.licenses.append(.init(language: tag, path: path))
    }
    options.licenseDefaultLanguage = "de"
    _ = try DMGBuilder(options: options).build()
    let license = try #require(try DiskImageReader(path: folder.path("Hello.dmg")).license)
    #expect(license.defaultRegion == 3 && license.text == "Deutsch\n")
  }
}

/// What `license_peer.py` prints.
struct PeerReport: Decodable {
  struct Language: Decodable {
    let region: Int
    let id: Int
    let twoByte: Int
    let strings: [String]
    let text: String
    let stringBytes: [String]
    let textBytes: String
    let dmgbuild: Theirs?
  }
  struct Theirs: Decodable {
    let region: Int
    let id: Int
    let strings: [String]
    let text: String
    let stringBytes: [String]
    let textBytes: String
  }
  let `default`: Int
  let languages: [String: Language]
}
