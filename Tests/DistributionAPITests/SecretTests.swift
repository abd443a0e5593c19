import Distribution
import Foundation
import Testing

/// A ``Secret`` shows `******` wherever a program could print it.
@Suite struct SecretTests {
  static let value = "hunter2-p12-password"

  @Test func everyWayOfPrintingShowsStars() {
    let secret = Secret(Self.value)
    var dumped = ""
    dump(secret, to: &dumped)
    var dumpedIdentity = ""
    dump(SigningIdentity.p12(path: "id.p12", password: secret), to: &dumpedIdentity)
    let printed = [
      "\(secret)", secret.description, secret.debugDescription, String(describing: secret),
      String(reflecting: secret), dumped, dumpedIdentity,
      "\(SigningIdentity.p12(path: "id.p12", password: secret))",
      String(reflecting: NotaryCredentials.appleID(appleID: "a", teamID: "T", password: secret)),
    ]
    for text in printed {
      #expect(!text.contains(Self.value), "\(text)")
      #expect(text.contains("******"), "\(text)")
    }
    #expect(Mirror(reflecting: secret).children.isEmpty)
  }

  @Test func equalValuesAreEqualSecrets() {
    #expect(Secret(Self.value) == Secret(Self.value))
    #expect(Secret(Self.value) != Secret("other"))
  }
}
