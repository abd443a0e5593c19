import Foundation

extension FormPostCommand {
  /// What the flags of `form post` read.
  struct Arguments {
    /// The form options.
    var form = FormArguments()
    /// `-H`, in order.
    var headers: [(name: String, value: String)] = []
    /// `-X`.
    var method = "POST"
    /// `-o`.
    var output: String?
    /// `--max-time`, in seconds.
    var maxTime: TimeInterval?
    /// `--progress` (`true`) or `--no-progress` (`false`, which wins).
    var progress: Bool?
    /// `-L`: follow 307 and 308 redirects with the same form.
    var followsRedirects = false
    /// `--no-fail`: an HTTP error or a redirect exits 0.
    var failsOnHTTPError = true
    /// `--force`: an existing `-o` file is replaced.
    var replacesOutput = false
    /// `-u`: the user name of HTTP Basic authentication.
    var user: String?
    /// `--password-env`: the variable holding `-u`'s password.
    var passwordVariable: String?
    /// `--cacert`: the PEM bundle of the authorities trusted instead of the system's.
    var trustedCertificates: String?
    /// `--retry`: how many times a failure before the form was taken is retried.
    var retries = 0

    /// The request's options, after the form's.
    static let options: [OptionSpec<Arguments>] = [
      .option(
        "-H", "--header", value: "<Name: value>", .header, repeatable: true,
        help: "Adds a request header (repeatable)."
      ) { $0.headers.append($1) },
      .option(
        "-X", "--request", value: "<method>", .string,
        help: OptionHelp("The HTTP method.", default: .value(Arguments().method))
      ) { $0.method = $1 },
      .option(
        "-o", "--output", value: "<file>", .string,
        help: "Writes the response body to <file> instead of standard output."
      ) { $0.output = $1 },
      OutputLocation.forceFlag { $0.replacesOutput = true },
      .option(
        "--max-time", value: "<seconds>", .seconds,
        help: OptionHelp("Gives up after this many seconds.", default: "no limit")
      ) { $0.maxTime = $1 },
      .flag(
        "--progress",
        help: "Draws the progress bar even when standard error is not a terminal."
      ) { $0.progress = $0.progress ?? true },
      .flag("--no-progress", help: "Never draws the progress bar.") { $0.progress = false },
      .flag(
        "-L", "--location",
        help: OptionHelp(
          """
          Follows 307 and 308 redirects with the form (up to \(Self.redirectLimit)); a 301,
          302 or 303 is an error naming its location (a GET would drop the form).
          """)
      ) { $0.followsRedirects = true },
      .flag(
        "--no-fail",
        help: "Exits 0 on an HTTP error or a redirect too (the status is still printed)."
      ) { $0.failsOnHTTPError = false },
      .option(
        "-u", "--user", value: "<name>", .string,
        help: """
          Sends HTTP Basic authentication as <name>, with the password held by
          the environment variable VAR (never on the command line); not sent on
          to another host by -L.
          """
      ) { $0.user = $1 },
      .option("--password-env", value: "<VAR>", .string, help: .withPrevious) {
        $0.passwordVariable = $1
      },
      .option(
        "--cacert", value: "<file.pem>", .string,
        help: """
          Trusts the certificate authorities of this PEM bundle instead of the
          system's.
          """
      ) { $0.trustedCertificates = $1 },
      .option(
        "--retry", value: "<n>", .integer(in: 0...100),
        help: OptionHelp(
          """
          Sends the form again, up to <n> times, waiting 1 s, 2 s, 4 s… (or its
          Retry-After) when the server cannot have taken it: a failed name lookup,
          a connection refused or reset before any answer, or HTTP 408, 429, 503.
          """)
      ) { $0.retries = $1 },
    ]

    /// How many redirects `-L` follows.
    static let redirectLimit = 10
  }
}

extension ValueParser where Value == (name: String, value: String) {
  /// `Name: value`, on one line.
  static var header: Self {
    Self { header, origin throws(CommandError) in
      guard let colon = header.firstIndex(of: ":"), header.startIndex < colon else {
        throw origin.error("header \(header.debugDescription) is not of the form 'Name: value'")
      }
      let value = header[header.index(after: colon)...].trimmingSpaces
      guard !value.contains(where: { $0 == "\r" || $0 == "\n" }) else {
        throw origin.error("header \(header.debugDescription) holds a line break")
      }
      return (header[..<colon].trimmingSpaces, value)
    }
  }
}

extension ValueParser where Value == TimeInterval {
  /// A positive number of seconds.
  static var seconds: Self {
    Self { text, origin throws(CommandError) in
      guard let seconds = TimeInterval(text), seconds > 0 else {
        throw origin.error(
          "\(origin.name) needs a positive number of seconds, not \(text.debugDescription)")
      }
      return seconds
    }
  }
}
