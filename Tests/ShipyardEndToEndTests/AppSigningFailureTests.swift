import Foundation
import ShipyardTestSupport
import Testing

/// Must-show 4 of issue #18 through the command line: an identity without its key, an expired
/// certificate, and a nested item that cannot be signed, found after other items were signed in
/// the staging copy, each stop `app sign` and `dmg ship` with a message naming the problem and
/// the file, and leave the app as it was (every file and link), no staging copy beside it and,
/// for `dmg ship`, no image and no upload.
@Suite(
  .enabled(
    if: PeerPolicy.shouldRun(whenAvailable: NotaryDouble.isAvailable)
      && ElectronAppFixture.shouldRun,
    "needs the Notary double's peers and the Mach-O fixtures' tools"))
struct AppSigningFailureTests {
  /// One reason the app cannot be signed.
  enum Failure: String, CaseIterable, CustomStringConvertible, Sendable {
    /// `--pem` with the certificates but no private key.
    case certificateOnlyPEM
    /// `--p12` exported without the key (`openssl pkcs12 -export -nokeys`).
    case certificateOnlyP12
    /// A `.p12` of the key and its certificate only, exported without `-certfile`: its private
    /// CA's intermediate is nowhere, so no verifier could build the chain.
    case p12WithoutItsChain
    /// The expired leaf of the test PKI (valid for one day in 2015).
    case expiredCertificate
    /// A helper app's executable with bytes after `__LINKEDIT`: the plan reaches it after the
    /// loose code and the framework are signed in the staging copy.
    case helperWithBytesAfterLinkedit

    /// The helper executable that cannot be signed.
    static let helperExecutable =
      "Contents/Frameworks/Demo Helper.app/Contents/MacOS/Demo Helper"

    var description: String { rawValue }

    /// The identity options, with the files of the PKI in `pki`.
    func identity(in pki: ScratchFolder) throws -> [String] {
      let p12 = ["--p12-password-env", "P12_PASSWORD"]
      switch self {
      case .certificateOnlyPEM:
        let certificates = try ["leaf.pem", "chain.pem"].map {
          try Data(contentsOf: pki.file($0))
        }
        try pki.write(certificates.reduce(Data(), +), to: "certificate-only.pem")
        return ["--pem", pki.path("certificate-only.pem")]
      case .certificateOnlyP12: return ["--p12", pki.path("certificate-only.p12")] + p12
      case .p12WithoutItsChain:
        try ProcessRunner.check(
          "openssl",
          [
            "pkcs12", "-export", "-inkey", pki.path("leaf.key"), "-in", pki.path("leaf.pem"),
            "-passout", "pass:\(TestPKI.password)", "-out", pki.path("leaf-only.p12"),
          ])
        return ["--p12", pki.path("leaf-only.p12")] + p12
      case .expiredCertificate: return ["--p12", pki.path("expired.p12")] + p12
      case .helperWithBytesAfterLinkedit: return ["--p12", pki.path("identity.p12")] + p12
      }
    }

    /// The app's changes from the default fixture.
    var options: ElectronAppFixture.Options {
      self == .helperWithBytesAfterLinkedit
        ? .init(machOFiles: [Self.helperExecutable: .appendedDataAmd64]) : .init()
    }

    /// What the message must say: the problem and the file.
    var expectedMessages: [String] {
      switch self {
      case .certificateOnlyPEM:
        ["certificate-only.pem holds a certificate but not its private key"]
      case .certificateOnlyP12:
        ["certificate-only.p12 holds a certificate but not its private key"]
      case .p12WithoutItsChain:
        [
          "the identity", "leaf-only.p12 cannot sign: it holds the certificate",
          "but not that of its issuer, CN=Shipyard Test Developer ID Certification Authority",
          "export it with its chain",
        ]
      case .expiredCertificate: ["expired.p12", "is valid from Jan  1 00:00:00 2015 GMT"]
      case .helperWithBytesAfterLinkedit:
        [
          "cannot sign", "Demo Helper.app/Contents/MacOS/Demo Helper (x86_64)",
          "\(MachOFixture.appendedByteCount) bytes follow __LINKEDIT",
        ]
      }
    }
  }

  /// A fresh app for `failure` in the double's folder, and its snapshot before any signing.
  struct Scene {
    let double: NotaryDouble
    let folder: URL
    let app: ElectronAppFixture
    let before: TreeSnapshot

    init(_ failure: Failure) throws {
      double = try NotaryDouble()
      folder = double.folder.file("app")
      app = try ElectronAppFixture.write(in: folder, options: failure.options)
      before = try TreeSnapshot(of: app.url)
    }

    /// Expects `run` failed with `failure`'s message, and the app is as it was with no staging
    /// copy beside it.
    func expectFailed(
      _ run: ProcessRunner.Output, _ failure: Failure,
      sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
      #expect(run.status != 0, sourceLocation: sourceLocation)
      for message in failure.expectedMessages {
        #expect(
          run.standardError.contains(message), "\(message): \(run.standardError)",
          sourceLocation: sourceLocation)
      }
      #expect(!run.standardError.contains(NotaryDouble.password), sourceLocation: sourceLocation)
      #expect(try TreeSnapshot(of: app.url) == before, sourceLocation: sourceLocation)
      #expect(
        try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["Demo.app"],
        "a staging copy is left", sourceLocation: sourceLocation)
    }
  }

  @Test(arguments: Failure.allCases)
  func appSignStopsAndLeavesTheAppAsItWas(_ failure: Failure) throws {
    let scene = try Scene(failure)
    defer { scene.double.stop() }
    let run = try scene.double.shipyard(
      ["app", "sign", scene.app.url.path] + (try failure.identity(in: scene.double.folder)))
    try scene.expectFailed(run, failure)
  }

  @Test(arguments: Failure.allCases)
  func dmgShipStopsBeforeTheImageAndLeavesNone(_ failure: Failure) throws {
    let scene = try Scene(failure)
    let double = scene.double
    defer { double.stop() }
    let output = double.folder.file("out")
    try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)

    let run = try double.shipyard(
      ["dmg", "ship", scene.app.url.path, "-o", output.appendingPathComponent("Demo.dmg").path]
        + (try failure.identity(in: double.folder)) + double.keyArguments)
    try scene.expectFailed(run, failure)
    // The identity is checked before the build (the `sign` step's check), the code as the app
    // is signed (`sign-app`), and the image is built only after.
    let step = failure == .helperWithBytesAfterLinkedit ? "sign-app" : "sign"
    #expect(run.standardError.contains("error: \(step): "), "\(run.standardError)")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: output.path) == [],
      "no image, no temporary file at the output path")
    #expect(
      !double.requests().contains { ($0["path"] as? String)?.contains("submissions") == true },
      "nothing was uploaded")
  }
}
