import Foundation
import ShipyardTestSupport
import Testing

/// `dmg ship --appcast --electron-updater` against the loopback doubles: the feeds describe
/// the stapled image, the final bytes.
@Suite(
  .enabled(
    if: PeerPolicy.shouldRun(whenAvailable: NotaryDouble.isAvailable && FeedPeers.shouldRun),
    Comment(rawValue: NotaryDouble.requirement + "; " + FeedPeers.requirement)))
struct ShipAppcastTests {
  @Test func feedsAreWrittenFromTheStapledImage() throws {
    let double = try NotaryDouble()
    defer { double.stop() }
    let ship = NativeShipTests()
    let publicKey = try FeedPeers.makeKey(at: double.folder.path("key.txt"))
    let image = double.folder.path("Hello.dmg")
    let feed = double.folder.path("appcast.xml")
    let manifest = double.folder.path("latest-mac.yml")

    let (run, summary) = try ship.ship(
      double, to: image,
      [
        "--ticket-timeout", "30s", "--appcast", feed, "--ed-key-file",
        double.folder.path("key.txt"), "--electron-updater", manifest,
        "--download-url-prefix", "https://example.com/",
      ])

    #expect((summary["steps"] as? [String: String])?["staple"] == "done")
    #expect(run.errors.contains("appcast.xml: Hello 1.0 (1)"))
    let size = try FileManager.default.attributesOfItem(atPath: image)[.size] as? Int
    #expect(summary["bytes"] as? Int == size)
    let items = try FeedPeers.items(feed: feed, file: image, publicKey: publicKey)
    #expect(items.count == 1)
    #expect(items.first?["length"] as? Int == size)
    #expect(items.first?["cryptography"] as? Bool == true)
    #expect(items.first?["nacl"] as? Bool == true)
    #expect(items.first?["tamperedNaCl"] as? Bool == false)
    let yaml = try FeedPeers.manifest(manifest, folder: double.folder.url.path)
    let files = try #require(yaml["files"] as? [[String: Any]])
    #expect(files.count == 1)
    #expect(files.first?["sha512Matches"] as? Bool == true)
    #expect(files.first?["sizeMatches"] as? Bool == true)
  }
}
