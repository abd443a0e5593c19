import CodeSigning
import Foundation
import Testing

/// The seal's XML in the corners the bundle fixtures do not reach.
@Suite struct CodeResourcesXMLTests {
  @Test func anEmptySealWritesEmptyDictionaries() {
    let seal = CodeResources(files: [:], files2: [:], rules: .shallow)
    let text = String(decoding: seal.xml, as: UTF8.self)
    #expect(
      text.contains("<dict>\n\t<key>files</key>\n\t<dict/>\n\t<key>files2</key>\n\t<dict/>\n"))
    #expect(text.hasSuffix("\t</dict>\n</dict>\n</plist>\n"))
  }

  @Test func stringsEscapeAmpersandsAndAnglesButNotQuotes() throws {
    let seal = CodeResources(
      files: [:],
      files2: [
        "a&b<c>\"d\".txt": ResourceSeal(symlink: "x&y"),
        "n": ResourceSeal(
          cdhash: [UInt8](repeating: 0xAB, count: 20), requirement: "identifier \"a<b\""),
      ], rules: ResourceRules(rules: [], rules2: [ResourceRule("^x$", weight: 2.5)]))
    let text = String(decoding: seal.xml, as: UTF8.self)
    #expect(text.contains("\t\t<key>a&amp;b&lt;c&gt;\"d\".txt</key>\n"))
    #expect(text.contains("\t\t\t<string>x&amp;y</string>\n"))
    #expect(text.contains("\t\t\t<string>identifier \"a&lt;b\"</string>\n"))
    #expect(text.contains("\t\t\t<data>\n\t\t\tq6urq6urq6urq6urq6urq6urq6s=\n\t\t\t</data>\n"))
    #expect(text.contains("\t\t\t<real>2.5</real>\n"))
    #expect(text.contains("\t<key>rules</key>\n\t<dict/>\n"))
    // What is written reads back as the same seal.
    #expect(try CodeResources(plist: seal.xml, path: "seal") == seal)
  }
}
