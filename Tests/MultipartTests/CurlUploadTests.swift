#if canImport(CCurlTransfer)
import CCurlTransfer
import Foundation
import FoundationNetworking
import Multipart
@testable import MultipartUpload
import Testing

/// The pure parts of the Linux libcurl upload: the header lines it sends, the response head it
/// gathers, and the errors it gives.
struct CurlUploadTests {
  private func upload(_ request: URLRequest, additional: [String: String] = [:]) -> CurlUpload {
    let configuration = URLSessionConfiguration.default
    configuration.httpAdditionalHeaders = additional
    return CurlUpload(request: request, form: MultipartFormData(), configuration: configuration)
  }

  @Test func theRequestsHeadersWinOverTheConfigurationsAndExpectIsDropped() throws {
    var request = URLRequest(url: try #require(URL(string: "http://127.0.0.1/")))
    request.setValue("form", forHTTPHeaderField: "Content-Type")
    request.setValue("request", forHTTPHeaderField: "x-trace")
    request.setValue("", forHTTPHeaderField: "X-Empty")
    let lines = upload(request, additional: ["X-Trace": "session", "X-Other": "1"]).headerLines
    #expect(lines.contains { $0.lowercased() == "x-trace: request" })
    #expect(!lines.contains { $0.lowercased().hasPrefix("x-trace: session") })
    #expect(lines.contains("X-Other: 1"))
    #expect(lines.contains("X-Empty;"))
    #expect(lines.contains("Expect:"))
    #expect(lines.contains { $0.hasPrefix("User-Agent: ") && $0.contains("libcurl/") })
  }

  @Test func aUserAgentOrExpectGivenIsKept() throws {
    var request = URLRequest(url: try #require(URL(string: "http://127.0.0.1/")))
    request.setValue("Mine/1", forHTTPHeaderField: "User-Agent")
    request.setValue("100-continue", forHTTPHeaderField: "Expect")
    let lines = upload(request).headerLines
    #expect(lines.filter { $0.lowercased().hasPrefix("user-agent") } == ["User-Agent: Mine/1"])
    #expect(lines.filter { $0.lowercased().hasPrefix("expect") } == ["Expect: 100-continue"])
  }

  /// A proxy's `CONNECT` answer and an interim `100 Continue` are replaced by the final head;
  /// fields repeated in any case are joined; trailers after the body are left out.
  @Test func theFinalResponsesHeadIsKept() throws {
    var head = CurlResponseHead()
    let lines = [
      "HTTP/1.1 200 Connection established\r\n", "Proxy-Agent: test\r\n", "\r\n",
      "HTTP/1.1 100 Continue\r\n", "X-Interim: yes\r\n", "\r\n",
      "HTTP/1.1 201 Created\r\n", "Content-Type: application/json\r\n", "Vary: a\r\n",
      "vary:  b \r\n", "\r\n", "X-Checksum: trailer\r\n", "\r\n",
    ]
    for line in lines { Array(line.utf8).withUnsafeBytes { head.take($0) } }
    let url = try #require(URL(string: "http://127.0.0.1/upload"))
    let response = try head.response(for: url, statusCode: 201)
    #expect(response.statusCode == 201)
    #expect(response.value(forHTTPHeaderField: "Content-Type") == "application/json")
    #expect(response.value(forHTTPHeaderField: "Vary") == "a, b")
    #expect(response.value(forHTTPHeaderField: "X-Interim") == nil)
    #expect(response.value(forHTTPHeaderField: "Proxy-Agent") == nil)
    #expect(response.value(forHTTPHeaderField: "X-Checksum") == nil)
    #expect(head.httpVersion == "HTTP/1.1")
    var second = CurlResponseHead()
    for line in ["HTTP/2 200\r\n", "content-type: text/plain\r\n", "\r\n"] {
      Array(line.utf8).withUnsafeBytes { second.take($0) }
    }
    #expect(second.httpVersion == "HTTP/2")
    #expect(second.fields == ["content-type": "text/plain"])
    #expect(throws: MultipartUploadError.notHTTPResponse) {
      try CurlResponseHead().response(for: url, statusCode: 0)
    }
  }

  @Test func libcurlsCodesBecomeURLSessionsErrorsInLibcurlsWords() throws {
    let url = try #require(URL(string: "http://127.0.0.1:9/"))
    let error = CurlUpload.error(for: CURLE_COULDNT_CONNECT, detail: "Failed to connect", url: url)
    #expect(error.code == .cannotConnectToHost)
    #expect(error.localizedDescription == "Failed to connect")
    #expect(error.failingURL == url)
    #expect(CurlUpload.error(for: CURLE_OPERATION_TIMEDOUT, detail: "", url: nil).code == .timedOut)
    let lost = CurlUpload.error(for: CURLE_SEND_ERROR, detail: "", url: nil)
    #expect(lost.code == .networkConnectionLost)
  }

  /// libcurl's read and seek callbacks through their context pointer: the body read, rewound to
  /// its start (as libcurl asks before sending the request anew), reads again the same; any other
  /// offset cannot be sought.
  @Test func aRewoundBodyReadsAgainFromItsStart() throws {
    var form = MultipartFormData(boundary: try MultipartBoundary("rewind"))
    form.addString(String(repeating: "x", count: 100), forField: "text")
    let request = URLRequest(url: try #require(URL(string: "http://127.0.0.1/")))
    let transfer = CurlTransfer(
      upload: CurlUpload(request: request, form: form, configuration: .default), progress: nil)
    transfer.reader = try MultipartBodyReader(form)
    let context = Unmanaged.passUnretained(transfer).toOpaque()
    func read(_ count: Int) -> [UInt8] {
      var buffer = [CChar](repeating: 0, count: count)
      let got = buffer.withUnsafeMutableBufferPointer {
        CurlTransfer.readBody($0.baseAddress, 1, count, context)
      }
      return buffer.prefix(got).map { UInt8(bitPattern: $0) }
    }
    let first = read(64)
    #expect(first.count == 64)
    #expect(CurlTransfer.rewindBody(context, 0, SEEK_SET) == CURL_SEEKFUNC_OK)
    #expect(read(64) == first)
    #expect(read(4096).count == Int(form.contentLength) - 64)
    #expect(CurlTransfer.rewindBody(context, 10, SEEK_SET) == CURL_SEEKFUNC_CANTSEEK)
  }

  @Test func onlyHTTPURLsTakeAnUpload() async throws {
    let request = URLRequest(url: try #require(URL(string: "ftp://127.0.0.1/upload")))
    let error = await #expect(throws: URLError.self) {
      _ = try await upload(request).send(progress: nil)
    }
    #expect(error?.code == .unsupportedURL)
  }
}
#endif
