import CodeSigning
import Foundation
import ShipyardTestSupport
import Testing

/// `app verify` on real code nobody here built: Developer ID signatures made by Apple's
/// `codesign` (BER) and by other signers (DER) are valid with Apple's built-in roots, today and
/// two years ahead; ad hoc, linker-signed and unsigned code get the notary's issues and no others.
@Suite(.enabled(if: RealCode.shouldRun, RealCode.requirement))
struct RealCodeVerificationTests {
  /// The item of a check that the corpus describes: the bundle's main executable, or the file.
  static func mainItem(_ check: AppSignatureCheck, _ id: String) throws -> AppSignatureCheck.Item {
    let path = RealCode.specimen(id).machO.path
    return try #require(check.items.first { path.hasSuffix("/" + $0.path) || path == $0.path })
  }

  /// `flags` as the corpus writes them: `0x10000`.
  static func hex(_ flags: UInt32?) -> String? { flags.map { "0x" + String($0, radix: 16) } }

  @Test(arguments: RealCode.developerID)
  func developerIDCodeIsValidWithApplesRoots(_ id: String) throws {
    let check = try AppSignatureCheck(url: try RealCode.url(id), policy: TrustPolicy())
    #expect(check.problems.isEmpty, "\(check.problems)")
    #expect(check.notaryIssues.isEmpty, "\(check.notaryIssues)")
    #expect(check.isValid)
    // What Shipyard reads is what the independent tools read.
    let item = try Self.mainItem(check, id)
    let facts = RealCode.specimen(id).machO
    #expect(item.slices.map(\.architecture) == facts.slices.map(\.arch))
    for (slice, fact) in zip(item.slices, facts.slices) {
      let signature = try #require(fact.signature)
      #expect(slice.identifier == signature.identifier)
      #expect(slice.team == signature.teamId && slice.team != nil)
      #expect(Self.hex(slice.flags) == signature.flags)
      #expect(slice.isTimestamped && signature.hasTimestamp)
      #expect(slice.anchor?.contains("CN=Apple Root CA") == true, "\(slice)")
      #expect(slice.timestamp?.hasSuffix("(the token's time)") == true)
    }
  }

  /// The CMS of Apple's `codesign` is BER, the others' DER; both read as the same kind of
  /// signature: the leaf first, its chain, the signed attributes.
  @Test(arguments: [("cmake", true), ("mitmproxy-redirector-app", true), ("deno", false)])
  func cmsSignaturesOfBothEncodingsRead(_ id: String, isBER: Bool) throws {
    let url = try RealCode.url(id)
    let layout = try BundleLayout(scanning: url)
    let file = try #require(layout.bundles.first?.mainExecutable.url ?? layout.looseCode.first?.url)
    let macho = try MachOFile(bytes: Array(try Data(contentsOf: file)), path: id)
    for slice in macho.slices {
      let command = try #require(slice.macho.codeSignature)
      let signature = try MachOSignatureReader.superblob(slice.macho, command)
      let blob = try #require(signature[.signature])
      let encoded = Array(blob.dropFirst(8))
      #expect(encoded.starts(with: [0x30, 0x80]) == isBER)
      let cms = try CMSSignature(encoded: encoded)
      #expect(cms.certificates.count == 3 && cms.isTimestamped)
      #expect(cms.certificates.first?.subject.contains("CN=Developer ID Application: ") == true)
      #expect(cms.messageDigest?.count == 32 && cms.signingTime != nil)
      #expect(cms.certificatesVerify() == true)
    }
  }

  /// The Developer ID intermediates a signer completes a chain with (a `.p12` holding its
  /// certificate alone) are byte for byte those Apple's codesign and other signers embed in real
  /// code: G1 and G2 both.
  @Test func theBundledDeveloperIDIntermediatesAreThoseRealSignaturesCarry() throws {
    var carried: Set<[UInt8]> = []
    for id in RealCode.developerID {
      let layout = try BundleLayout(scanning: try RealCode.url(id))
      let files = layout.bundles.map(\.mainExecutable.url) + layout.looseCode.map(\.url)
      for file in files {
        let macho = try MachOFile(bytes: Array(try Data(contentsOf: file)), path: id)
        for slice in macho.slices {
          guard let command = slice.macho.codeSignature,
            let blob = try MachOSignatureReader.superblob(slice.macho, command)[.signature],
            blob.count > 8
          else { continue }
          let cms = try CMSSignature(encoded: Array(blob.dropFirst(8)))
          for (certificate, der) in zip(cms.certificates, cms.certificatesDER)
          where certificate.subject.contains("CN=Developer ID Certification Authority") {
            carried.insert(der)
          }
        }
      }
    }
    #expect(carried == Set(AppleIntermediateCertificates.all), "\(carried.count) carried")
  }

  /// The notary's issues follow from what the independent tools read of each slice: unsigned,
  /// ad hoc or linker-signed (not Developer ID, no timestamp), an executable without the
  /// hardened runtime; nothing else, and no problem in a signature that holds.
  @Test(arguments: ["sdl2-framework", "ninja", "markupsafe-arm64", "markupsafe-x86_64"])
  func codeNotSignedForDistributionGetsTheNotarysIssuesOnly(_ id: String) throws {
    let check = try AppSignatureCheck(url: try RealCode.url(id), policy: TrustPolicy())
    let item = try Self.mainItem(check, id)
    let facts = RealCode.specimen(id).machO
    var expected: [String] = []
    for fact in facts.slices {
      var messages =
        fact.signed
        ? [NotaryPreflight.Message.notDeveloperID, NotaryPreflight.Message.noTimestamp]
        : [NotaryPreflight.Message.unsigned, NotaryPreflight.Message.noTimestamp]
      if fact.filetype == "MH_EXECUTE" {
        messages.append(NotaryPreflight.Message.noHardenedRuntime)
      }
      expected += messages.map { "\(fact.arch): \($0)" }
    }
    #expect(
      check.notaryIssues.filter { $0.path == item.path }.map { "\($0.architecture): \($0.message)" }
        == expected)
    // An unsigned slice is a problem; an ad hoc or linker signature that holds is none.
    let unsigned = facts.slices.filter { !$0.signed }.map(\.arch)
    #expect(Set(check.problems.compactMap(\.architecture)) == Set(unsigned), "\(check.problems)")
    for (slice, fact) in zip(item.slices, facts.slices) where fact.signed {
      #expect(slice.identifier == fact.signature?.identifier)
      #expect(Self.hex(slice.flags) == fact.signature?.flags)
    }
  }

  /// pypylon's wheel holds its framework changed after Apple's codesign sealed it: the links at
  /// its root became copies (codesign: "unsealed contents present in the root directory"), which
  /// is refused by name, while every Mach-O file inside, Developer ID-signed, still verifies
  /// (one tool lacks the hardened runtime, which the notary would refuse).
  @Test func aFrameworkChangedAfterSigningIsRefusedAndItsCodeVerifies() throws {
    let framework = try RealCode.url("pylon-framework")
    let check = try AppSignatureCheck(url: framework, policy: TrustPolicy())
    #expect(!check.isValid && check.items.isEmpty)
    #expect(
      check.problems.map(\.detail) == [
        "pylon.framework/pylon is a real file or folder at a framework's root (codesign: "
          + "\"unsealed contents present in the root directory of an embedded framework\"): move "
          + "it into Versions/A and link it from the root"
      ])
    let version = framework.appendingPathComponent("Versions/A")
    let files = try FileManager.default.subpathsOfDirectory(atPath: version.path)
      .map { version.appendingPathComponent($0) }
      .filter { (try? MachOFileDetection.isMachO(at: $0.path)) == true }
    #expect(files.count > 20)
    for file in files {
      let code = try AppSignatureCheck(url: file, policy: TrustPolicy())
      #expect(code.problems.isEmpty, "\(file.path)")
      #expect(code.items.first?.team == "89XNTJXPQ7")
      // Basler's one tool was signed without the hardened runtime (flags 0x0, as the corpus
      // reads them): the notary would refuse it, and says so for each slice.
      let isTool = file.lastPathComponent == "pylongigeconnectionguard"
      #expect(
        code.notaryIssues.map(\.message)
          == (isTool ? Array(repeating: NotaryPreflight.Message.noHardenedRuntime, count: 2) : []),
        "\(file.path)")
    }
  }
}
