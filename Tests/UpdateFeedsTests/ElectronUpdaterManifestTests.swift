import Testing
import UpdateFeeds

@Suite struct ElectronUpdaterManifestTests {
  @Test func readsWhatElectronBuilderWritesAndMergesTheSameVersion() throws {
    // As electron-builder writes it (js-yaml: plain scalars, a quoted date).
    let written = """
      version: 1.10.0
      files:
        - url: Hello-1.10.0-mac.zip
          sha512: abc==
          size: 10
          blockMapSize: 3
      path: Hello-1.10.0-mac.zip
      sha512: abc==
      releaseDate: '2026-01-01T00:00:00.000Z'

      """
    let existing = try ElectronUpdaterManifest(yaml: written, path: "latest-mac.yml")
    #expect(existing.version == "1.10.0")
    #expect(existing.files == [.init(url: "Hello-1.10.0-mac.zip", sha512: "abc==", size: 10)])

    let dmg = ElectronUpdaterManifest(
      version: "1.10.0", files: [.init(url: "Hello-1.10.0.dmg", sha512: "def==", size: 20)],
      releaseDate: "2026-02-02T00:00:00.000Z")
    let merged = dmg.merging(into: existing)
    #expect(merged.files.map(\.url) == ["Hello-1.10.0-mac.zip", "Hello-1.10.0.dmg"])
    #expect(merged.primary?.url == "Hello-1.10.0-mac.zip")
    #expect(merged.yaml.contains("version: '1.10.0'\n"))
    #expect(try ElectronUpdaterManifest(yaml: merged.yaml, path: "x") == merged)

    let newer = ElectronUpdaterManifest(version: "1.11.0", files: dmg.files, releaseDate: "")
    #expect(newer.merging(into: existing) == newer)
  }

  @Test func aFileWithoutItsSizeIsAnErrorNamingTheLine() {
    #expect {
      try ElectronUpdaterManifest(
        yaml: "version: 1\nfiles:\n  - url: a.zip\n    sha512: x\n", path: "latest-mac.yml")
    } throws: { "\($0)".contains("latest-mac.yml:3:") }
  }
}
