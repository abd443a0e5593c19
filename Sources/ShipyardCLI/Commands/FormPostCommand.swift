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
    A progress bar (bytes, rate, time left) is drawn on standard error when it is a terminal and
    the body is 1 MiB or more; elsewhere, as in a CI log, a line every few seconds once the upload
    has run for two.
    No redirect is followed unless -L, and then only a 307 or 308, which keep the form. Exits 22,
    as curl --fail does, when the answer is not a success (2xx): an HTTP error, or a redirect, named
    with its Location. The folder of -o is made, and checked, before anything is sent.
    With --retry, only failures that leave the form unread are retried: never after a success or
    another error, nor after a 500, 502, 504 or a timeout (the form may have arrived). Each retry
    is one line on standard error. -u's password is read from the environment and never printed.

    \(table.help)

    EXAMPLES:
      shipyard form post https://example.com/upload \\
        -F title=Hello -F file=@build.zip
      shipyard form post http://127.0.0.1:8080/ \\
        -F 'meta=<meta.json;type=application/json'
    """

  /// The form options (a field needed), then the request's.
  static let table = OptionTable<Arguments>(
    command: path,
    [("OPTIONS", FormArguments.options.map { $0.lifted(\.form) } + Arguments.options)]
  ).taking("<url>").requiring(oneOf: FormArguments.fieldFlags)

  let url: URL
  let form: FormOptions
  /// The request's options as parsed: headers, method, output, limits, redirects.
  let arguments: Arguments
  /// The `Authorization` header of `-u`, with the password from the environment.
  let authorization: String?

  init(arguments: [String], environment: [String: String]) throws(CommandError) {
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
    authorization = try Self.basicAuthorization(parsed, environment: environment)
    self.arguments = parsed
  }

  func run(console: Console) async throws(CommandError) {
    if let output = arguments.output {
      try OutputLocation.prepare(output, for: "the response", replacing: arguments.replacesOutput)
    }
    let trusted = try trustedCertificates()
    let body = try form.makeForm()
    let request = makeRequest()
    let progress = ProgressReporter(
      "uploading", style: progressStyle(on: console, bytes: body.contentLength), console: console)
    let maxTime = arguments.maxTime
    // Like curl -F, an exact Content-Length (on Linux through libcurl directly).
    let uploader = MultipartUploader(
      configuration: {
        let configuration = URLSessionConfiguration.default
        if let maxTime {
          configuration.timeoutIntervalForResource = maxTime
          configuration.timeoutIntervalForRequest = maxTime
        }
        return configuration
      },
      options: MultipartUploadOptions(
        redirectLimit: arguments.followsRedirects ? Arguments.redirectLimit : 0,
        trustedCertificates: trusted, retry: retryPolicy(progress: progress))
    )
    let reply: Data
    let response: HTTPURLResponse
    do {
      (reply, response) = try await uploader.upload(body, with: request) {
        progress.update(done: $0.bytesSent, total: body.contentLength)
      }
    } catch {
      throw .failure("upload to \(url.absoluteString) failed: \(Self.describe(error))")
    }
    progress.finish()
    let status = HTTPStatus.line(for: response.statusCode)
    console.printError(status)
    try writeReply(reply, console: console)
    guard !(200..<300).contains(response.statusCode) else { return }
    let problem = Self.problem(
      with: response, status: status, followsRedirects: arguments.followsRedirects)
    if arguments.failsOnHTTPError { throw .httpError(problem) }
    console.printError("warning: \(problem)")
  }

  /// How the upload's progress shows: `--progress` draws the bar anywhere, `--no-progress`
  /// nothing; else a terminal shows the bar for a body of 1 MiB or more, and a log a line every
  /// few seconds.
  func progressStyle(on console: Console, bytes: Int64) -> ProgressStyle {
    switch arguments.progress {
    case true?: .bar
    case false?: .silent
    case nil: console.errorIsTerminal ? (bytes >= 1 << 20 ? .bar : .silent) : .lines
    }
  }

  /// What a `response` that is not a success means for the upload.
  static func problem(with response: HTTPURLResponse, status: String, followsRedirects: Bool)
    -> String
  {
    guard (300..<400).contains(response.statusCode) else { return "the server answered \(status)" }
    guard let location = response.value(forHTTPHeaderField: "Location") else {
      return "the server answered \(status) with no Location: the form was not uploaded"
    }
    let target = URL(string: location, relativeTo: response.url)?.absoluteString ?? location
    switch (response.statusCode, followsRedirects) {
    case (307, true), (308, true):
      return "the server still redirects to \(target) (\(status)) after "
        + "\(Arguments.redirectLimit) redirects: the form was not uploaded"
    case (307, false), (308, false):
      return "the server redirects to \(target) (\(status)): the form was not uploaded; add -L "
        + "to send it there"
    case (301, _), (302, _), (303, _):
      return "the server redirects to \(target) (\(status)), which would send the form again as "
        + "a GET without its body: the form was not uploaded; post to \(target) instead"
    default:
      return "the server answered \(status) (Location: \(target)): the form was not uploaded"
    }
  }

  private func writeReply(_ reply: Data, console: Console) throws(CommandError) {
    do {
      if let output = arguments.output {
        try reply.write(to: URL(fileURLWithPath: output), options: .atomic)
      } else {
        try reply.withUnsafeBytes { try console.writeOutput($0) }
      }
    } catch {
      throw .failure(
        "cannot write the response to \(arguments.output ?? "standard output"): "
          + FileErrorWords.reason(error))
    }
  }

  private static func describe(_ error: any Error) -> String {
    if let error = error as? MultipartEncodingError { return error.description }
    if let error = error as? URLError { return error.localizedDescription }
    return "\(error)"
  }
}
