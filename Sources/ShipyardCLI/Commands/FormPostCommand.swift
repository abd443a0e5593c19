import Foundation
import Multipart
import MultipartUpload

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `shipyard form post`: uploads a form and prints the reply.
struct FormPostCommand: ShipyardCommand {
  static let path = "form post"
  static let summary = "Upload a multipart/form-data form to a URL and print the reply."
  static let help = """
    OVERVIEW: \(summary)

    \(table.usage)

    The body is streamed with an exact Content-Length: large files are never read into memory.
    The HTTP status goes to standard error and the response body to standard output (or -o).
    A progress bar is drawn on standard error when it is a terminal and the body is 1 MiB or more.
    Exits 1 when the server answers with an HTTP error (4xx or 5xx).

    \(table.help)

    EXAMPLES:
      shipyard form post https://example.com/upload -F title=Hello -F file=@build.zip
      shipyard form post http://127.0.0.1:8080/ -F 'meta=<meta.json;type=application/json'
    """

  /// The form options (a field needed), then the request's.
  static let table = OptionTable<Arguments>(
    command: path,
    [("OPTIONS", FormArguments.options.map { $0.lifted(\.form) } + Arguments.options)]
  ).taking("<url>").requiring(oneOf: FormArguments.fieldFlags)

  let url: URL
  let form: FormOptions
  let headers: [(name: String, value: String)]
  let method: String
  let output: String?
  let maxTime: TimeInterval?
  let progress: Bool?

  init(arguments: [String], environment _: [String: String]) throws(CommandError) {
    var parsed = Arguments()
    let positionals = try Self.table.parse(arguments, into: &parsed)
    func usage(_ message: String) -> CommandError { .usage(message, command: Self.path) }
    guard positionals.count == 1 else {
      throw usage(
        positionals.isEmpty
          ? "missing <url>" : "expected one <url>, got \(positionals.count) arguments")
    }
    guard let url = URL(string: positionals[0]),
      ["http", "https"].contains(url.scheme?.lowercased()), url.host != nil
    else {
      throw usage("\(positionals[0].debugDescription) is not an http:// or https:// URL")
    }
    self.url = url
    form = try FormOptions(parsed.form, command: Self.path)
    headers = parsed.headers
    method = parsed.method
    output = parsed.output
    maxTime = parsed.maxTime
    progress = parsed.progress
  }

  func run(console: Console) async throws(CommandError) {
    let body = try form.makeForm()
    var request = URLRequest(url: url)
    request.httpMethod = method
    for header in headers { request.addValue(header.value, forHTTPHeaderField: header.name) }
    let showsProgress = progress ?? (console.errorIsTerminal && body.contentLength >= 1 << 20)
    let bar = showsProgress ? ProgressBar(console: console, totalBytes: body.contentLength) : nil
    let maxTime = maxTime
    // Like curl -F, an exact Content-Length (on Linux through libcurl directly).
    let uploader = MultipartUploader(
      configuration: {
        let configuration = URLSessionConfiguration.default
        if let maxTime {
          configuration.timeoutIntervalForResource = maxTime
          configuration.timeoutIntervalForRequest = maxTime
        }
        return configuration
      })
    let reply: Data
    let response: HTTPURLResponse
    do {
      (reply, response) = try await uploader.upload(body, with: request) {
        bar?.update(bytesSent: $0.bytesSent)
      }
    } catch {
      throw .failure("upload to \(url.absoluteString) failed: \(Self.describe(error))")
    }
    bar?.finish()
    let status = HTTPStatus.line(for: response.statusCode)
    console.printError(status)
    try writeReply(reply, console: console)
    if response.statusCode >= 400 { throw .failure("the server answered \(status)") }
  }

  private func writeReply(_ reply: Data, console: Console) throws(CommandError) {
    do {
      if let output {
        try reply.write(to: URL(fileURLWithPath: output), options: .atomic)
      } else {
        try reply.withUnsafeBytes { try console.writeOutput($0) }
      }
    } catch {
      throw .failure("cannot write the response: \(error.localizedDescription)")
    }
  }

  private static func describe(_ error: any Error) -> String {
    if let error = error as? MultipartEncodingError { return error.description }
    if let error = error as? URLError { return error.localizedDescription }
    return "\(error)"
  }
}
