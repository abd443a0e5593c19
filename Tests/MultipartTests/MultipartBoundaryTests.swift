import Multipart
import Testing

@Suite struct MultipartBoundaryTests {
  @Test func randomBoundariesAreLongDistinctAndValid() throws {
    let boundaries = (0..<1000).map { _ in MultipartBoundary.random() }
    #expect(Set(boundaries).count == 1000)
    for boundary in boundaries {
      #expect(boundary.value.hasPrefix("----ShipyardBoundary"))
      #expect(boundary.value.count == 44)
      #expect(try MultipartBoundary(boundary.value) == boundary)
    }
  }

  @Test(arguments: [
    "a", "simple-boundary", "with space inside", "'()+_,-./:=?", String(repeating: "x", count: 70),
  ])
  func acceptsRFC2046Boundaries(value: String) throws {
    #expect(try MultipartBoundary(value).value == value)
  }

  @Test(arguments: [
    ("", "it is empty"),
    (String(repeating: "x", count: 71), "71 bytes"),
    ("ends with space ", "ends with a space"),
    ("semi;colon", "character 5 (\";\")"),
    ("quote\"", "character 6"),
    ("new\nline", "character 4 (\"\\n\")"),
    ("ünï", "non-ASCII"),
  ])
  func rejectsInvalidBoundariesNamingTheProblem(value: String, message: String) throws {
    let error = try #require(throws: MultipartEncodingError.self) { try MultipartBoundary(value) }
    #expect(error.code == .invalidBoundary)
    #expect(error.description.contains(message), "\(error.description)")
  }

  @Test func quotesBoundariesThatAreNotTokens() throws {
    var form = MultipartFormData(boundary: try MultipartBoundary("a b:c"))
    form.addString("x", forField: "y")
    #expect(form.contentType == "multipart/form-data; boundary=\"a b:c\"")
    #expect(
      MultipartFormData(boundary: try MultipartBoundary("abc")).contentType
        == "multipart/form-data; boundary=abc")
  }
}
