import Testing

@Suite struct HelpTests {
  @Test(arguments: [
    ["--help"], ["form", "--help"], ["form", "encode", "--help"], ["form", "post", "-h"],
  ])
  func helpGoesToStandardOutputAndSucceeds(arguments: [String]) async {
    let console = CapturingConsole()
    #expect(await console.run(arguments) == 0)
    #expect(console.outputText.hasPrefix("OVERVIEW: "))
    #expect(console.outputText.contains("USAGE: shipyard"))
    #expect(console.errors.isEmpty)
  }

  @Test func noArgumentsIsAUsageError() async {
    let console = CapturingConsole()
    #expect(await console.run([]) == 64)
    #expect(console.errors.contains("USAGE: shipyard"))
  }

  @Test func unknownCommandsAreUsageErrors() async {
    let console = CapturingConsole()
    #expect(await console.run(["frobnicate"]) == 64)
    #expect(console.errors.contains("unknown command \"frobnicate\"\nSee 'shipyard --help'."))
    #expect(await console.run(["form", "frobnicate"]) == 64)
    #expect(console.errors.contains("See 'shipyard form --help'."))
  }

  @Test func postValidatesItsURL() async {
    let console = CapturingConsole()
    #expect(await console.run(["form", "post", "ftp://example.com", "-F", "a=b"]) == 64)
    #expect(console.errors.contains("is not an http:// or https:// URL"))
  }
}
