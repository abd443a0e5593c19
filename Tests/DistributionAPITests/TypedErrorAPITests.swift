import Distribution
import Foundation
import Testing

/// The errors a program catches are typed: it branches on the case that names the problem, not on
/// a sentence.
@Suite struct TypedErrorAPITests {
  @Test func namesHFSPlusCannotTellApartAreATypedError() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let source = folder.path("Source")
    try FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: true)
    for name in ["Read Me.txt", "READ ME.txt"] {
      try Data("x".utf8).write(to: URL(fileURLWithPath: source + "/" + name))
    }
    let options = DMGBuildOptions(source: source, output: folder.path("Out.dmg"), threads: 1)

    do {
      _ = try await DMGBuilder(options: options).build()
      Issue.record("two names HFS+ sees as one were built")
    } catch let error as HFSPlusError {
      guard case .conflictingNames(_, let first, let second) = error else {
        Issue.record("unexpected case: \(error)")
        return
      }
      #expect(Set([first, second]) == ["Read Me.txt", "READ ME.txt"])
    }
    #expect(!FileManager.default.fileExists(atPath: folder.path("Out.dmg")))
  }

  @Test func aMissingIdentityFileIsATypedCauseOfTheReleaseError() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let release = DMGRelease(
      image: folder.path("Missing.dmg"), engine: NativeEngine.live(configuration: .apple))

    do {
      try await release.sign(
        identity: .p12(path: folder.path("Missing.p12"), password: Secret("x")))
      Issue.record("signed with an identity file that does not exist")
    } catch {
      #expect(error.step == .sign)
      guard case .unreadableIdentity(let path, _) = error.underlyingError as? CodeSigningError
      else {
        Issue.record("unexpected underlying error: \(String(describing: error.underlyingError))")
        return
      }
      #expect(path == folder.path("Missing.p12"))
    }
  }

  @Test func signatureFindingsNameTheirCheckAsACase() throws {
    let check = SignatureFinding.Check.codeDigest(hash: "sha256")
    #expect(check.description == "code digest (sha256)")
    let encoded = try JSONEncoder().encode([
      check, .specialSlot(number: 2, name: "requirements slot"),
    ])
    #expect(
      String(decoding: encoded, as: UTF8.self) == #"["code digest (sha256)","requirements slot"]"#)
  }
}
