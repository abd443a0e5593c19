import Foundation
import Testing

@testable import MultipartUpload

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Which redirects an upload follows with its form, and what the request keeps.
@Suite struct UploadRedirectionTests {
  private static func request(_ url: String) throws -> URLRequest {
    var request = URLRequest(url: try #require(URL(string: url)))
    request.httpMethod = "PUT"
    request.setValue("Bearer secret", forHTTPHeaderField: "Authorization")
    request.setValue("session=1", forHTTPHeaderField: "Cookie")
    request.setValue("multipart/form-data; boundary=b", forHTTPHeaderField: "Content-Type")
    return request
  }

  private static func response(_ status: Int, to url: String, location: String?) throws
    -> HTTPURLResponse
  {
    let url = try #require(URL(string: url))
    return try #require(
      HTTPURLResponse(
        url: url, statusCode: status, httpVersion: "HTTP/1.1",
        headerFields: location.map { ["Location": $0] } ?? [:]))
  }

  @Test(arguments: [307, 308])
  func aKeepingRedirectSendsTheSameRequestThere(status: Int) throws {
    let request = try Self.request("https://example.com/upload/v1")
    let response = try Self.response(status, to: "https://example.com/upload/v1", location: "v2")
    let next = try #require(MultipartUploader.redirection(of: request, by: response))
    #expect(next.url?.absoluteString == "https://example.com/upload/v2")
    #expect(next.httpMethod == "PUT")
    #expect(next.value(forHTTPHeaderField: "Authorization") == "Bearer secret")
    #expect(next.value(forHTTPHeaderField: "Content-Type") == "multipart/form-data; boundary=b")
  }

  @Test(arguments: [300, 301, 302, 303, 304, 200, 500])
  func noOtherAnswerIsFollowed(status: Int) throws {
    let request = try Self.request("https://example.com/upload")
    let response = try Self.response(status, to: "https://example.com/upload", location: "/new")
    #expect(MultipartUploader.redirection(of: request, by: response) == nil)
  }

  @Test func anotherHostGetsNeitherCredentialsNorCookies() throws {
    let request = try Self.request("https://example.com/upload")
    let response = try Self.response(
      307, to: "https://example.com/upload", location: "https://uploads.example.net/in")
    let next = try #require(MultipartUploader.redirection(of: request, by: response))
    #expect(next.url?.host == "uploads.example.net")
    #expect(next.value(forHTTPHeaderField: "Authorization") == nil)
    #expect(next.value(forHTTPHeaderField: "Cookie") == nil)
  }

  @Test func aRedirectWithoutLocationOrToAnotherSchemeIsNotFollowed() throws {
    let request = try Self.request("https://example.com/upload")
    for location in [nil, "ftp://example.com/in", "file:///etc/passwd"] {
      let response = try Self.response(307, to: "https://example.com/upload", location: location)
      #expect(MultipartUploader.redirection(of: request, by: response) == nil)
    }
  }
}
