import Foundation
import ShipyardTestSupport
import Testing

@testable import ShipyardCLI

/// A configuration file that is not JSON is named with the line and column where it goes wrong,
/// never with Foundation's bare "The data is not in the correct format".
@Suite struct ConfigSyntaxErrorTests {
  @Test func aBrokenConfigurationNamesItsLineAndColumn() async throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let file = try folder.write(
      Array("{\n  \"title\": \"x\",\n  \"icon-size\": 80,,\n}\n".utf8), to: "bad.json")
    let console = CapturingConsole()
    #expect(await console.run(["dmg", "build", "--config", file.path]) == 64)
    #expect(
      console.errors.contains(
        "the configuration \(file.path) is not valid JSON at line 3, column 19: Invalid value"),
      "\(console.errors)")
    #expect(!console.errors.contains("correct format"))
  }

  @Test func aLineAndColumnGivenByFoundationAreKept() {
    let error = NSError(
      domain: NSCocoaErrorDomain, code: 3840,
      userInfo: [NSDebugDescriptionErrorKey: "Unexpected character ',' around line 4, column 7."])
    let place = JSONSyntaxError(error, in: Data())
    #expect(place?.description == "line 4, column 7: Unexpected character ','")
  }
}
