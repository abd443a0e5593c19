import Testing

@testable import ShipyardCLI

@Suite struct FormFieldSpecificationTests {
  typealias Spec = FormFieldSpecification

  @Test func parsesTheThreeContentKinds() throws {
    #expect(try Spec(parsing: "name=value").content == .text("value"))
    #expect(try Spec(parsing: "photo=@cat.jpg").content == .file(path: "cat.jpg"))
    #expect(try Spec(parsing: "notes=<notes.txt").content == .textFile(path: "notes.txt"))
    #expect(try Spec(parsing: "empty=").content == .text(""))
    #expect(try Spec(parsing: "eq=a=b").content == .text("a=b"))
    #expect(try Spec(parsing: "=anonymous").name == "")
  }

  @Test func readsModifiersInAnyOrder() throws {
    let spec = try Spec(parsing: "doc=@notes.txt;type=text/markdown;filename=README.md")
    #expect(spec.content == .file(path: "notes.txt"))
    #expect(spec.contentType == "text/markdown")
    #expect(spec.filename == "README.md")
    let reversed = try Spec(parsing: "doc=@notes.txt; filename=README.md ; type=text/markdown")
    #expect(reversed.filename == "README.md" && reversed.contentType == "text/markdown")
  }

  @Test func keepsContentTypeParameters() throws {
    let spec = try Spec(parsing: "t=hello;type=text/plain; charset=utf-8;filename=x.txt")
    #expect(spec.contentType == "text/plain; charset=utf-8")
    #expect(spec.filename == "x.txt")
    #expect(spec.content == .text("hello"))
  }

  @Test func quotedWordsHoldSeparatorsAndEscapes() throws {
    #expect(try Spec(parsing: #"f=@"a;b,c.txt""#).content == .file(path: "a;b,c.txt"))
    #expect(
      try Spec(parsing: #"f=@x;filename="play, \"play\"; and \\ play.txt""#).filename
        == #"play, "play"; and \ play.txt"#)
    #expect(try Spec(parsing: #"v="quoted;value""#).content == .text("quoted;value"))
    #expect(try Spec(parsing: #"v="unterminated"#).content == .text(#""unterminated"#))
  }

  @Test func unquotedWordsLoseSurroundingSpaces() throws {
    #expect(
      try Spec(parsing: "f=@ spaced.txt ;type=text/plain").content == .file(path: "spaced.txt"))
  }

  @Test func readsHeaders() throws {
    let spec = try Spec(parsing: #"f=@a.bin;headers="X-One: 1";headers=@hdrs.txt"#)
    #expect(spec.headers == [.line("X-One: 1"), .file(path: "hdrs.txt")])
  }

  @Test func formStringTakesEverythingLiterally() throws {
    let spec = try Spec(parsing: "raw=@not-a-file;type=x/y", literal: true)
    #expect(spec.content == .text("@not-a-file;type=x/y"))
    #expect(spec.contentType == nil)
  }

  @Test(arguments: [
    ("novalue", "expected name=value"),
    ("f=@", "no file after @"),
    ("f=<", "no file after <"),
    ("f=@a,b", "several files in one -F"),
    ("t=x;type=nonsense", "not a MIME type"),
    ("t=x;bogus=1", "unknown modifier \"bogus=1\""),
    ("f=@a;encoder=base64", "encoder= (Content-Transfer-Encoding) is not supported"),
    ("f=<a.txt;filename=b", "filename= does not apply"),
  ])
  func rejectsBadSyntaxNamingTheProblem(argument: String, message: String) throws {
    let error = try #require(throws: FormFieldSyntaxError.self) { try Spec(parsing: argument) }
    #expect(error.description.contains(message), "\(error)")
    #expect(error.description.contains(argument.debugDescription))
  }
}
