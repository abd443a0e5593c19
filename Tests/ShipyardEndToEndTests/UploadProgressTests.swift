import Foundation
import ShipyardTestSupport
import Testing

/// The native engine's upload for notarization as its users see it: in a terminal (a
/// pseudo-terminal made by `script`) a bar that grows a part at a time and ends full before the
/// submission is named; in a log, no bar.
@Suite(
  .enabled(
    if: PeerPolicy.shouldRun(
      whenAvailable: NotaryDouble.isAvailable && TerminalSession.isAvailable),
    "needs the notary double's peers and script (util-linux) for a pseudo-terminal"))
struct UploadProgressTests {
  @Test func aTerminalSeesTheUploadsBarEndFullBeforeTheSubmission() throws {
    let double = try NotaryDouble()
    defer { double.stop() }
    let image = try S3PartedUploadTests().signedImage(double)
    let size = try #require(try FileManager.default.attributesOfItem(atPath: image)[.size] as? Int)
    let command = double.commandLine(
      ["dmg", "notarize", image] + double.keyArguments,
      environment: ["SHIPYARD_S3_PART_SIZE=5242880"])
    let (session, screen) = try TerminalSession.run(
      command, typescript: double.folder.path("session.txt"))
    #expect(session.status == 0, "\(session.standardError)")
    #expect(screen.contains("\ruploading ["), "the bar is drawn in place: \(screen)")
    let full = try #require(
      screen.components(separatedBy: "\r").last {
        $0.hasPrefix("uploading [") && $0.contains("100%")
      },
      "the bar ends full: \(screen)")
    let mebibytes = String(format: "%.1f MiB", Double(size) / 1_048_576)
    #expect(full.contains("] 100%  \(mebibytes) in "), "the image's size: \(full)")
    let bar = try #require(screen.range(of: "] 100%  \(mebibytes)"))
    let submitted = try #require(screen.range(of: "submitted \(image) for notarization"))
    #expect(bar.upperBound < submitted.lowerBound, "the bar ends before the submission's line")

    // Standard error in a file (another double, as this one would resume the submission): a
    // short upload prints no progress at all.
    let other = try NotaryDouble()
    defer { other.stop() }
    let otherImage = try S3PartedUploadTests().signedImage(other)
    let logged = try other.shipyard(
      ["dmg", "notarize", otherImage] + other.keyArguments,
      environment: ["SHIPYARD_S3_PART_SIZE=5242880"])
    #expect(logged.status == 0, "\(logged.standardError)")
    #expect(logged.standardError.contains("submitted \(otherImage) for notarization"))
    #expect(!logged.standardError.contains("\r") && !logged.standardError.contains("uploading"))
  }
}
