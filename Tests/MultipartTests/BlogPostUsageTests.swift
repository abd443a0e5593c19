import Foundation
import Multipart
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The usage from the classic blog post, exactly as written there.
@Suite struct BlogPostUsageTests {
  @Test func compilesAndRunsUnchanged() throws {
    let jpegData = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0xFF, 0xD9])
    var request = URLRequest(url: try #require(URL(string: "https://example.com/upload")))

    var formData = MultipartFormData()
    formData.addString("Istanbul", forField: "location")
    formData.addFile(
      named: "avatar.jpg", data: jpegData, mimeType: "image/jpeg", forField: "avatar")
    request.setValue(formData.contentType, forHTTPHeaderField: "Content-Type")
    request.httpBody = formData.makeBody()

    let boundary = formData.boundary.value
    #expect(
      request.value(forHTTPHeaderField: "Content-Type")
        == "multipart/form-data; boundary=\(boundary)")
    var expected = Data(
      "--\(boundary)\r\nContent-Disposition: form-data; name=\"location\"\r\n\r\nIstanbul\r\n".utf8)
    expected += Data(
      "--\(boundary)\r\nContent-Disposition: form-data; name=\"avatar\"; filename=\"avatar.jpg\"\r\n"
        .utf8)
    expected += Data("Content-Type: image/jpeg\r\n\r\n".utf8) + jpegData
    expected += Data("\r\n--\(boundary)--\r\n".utf8)
    #expect(request.httpBody == expected)
    #expect(Int64(expected.count) == formData.contentLength)
  }
}
