import InstallerPackage
import Testing

/// `PackageInfo` and `Distribution` read back: what our writers write, and documents laid out
/// as Apple's `pkgbuild` and `productbuild` write them (nested bundles, several choices and
/// components, attributes split between a choice's `pkg-ref` and the top-level one); documents
/// that are not these are named.
@Suite struct PackageDocumentReadingTests {
  @Test func ourPackageInfoReadsBack() throws {
    let info = PackageInfo(
      identifier: "com.example.demo & co", version: "1.2", installLocation: "/Applications",
      numberOfFiles: 42, installKilobytes: 1234,
      bundles: [
        .init(path: "./Demo.app", identifier: "com.example.demo", shortVersion: "1.2", version: "7")
      ],
      scripts: ["preinstall", "postinstall"])
    #expect(try PackageInfo(xml: Array(info.xml.utf8)) == info)
  }

  /// As `pkgbuild` writes it for an app with a helper inside, a `<payload>`-less one aside.
  @Test func applesPackageInfoReads() throws {
    let xml = """
      <?xml version="1.0" encoding="utf-8"?>
      <pkg-info overwrite-permissions="true" relocatable="false" identifier="com.apple.pkg.Demo" \
      postinstall-action="none" version="3.1" format-version="2" generator-version="InstallCmds-834" \
      install-location="/Applications" auth="root">
          <payload numberOfFiles="117" installKBytes="20480"/>
          <bundle path="./Demo.app" id="com.example.Demo" CFBundleShortVersionString="3.1" CFBundleVersion="310">
              <bundle path="./Contents/Library/LoginItems/Helper.app" id="com.example.Demo.Helper" CFBundleVersion="310"/>
          </bundle>
          <bundle-version>
              <bundle id="com.example.Demo"/>
          </bundle-version>
          <scripts>
              <postinstall file="./postinstall"/>
          </scripts>
      </pkg-info>
      """
    let info = try PackageInfo(xml: Array(xml.utf8))
    #expect(info.identifier == "com.apple.pkg.Demo" && info.version == "3.1")
    #expect(info.installLocation == "/Applications")
    #expect(info.numberOfFiles == 117 && info.installKilobytes == 20480)
    #expect(info.bundles.map(\.path) == ["./Demo.app", "./Contents/Library/LoginItems/Helper.app"])
    #expect(info.bundles[1].shortVersion == nil && info.bundles[1].version == "310")
    #expect(info.scripts == ["postinstall"])

    let scriptsOnly = try PackageInfo(
      xml: Array(#"<pkg-info identifier="com.example.scripts" version="1"/>"#.utf8))
    #expect(scriptsOnly.installLocation == "/" && scriptsOnly.numberOfFiles == 0)
  }

  @Test func otherDocumentsAreNamed() {
    let cases: [(String, String)] = [
      ("<installer-gui-script/>", "its root element is <installer-gui-script>, not <pkg-info>"),
      (#"<pkg-info version="1"/>"#, "<pkg-info> names no identifier or no version"),
      (
        #"<pkg-info identifier="a" version="1"><payload numberOfFiles="x"/></pkg-info>"#,
        "<payload>'s numberOfFiles or installKBytes is not a number"
      ),
    ]
    for (xml, problem) in cases {
      #expect(throws: PackageDocumentError("PackageInfo", problem)) {
        try PackageInfo(xml: Array(xml.utf8))
      }
    }
    // Foundation's XMLParser traps on a name that is not UTF-8, and on <?x?>: refused before it.
    let latin =
      Array(#"<pkg-info identifier="a" version="1" x"#.utf8) + [0xFF] + Array(#"="1"/>"#.utf8)
    #expect(
      throws: PackageDocumentError(
        "PackageInfo", "its XML does not parse (the bytes are not UTF-8)")
    ) {
      try PackageInfo(xml: latin)
    }
    #expect {
      try DistributionDocument(xml: Array("<?x?><installer-gui-script/>".utf8))
    } throws: { error in
      "\(error)".contains("a processing instruction without data at byte 0")
    }
    #expect {
      try PackageInfo(xml: Array("<pkg-info".utf8))
    } throws: { error in
      (error as? PackageDocumentError)?.problem.hasPrefix("its XML does not parse") == true
    }
    #expect(
      throws: PackageDocumentError(
        "Distribution", "its root element is <pkg-info>, not <installer-gui-script>")
    ) {
      try DistributionDocument(xml: Array("<pkg-info/>".utf8))
    }
  }

  @Test func ourDistributionReadsBack() throws {
    let script = DistributionScript(
      title: "Demo & Co", identifier: "com.example.demo", version: "1.2",
      componentName: "Demo & Co.pkg", installKilobytes: 99, hostArchitectures: ["arm64", "x86_64"],
      minimumSystemVersion: "12.0")
    let document = try DistributionDocument(xml: Array(script.xml.utf8))
    #expect(document.title == "Demo & Co")
    #expect(document.hostArchitectures == ["arm64", "x86_64"])
    #expect(document.minimumSystemVersion == "12.0")
    #expect(document.choices.map(\.id) == ["default", "com.example.demo"])
    #expect(document.choices[1].packageReferences == ["com.example.demo"])
    let reference = try #require(document.packageReference("com.example.demo"))
    #expect(reference.version == "1.2" && reference.installKilobytes == 99)
    #expect(reference.location == "#Demo%20%26%20Co.pkg")
    #expect(reference.componentName == "Demo & Co.pkg")
  }

  /// Two components, as `productbuild --distribution` writes a hand-made script: one choice
  /// installs both, another only the second; the size is on the choice's `pkg-ref`.
  @Test func severalComponentsRead() throws {
    let xml = """
      <?xml version="1.0" encoding="utf-8" standalone="no"?>
      <installer-gui-script minSpecVersion="1">
          <title>SU_TITLE</title>
          <options customize="allow" hostArchitectures="x86_64,arm64"/>
          <allowed-os-versions><os-version min="11.0"/></allowed-os-versions>
          <choices-outline>
              <line choice="app"/>
              <line choice="cli"/>
          </choices-outline>
          <choice id="app" title="The app">
              <pkg-ref id="com.example.app"/>
              <pkg-ref id="com.example.cli" installKBytes="12"/>
          </choice>
          <choice id="cli" title="Command-line tools">
              <pkg-ref id="com.example.cli"/>
          </choice>
          <pkg-ref id="com.example.app" version="2.0" onConclusion="none">App.pkg</pkg-ref>
          <pkg-ref id="com.example.cli" version="2.0.1">#cli.pkg</pkg-ref>
          <pkg-ref id="com.example.orphan" version="0"/>
      </installer-gui-script>
      """
    let document = try DistributionDocument(xml: Array(xml.utf8))
    #expect(document.title == "SU_TITLE" && document.hostArchitectures == ["x86_64", "arm64"])
    #expect(document.minimumSystemVersion == "11.0")
    #expect(document.choices.map(\.title) == ["The app", "Command-line tools"])
    #expect(
      document.choices.map(\.packageReferences) == [
        ["com.example.app", "com.example.cli"], ["com.example.cli"],
      ])
    #expect(
      document.packageReferences.map(\.id) == [
        "com.example.app", "com.example.cli", "com.example.orphan",
      ])
    let cli = try #require(document.packageReference("com.example.cli"))
    #expect(cli.version == "2.0.1" && cli.installKilobytes == 12 && cli.componentName == "cli.pkg")
    #expect(document.packageReference("com.example.app")?.componentName == "App.pkg")
    #expect(document.packageReference("com.example.orphan")?.componentName == nil)
  }
}
