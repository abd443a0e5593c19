import CodeSigning
import Testing

/// ``NotaryPreflight`` says what Apple's notary says, slice by slice, in Apple's words.
@Suite struct NotaryPreflightTests {
  static let good = NotaryPreflight.Slice(
    path: "Demo.dmg/Demo.app/Contents/MacOS/Demo", architecture: "arm64", isSigned: true,
    isStructurallyValid: true, isDeveloperID: true, isTimestamped: true, isExecutable: true,
    hasHardenedRuntime: true, requestsGetTaskAllow: false, sdkVersion: 0x000E_0000,
    isSHA1Only: false)

  static func messages(_ change: (inout NotaryPreflight.Slice) -> Void) -> [String] {
    var slice = good
    change(&slice)
    return NotaryPreflight.issues(of: slice).map(\.message)
  }

  @Test func aWellSignedSlicePasses() {
    #expect(NotaryPreflight.issues(of: Self.good).isEmpty)
  }

  @Test func eachShortcomingIsOneOfApplesMessages() {
    #expect(
      Self.messages { $0.isSigned = false } == [
        "The binary is not signed.", "The signature does not include a secure timestamp.",
        "The executable does not have the hardened runtime enabled.",
      ])
    #expect(
      Self.messages { $0.isDeveloperID = false } == [
        "The binary is not signed with a valid Developer ID certificate."
      ])
    #expect(
      Self.messages { $0.isTimestamped = false } == [
        "The signature does not include a secure timestamp."
      ])
    #expect(
      Self.messages { $0.hasHardenedRuntime = false } == [
        "The executable does not have the hardened runtime enabled."
      ])
    #expect(
      Self.messages { $0.requestsGetTaskAllow = true } == [
        "The executable requests the com.apple.security.get-task-allow entitlement."
      ])
    #expect(
      Self.messages { $0.sdkVersion = 0x000A_0800 } == [
        "The binary uses an SDK older than the 10.9 SDK."
      ])
    #expect(Self.messages { $0.sdkVersion = 0x000A_0900 }.isEmpty)
    #expect(Self.messages { $0.isSHA1Only = true } == ["The signature algorithm used is too weak."])
    #expect(
      Self.messages { $0.isStructurallyValid = false } == [
        "The signature of the binary is invalid."
      ])
  }

  @Test func librariesNeedNoHardenedRuntime() {
    #expect(
      Self.messages {
        $0.isExecutable = false
        $0.hasHardenedRuntime = false
      }.isEmpty)
  }

  @Test func issuesNameThePathAndTheArchitecture() {
    let issue = NotaryPreflight.issues(
      of: {
        var s = Self.good
        s.isTimestamped = false
        return s
      }())
    #expect(
      issue.map { "\($0.path) \($0.architecture)" } == [
        "Demo.dmg/Demo.app/Contents/MacOS/Demo arm64"
      ])
  }
}
