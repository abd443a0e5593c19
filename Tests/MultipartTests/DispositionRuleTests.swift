import Multipart
import Testing

/// RFC 7578 §4.2's rule, each part `Content-Disposition: form-data` with a `name`: each way of
/// breaking it is its own error at its own offset in every chunking, and the lenient option
/// keeps parsing such bodies.
@Suite struct DispositionRuleTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let body: String
    let code: MultipartParseError.Code
    let offset: Int64
    /// What the lenient parser reads as the parts' names.
    let lenientNames: [String?]
    var testDescription: String { "\(code) at \(offset)" }
  }

  static let good = "--b\r\nContent-Disposition: form-data; name=\"ok\"\r\n\r\nfine\r\n"

  static let cases = [
    Case(
      body: "--b\r\nContent-Type: text/plain\r\n\r\nx\r\n--b--",
      code: .missingContentDisposition, offset: 5, lenientNames: [nil]),
    Case(
      body: "--b\r\n\r\nno headers at all\r\n--b--",
      code: .missingContentDisposition, offset: 5, lenientNames: [nil]),
    Case(
      body: "--b\r\nX-A: 1\r\ncontent-disposition: attachment; name=\"a\"\r\n\r\nx\r\n--b--",
      code: .dispositionNotFormData, offset: 13, lenientNames: ["a"]),
    Case(
      body: "--b\r\nContent-Disposition: inline\r\n\r\nx\r\n--b--",
      code: .dispositionNotFormData, offset: 5, lenientNames: [nil]),
    Case(
      body: "--b\r\nContent-Disposition: form-data; name\r\n\r\nx\r\n--b--",
      code: .malformedDisposition, offset: 5, lenientNames: [nil]),
    Case(
      body: "--b\r\nContent-Disposition: form-data; name=\"open\r\n\r\nx\r\n--b--",
      code: .malformedDisposition, offset: 5, lenientNames: ["open"]),
    Case(
      body: "--b\r\nContent-Disposition: form-data; name=\"a\"junk\r\n\r\nx\r\n--b--",
      code: .malformedDisposition, offset: 5, lenientNames: ["a"]),
    Case(
      body: "--b\r\nContent-Disposition: form-data; =x; name=a\r\n\r\nx\r\n--b--",
      code: .malformedDisposition, offset: 5, lenientNames: ["a"]),
    Case(
      body: "--b\r\nContent-Disposition: form-data; filename=\"f.txt\"\r\n\r\nx\r\n--b--",
      code: .missingName, offset: 5, lenientNames: [nil]),
    Case(
      body: "--b\r\nContent-Disposition: form-data\r\n\r\nx\r\n--b--",
      code: .missingName, offset: 5, lenientNames: [nil]),
    // The second part breaks the rule: the offset is in it, after the first part's bytes.
    Case(
      body: good + "--b\r\nContent-Disposition: form-data; name*=UTF-8''x\r\n\r\nx\r\n--b--",
      code: .missingName, offset: Int64(good.utf8.count + 5), lenientNames: ["ok", nil]),
  ]

  @Test(arguments: MultipartParserTests.chunkings)
  func eachBreakIsItsOwnErrorAndOffset(chunks: [Int]) throws {
    for rule in Self.cases {
      let body = Array(rule.body.utf8)
      #expect("\(rule.testDescription)") {
        _ = try MultipartParserTests.parse(body, boundary: "b", chunks: chunks)
      } throws: { error in
        let error = error as? MultipartParseError
        return error?.code == rule.code && error?.offset == rule.offset
      }
    }
  }

  @Test(arguments: MultipartParserTests.chunkings)
  func theLenientOptionKeepsSuchParts(chunks: [Int]) throws {
    for rule in Self.cases {
      let parts = try MultipartParserTests.parse(
        Array(rule.body.utf8), boundary: "b", chunks: chunks, requiresFormData: false)
      #expect(parts.map(\.name) == rule.lenientNames, "\(rule.testDescription)")
    }
  }

  @Test func theMessagesNameThePartAndTheProblem() throws {
    let messages = Self.cases.map { rule in
      do {
        _ = try MultipartParserTests.parse(Array(rule.body.utf8), boundary: "b", chunks: [.max])
        return ""
      } catch {
        return "\(error)"
      }
    }
    #expect(
      messages.prefix(9) == [
        "part 1 has no Content-Disposition header (form-data parts need one) (at byte 5)",
        "part 1 has no Content-Disposition header (form-data parts need one) (at byte 5)",
        "part 1's Content-Disposition is \"attachment\", not form-data (at byte 13)",
        "part 1's Content-Disposition is \"inline\", not form-data (at byte 5)",
        "part 1's Content-Disposition \"form-data; name\" is malformed: the parameter \"name\" has no \"=\" (at byte 5)",
        "part 1's Content-Disposition \"form-data; name=\\\"open\" is malformed: the quoted value of \"name\" has no closing quote (at byte 5)",
        "part 1's Content-Disposition \"form-data; name=\\\"a\\\"junk\" is malformed: \"junk\" follows the quoted value of \"name\" (at byte 5)",
        "part 1's Content-Disposition \"form-data; =x; name=a\" is malformed: the parameter \"=\" has no name (at byte 5)",
        "part 1's Content-Disposition has no name parameter (form-data parts need one) (at byte 5)",
      ])
  }
}
