import Digests
import Foundation
import ShipyardTestSupport
import Testing

/// `notary info|log|history` and the resumption of a submission found in the history, through
/// Apple's `notarytool` (`--engine apple`), against a fake `xcrun` that records its arguments.
@Suite struct AppleNotaryLookUpTests {
  static let id = "2efe2717-52ef-43a5-96dc-0797e4ca1041"
  static let profile = ["--engine", "apple", "--keychain-profile", "notary-ci"]

  /// Runs `shipyard` with the fakes first on PATH.
  func shipyard(_ tools: FakeToolbox, _ arguments: [String]) throws -> ProcessRunner.Output {
    try tools.shipyard(arguments)
  }

  /// A history of one submission named `name`, `status`.
  func history(_ name: String, _ status: String) -> String {
    "[{\"createdDate\":\"2026-11-30T05:00:00.000Z\",\"id\":\"\(Self.id)\",\"name\":\"\(name)\","
      + "\"status\":\"\(status)\"}]"
  }

  @Test func theLookUpsRunNotarytoolAndPrintItsAnswers() throws {
    let tools = try FakeToolbox()
    defer { tools.remove() }
    try tools.set("history", history("Hello.dmg", "Accepted"))
    try tools.set("in-progress-polls", "0")

    let info = try shipyard(tools, ["notary", "info", Self.id] + Self.profile)
    #expect(info.status == 0, "\(info.standardError)")
    #expect(
      String(decoding: info.standardOutput, as: UTF8.self)
        == "id: \(Self.id)\nname: Hello.dmg\ncreated: 2026-11-30T05:00:00.000Z\nstatus: Accepted\n")
    let history = try shipyard(tools, ["notary", "history", "--json"] + Self.profile)
    let entries =
      try JSONSerialization.jsonObject(with: history.standardOutput) as? [[String: String]]
    #expect(entries?.first?["id"] == Self.id && entries?.first?["name"] == "Hello.dmg")
    let log = try shipyard(tools, ["notary", "log", Self.id] + Self.profile)
    let text = String(decoding: log.standardOutput, as: UTF8.self)
    #expect(text.contains("status: Invalid") && text.contains("issues: 2"), "\(text)")
    #expect(
      text.contains(
        "  error: Hello.dmg/Hello.app/Contents/MacOS/Hello: The signature of the binary is invalid."
      ))
    let raw = try shipyard(tools, ["notary", "log", Self.id, "--json"] + Self.profile)
    let object = try JSONSerialization.jsonObject(with: raw.standardOutput) as? [String: Any]
    #expect(object?["statusSummary"] as? String == "Archive contains critical validation errors")

    let credentials = ["--output-format", "json", "--keychain-profile", "notary-ci"]
    #expect(
      tools.calls == [
        ["xcrun", "notarytool", "info", Self.id] + credentials,
        ["xcrun", "notarytool", "history"] + credentials,
        ["xcrun", "notarytool", "log", Self.id] + credentials,
        ["xcrun", "notarytool", "log", Self.id] + credentials,
      ])
    // rcodesign lists nothing: a clear error, not an empty list.
    let rcodesign = try shipyard(
      tools, ["notary", "history", "--engine", "rcodesign", "--key", tools.folder.path("key.json")])
    #expect(
      rcodesign.status == 1 && rcodesign.standardError.contains("use --engine native or apple"))
  }

  @Test func aFreshRunnerResumesTheNewestSubmissionOfTheSameNameAndBytes() throws {
    let tools = try FakeToolbox()
    defer { tools.remove() }
    try tools.set("history", history("Hello.dmg", "In Progress"))
    try tools.set("log-sha256", try FileDigest(ofFileAt: tools.image).hex)
    let run = try shipyard(tools, ["dmg", "notarize", tools.image] + Self.profile)
    #expect(run.status == 0, "\(run.standardError)")
    #expect(run.standardError.contains("resuming notarization submission \(Self.id) (the newest"))
    #expect(!tools.calls.contains { $0.starts(with: ["xcrun", "notarytool", "submit"]) })
    #expect(tools.calls.contains { $0.starts(with: ["xcrun", "notarytool", "log", Self.id]) })
  }

  @Test func aSubmissionOfOtherBytesInTheHistoryIsNotTakenForThisFile() throws {
    let tools = try FakeToolbox()
    defer { tools.remove() }
    // In Progress: resumed, then found to be other bytes once done, so the file goes up itself.
    try tools.set("history", history("Hello.dmg", "In Progress"))
    try tools.set("log-sha256", String(repeating: "0", count: 64))
    let run = try shipyard(tools, ["dmg", "notarize", tools.image] + Self.profile)
    #expect(run.status == 0, "\(run.standardError)")
    #expect(run.standardError.contains("submitted \(tools.image) for notarization"))
    #expect(tools.calls.filter { $0.starts(with: ["xcrun", "notarytool", "submit"]) }.count == 1)

    // Given by ID, other bytes are an error: their ticket would not staple.
    try FileManager.default.removeItem(atPath: tools.image + ".notarization.json")
    let given = try shipyard(
      tools, ["dmg", "notarize", tools.image, "--submission-id", Self.id] + Self.profile)
    #expect(given.status == 1)
    #expect(given.standardError.contains("its log names other bytes than \(tools.image)"))

    // Accepted and of other bytes: submitted at once, the history's entry left alone.
    try FileManager.default.removeItem(atPath: tools.image + ".notarization.json")
    try tools.set("history", history("Hello.dmg", "Accepted"))
    let again = try shipyard(tools, ["dmg", "notarize", tools.image] + Self.profile)
    #expect(again.status == 0, "\(again.standardError)")
    #expect(!again.standardError.contains("resuming"))
    #expect(tools.calls.filter { $0.starts(with: ["xcrun", "notarytool", "submit"]) }.count == 2)
  }
}
