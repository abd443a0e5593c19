import Distribution
import Foundation
import ShipyardTestSupport
import SystemSupport
import Testing

/// How many times a native ship reads the finished image in full, counted by wrapping every read
/// of the image's path (``ReadAccounting``); the upload's reads are not among them (S3's upload
/// reads through its own handle).
///
/// The image holds the double's signed Hello.app beside `SHIPYARD_PASSES_MIB` MiB (default 24)
/// of bytes that do not compress; set it to 1024 for the figure on a 1 GiB image.
@Suite(
  .enabled(
    if: PeerPolicy.shouldRun(whenAvailable: NotaryDouble.isAvailable),
    Comment(rawValue: NotaryDouble.requirement)))
struct ShipReadPassesTests {
  @Test func aShipReadsTheFinishedImageAtMostTwice() async throws {
    let double = try NotaryDouble()
    defer { double.stop() }
    _ = try double.signedHello()
    let source = double.folder.path("signed-source")
    let mebibytes =
      ProcessInfo.processInfo.environment["SHIPYARD_PASSES_MIB"].flatMap(Int.init) ?? 24
    try Self.writeIncompressible(mebibytes << 20, to: source + "/payload.bin")
    let image = double.folder.path("Hello.dmg")
    let release = DMGRelease(image: image, signingEngine: try Self.engine(double))
    var plan = DMGRelease.Plan(
      identity: .p12(
        path: double.folder.path("identity.p12"), password: Secret(NotaryDouble.password)),
      notary: .apiKey(
        path: double.folder.path("AuthKey_\(NotaryDouble.keyID).p8"), keyID: NotaryDouble.keyID,
        issuer: NotaryDouble.issuer),
      trustRoots: try TrustRoots(addingPEMFiles: [double.folder.path("root.pem")]))
    plan.timeout = 120

    ReadAccounting.watch(image)
    defer { ReadAccounting.stopWatching(image) }
    let outcome = try await release.ship(
      building: DMGBuildOptions(source: source, output: image), plan: plan)

    let read = ReadAccounting.bytesRead(image)
    let passes = Double(read) / Double(outcome.bytes)
    print("ship of a \(outcome.bytes)-byte image: \(String(format: "%.2f", passes)) full reads")
    #expect(outcome.stapled && outcome.signature == .valid)
    // Twice in full (sign, verify), and besides only the chunks that hold the app, the volume's
    // catalog and the signature (the preflight, the staple): a few MiB whatever the image's size.
    #expect(read <= 2 * outcome.bytes + (8 << 20), "the image was read \(passes) times in full")
  }

  /// The native engine pointed at the double.
  static func engine(_ double: NotaryDouble) throws -> NativeEngine {
    let base = try #require(URL(string: double.url))
    return NativeEngine.live(
      configuration: NativeEngine.Configuration(
        notaryURL: base.appendingPathComponent("notary/v2"),
        s3URL: base.appendingPathComponent("s3"),
        ticketURL: base.appendingPathComponent("ticket/lookup"),
        timestampURL: base.appendingPathComponent("tsa"), identifier: nil))
  }

  /// Writes `count` bytes that no codec shrinks (a SplitMix64 stream), a MiB at a time.
  static func writeIncompressible(_ count: Int, to path: String) throws {
    _ = FileManager.default.createFile(atPath: path, contents: nil)
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    defer { try? handle.close() }
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    var written = 0
    while written < count {
      let words = (0..<(min(1 << 20, count - written) / 8)).map { _ in
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
      }
      try handle.write(contentsOf: words.withUnsafeBytes { Data($0) })
      written += words.count * 8
    }
  }
}
