import Foundation
import ShipyardTestSupport
import Testing

/// `appcast add` on images and zips built here, the feeds checked by the Python peers: the
/// signatures by `cryptography` and PyNaCl, the appcast by lxml as Sparkle reads it,
/// `latest-mac.yml` by PyYAML and `hashlib`.
@Suite(.enabled(if: FeedPeers.shouldRun, Comment(rawValue: FeedPeers.requirement)))
struct AppcastCommandTests {
  /// Runs the built `shipyard` with `arguments` and the environment `variables` added.
  func shipyard(_ arguments: [String], variables: [String] = []) throws -> (
    status: Int32, output: String, errors: String
  ) {
    let run = try ProcessRunner.run(
      "env", variables + [BuiltProducts.shipyard.path] + arguments)
    return (run.status, String(decoding: run.standardOutput, as: UTF8.self), run.standardError)
  }

  /// A disk image of Hello.app at `version` (`short`) in `scratch`, named `name`.
  func image(
    _ scratch: ScratchFolder, _ name: String, version: String, short: String,
    publicKey: String? = nil
  ) throws -> String {
    let app = try FeedPeers.helloApp(
      in: scratch.url.path, version: version, short: short, publicKey: publicKey)
    let image = scratch.path(name)
    let built = try shipyard(["dmg", "build", app, "-o", image, "--force"])
    #expect(built.status == 0, "\(built.errors)")
    return image
  }

  @Test func itemFromAnImageVerifiesAndKeepsOlderItemsAndChannels() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let publicKey = try FeedPeers.makeKey(at: scratch.path("key.txt"))
    let feed = scratch.path("appcast.xml")
    // A feed made elsewhere: a beta item on its channel, a comment, a prefix of its own.
    let existing = """
      <?xml version="1.0" encoding="utf-8"?>
      <rss version="2.0" xmlns:s="http://www.andymatuschak.org/xml-namespaces/sparkle">
        <channel>
          <title>Hello</title>
          <!-- kept as it is -->
          <item>
            <title>Hello 0.9 beta</title>
            <s:version>0</s:version>
            <s:channel>beta</s:channel>
            <enclosure url="https://example.com/Hello-0.9.dmg" length="10" type="application/octet-stream" s:edSignature="\(String(repeating: "A", count: 86))=="/>
          </item>
        </channel>
      </rss>

      """
    try Data(existing.utf8).write(to: scratch.file("appcast.xml"))
    let first = try image(
      scratch, "Hello-1.0.dmg", version: "1", short: "1.0", publicKey: publicKey)
    let arguments = [
      "--feed", feed, "--ed-key-file", scratch.path("key.txt"), "--download-url-prefix",
      "https://example.com/dl/",
    ]

    let added = try shipyard(["appcast", "add", first] + arguments)
    #expect(added.status == 0, "\(added.errors)")

    var items = try FeedPeers.items(feed: feed, file: first, publicKey: publicKey)
    #expect(items.map { $0["version"] as? String } == ["1", "0"])
    let item = items[0]
    #expect(item["shortVersion"] as? String == "1.0")
    #expect(item["minimumSystemVersion"] as? String == "11.0")
    #expect(item["url"] as? String == "https://example.com/dl/Hello-1.0.dmg")
    #expect(item["type"] as? String == "application/octet-stream")
    let size = try FileManager.default.attributesOfItem(atPath: first)[.size] as? Int
    #expect(item["length"] as? Int == size)
    #expect(item["cryptography"] as? Bool == true)
    #expect(item["nacl"] as? Bool == true)
    #expect(item["tamperedCryptography"] as? Bool == false)
    #expect(item["tamperedNaCl"] as? Bool == false)
    #expect(items[1]["channel"] as? String == "beta")
    let text = try String(contentsOfFile: feed, encoding: .utf8)
    #expect(text.contains("<!-- kept as it is -->"))
    #expect(text.contains("<s:version>1</s:version>"))  // the feed's own prefix

    // A newer version is added before the others; the first item stays as it was.
    let firstItem = try #require(text.range(of: "<item>\n      <title>Hello 1.0"))
    let second = try image(
      scratch, "Hello-2.0.dmg", version: "2", short: "2.0", publicKey: publicKey)
    #expect(try shipyard(["appcast", "add", second] + arguments).status == 0)
    items = try FeedPeers.items(feed: feed, file: second, publicKey: publicKey)
    #expect(items.map { $0["version"] as? String } == ["2", "1", "0"])
    #expect(items[0]["cryptography"] as? Bool == true)
    #expect(items[1]["cryptography"] as? Bool == false)  // signed over the first image
    #expect(
      try FeedPeers.items(feed: feed, file: first, publicKey: publicKey)[1]["nacl"] as? Bool == true
    )
    #expect(
      try String(contentsOfFile: feed, encoding: .utf8).contains(
        text[firstItem.lowerBound...].prefix(200)))

    // The same version again (rebuilt: other bytes) replaces its item.
    let rebuilt = try image(
      scratch, "Hello-2.0.dmg", version: "2", short: "2.0", publicKey: publicKey)
    #expect(
      try shipyard(["appcast", "add", rebuilt, "--channel", "stable"] + arguments).status == 0)
    items = try FeedPeers.items(feed: feed, file: rebuilt, publicKey: publicKey)
    #expect(items.map { $0["version"] as? String } == ["2", "1", "0"])
    #expect(items[0]["channel"] as? String == "stable")
    #expect(items[0]["nacl"] as? Bool == true)
  }

  @Test func zipAndImageGoIntoLatestMacYAML() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let publicKey = try FeedPeers.makeKey(at: scratch.path("key.txt"))
    let dmg = try image(scratch, "Hello-3.1.dmg", version: "31", short: "3.1")
    let zip = scratch.path("Hello-3.1-mac.zip")
    try FeedPeers.zip(scratch.path("Hello.app"), to: zip)
    let manifest = scratch.path("latest-mac.yml")

    // The key from an environment variable, as CI secrets come.
    let zipped = try shipyard(
      [
        "appcast", "add", zip, "--feed", scratch.path("appcast.xml"), "--ed-key-env",
        "SPARKLE_KEY", "--electron-updater", manifest,
      ],
      variables: [
        "SPARKLE_KEY=\(try String(contentsOfFile: scratch.path("key.txt"), encoding: .utf8))"
      ])
    #expect(zipped.status == 0, "\(zipped.errors)")
    #expect(
      !zipped.output.contains(
        try String(contentsOfFile: scratch.path("key.txt"), encoding: .utf8).trimmingCharacters(
          in: .whitespacesAndNewlines)))
    let items = try FeedPeers.items(
      feed: scratch.path("appcast.xml"), file: zip, publicKey: publicKey)
    #expect(items.first?["version"] as? String == "31")
    #expect(items.first?["url"] as? String == "Hello-3.1-mac.zip")
    #expect(items.first?["cryptography"] as? Bool == true)

    let imaged = try shipyard(["appcast", "add", dmg, "--electron-updater", manifest])
    #expect(imaged.status == 0, "\(imaged.errors)")
    let yaml = try FeedPeers.manifest(manifest, folder: scratch.url.path)
    #expect(yaml["version"] as? String == "3.1")
    let files = try #require(yaml["files"] as? [[String: Any]])
    #expect(files.map { $0["url"] as? String } == ["Hello-3.1-mac.zip", "Hello-3.1.dmg"])
    #expect(
      files.allSatisfy {
        $0["sha512Matches"] as? Bool == true && $0["sizeMatches"] as? Bool == true
      })
    // electron-updater installs from the zip: `path` and `sha512` name it.
    #expect(yaml["path"] as? String == "Hello-3.1-mac.zip")
    #expect(yaml["sha512"] as? String == files[0]["sha512"] as? String)
    #expect((yaml["releaseDate"] as? String)?.hasSuffix("Z") == true)

    // A DMG alone is listed, with a warning that updates need the zip.
    let alone = scratch.path("alone.yml")
    let warned = try shipyard(["appcast", "add", dmg, "--electron-updater", alone])
    #expect(warned.status == 0)
    #expect(warned.errors.contains("installs updates from a zip only"))
  }

  @Test func olderNinetySixByteKeysSignItemsBothPeersVerify() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let publicKey = try FeedPeers.makeLegacyKey(at: scratch.path("legacy.txt"))
    let dmg = try image(scratch, "Hello.dmg", version: "1", short: "1.0", publicKey: publicKey)
    let feed = scratch.path("appcast.xml")
    let added = try shipyard(
      ["appcast", "add", dmg, "--feed", feed, "--ed-key-file", scratch.path("legacy.txt")])
    #expect(added.status == 0, "\(added.errors)")
    let items = try FeedPeers.items(feed: feed, file: dmg, publicKey: publicKey)
    #expect(items.count == 1)
    #expect(items.first?["cryptography"] as? Bool == true)
    #expect(items.first?["nacl"] as? Bool == true)
    #expect(items.first?["tamperedCryptography"] as? Bool == false)
    #expect(items.first?["tamperedNaCl"] as? Bool == false)
    // The key's bytes are never printed.
    let text = try String(contentsOfFile: scratch.path("legacy.txt"), encoding: .utf8)
    #expect(!added.errors.contains(text.trimmingCharacters(in: .whitespacesAndNewlines)))
    #expect(!added.output.contains(text.trimmingCharacters(in: .whitespacesAndNewlines)))
  }

  @Test func anOlderKeyAndItsSeedWriteTheSameSignature() throws {
    // RFC 8032 gives one signature per key and file: the 96-byte export signs (through
    // libsodium) the very bytes its seed signs (through OpenSSL), as Sparkle's sign_update would.
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let publicKey = try FeedPeers.makeLegacyKey(
      at: scratch.path("legacy.txt"), seedAt: scratch.path("seed.txt"))
    let dmg = try image(scratch, "Hello.dmg", version: "1", short: "1.0", publicKey: publicKey)
    var signatures: [String] = []
    for key in ["legacy", "seed"] {
      let feed = scratch.path("appcast-\(key).xml")
      let added = try shipyard(
        ["appcast", "add", dmg, "--feed", feed, "--ed-key-file", scratch.path("\(key).txt")])
      #expect(added.status == 0, "\(added.errors)")
      let items = try FeedPeers.items(feed: feed, file: dmg, publicKey: publicKey)
      #expect(items.count == 1)
      #expect(items.first?["nacl"] as? Bool == true, "\(key)")
      #expect(items.first?["cryptography"] as? Bool == true, "\(key)")
      signatures.append(items.first?["edSignature"] as? String ?? "")
    }
    #expect(signatures.count == 2 && !signatures[0].isEmpty)
    #expect(signatures[0] == signatures[1])
  }

  @Test func keysAndAppsThatCannotWorkAreRefused() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let publicKey = try FeedPeers.makeKey(at: scratch.path("key.txt"))
    let other = try FeedPeers.makeKey(at: scratch.path("other.txt"))
    let dmg = try image(scratch, "Hello.dmg", version: "1", short: "1.0", publicKey: publicKey)
    let feed = ["--feed", scratch.path("appcast.xml")]

    // Sparkle's older export whose public half is another key's (bytes 64..<96 swapped).
    let legacy = try FeedPeers.makeLegacyKey(at: scratch.path("legacy.txt"))
    let expanded = [UInt8](
      Data(
        base64Encoded: try String(contentsOfFile: scratch.path("legacy.txt"), encoding: .utf8)
          .trimmingCharacters(in: .whitespacesAndNewlines)) ?? Data())
    let swapped = expanded.prefix(64) + [UInt8](Data(base64Encoded: publicKey) ?? Data())
    try Data(Data(swapped).base64EncodedString().utf8).write(to: scratch.file("swapped.txt"))
    let refused = try shipyard(
      ["appcast", "add", dmg, "--ed-key-file", scratch.path("swapped.txt")] + feed)
    #expect(refused.status == 64)
    #expect(refused.errors.contains("older 96-byte format, and its public key \(publicKey)"))
    #expect(refused.errors.contains("is not its private key's"))
    #expect(!refused.errors.contains(Data(swapped).base64EncodedString()))
    #expect(!refused.errors.contains(legacy))

    let mismatch = try shipyard(
      ["appcast", "add", dmg, "--ed-key-file", scratch.path("other.txt")] + feed)
    #expect(mismatch.status == 1)
    #expect(mismatch.errors.contains("SUPublicEDKey is \(publicKey)"))
    #expect(mismatch.errors.contains(other))
    #expect(!FileManager.default.fileExists(atPath: scratch.path("appcast.xml")))

    let unset = try shipyard(["appcast", "add", dmg, "--ed-key-env", "NO_SUCH_KEY"] + feed)
    #expect(unset.status == 64)
    #expect(unset.errors.contains("NO_SUCH_KEY is not set"))

    // A damaged zip is an error naming the file, the structure and its byte.
    try Data([0x50, 0x4B, 0x03, 0x04] + [UInt8](repeating: 0, count: 30)).write(
      to: scratch.file("bad.zip"))
    let badZip = try shipyard(
      ["appcast", "add", scratch.path("bad.zip"), "--electron-updater", scratch.path("x.yml")])
    #expect(badZip.status == 1)
    #expect(badZip.errors.contains("bad.zip: archive (at byte 0): no end of central directory"))
    #expect(!FileManager.default.fileExists(atPath: scratch.path("x.yml")))

    // A feed that is not well-formed is left as it was, the error naming its line.
    try Data("<rss><channel><item></channel></rss>".utf8).write(to: scratch.file("appcast.xml"))
    let broken = try shipyard(
      ["appcast", "add", dmg, "--ed-key-file", scratch.path("key.txt")] + feed)
    #expect(broken.status == 1)
    #expect(broken.errors.contains("appcast.xml:1:"))
    #expect(
      try String(contentsOfFile: scratch.path("appcast.xml"), encoding: .utf8)
        == "<rss><channel><item></channel></rss>")
  }
}
