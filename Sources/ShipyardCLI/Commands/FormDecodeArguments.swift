extension FormDecodeCommand {
  /// What the flags of `form decode` read.
  struct Arguments {
    /// `--content-type`.
    var contentType: String?
    /// `false` with `--no-digest`.
    var digest = true
    /// `--json`.
    var json = false
    /// `--lenient`.
    var lenient = false
  }

  /// `--content-type`, needed, and the report's options.
  static let table = OptionTable<Arguments>(
    command: path,
    [
      (
        "OPTIONS",
        [
          .option(
            "--content-type", value: "<value>", .string,
            help: "The Content-Type header's value, with its boundary."
          ) { $0.contentType = $1 },
          .flag("--no-digest", help: "Skips the SHA-256 of each part's body.") {
            $0.digest = false
          },
          .flag(
            "--json",
            help: """
              Prints {"parts": [{"name", "filename", "contentType", "headers",
              "size", "sha256"}]}.
              """
          ) { $0.json = true },
          .flag(
            "--lenient",
            help: """
              Accepts parts with no Content-Disposition, another type than
              form-data, or no name (their name is then null).
              """
          ) { $0.lenient = true },
        ]
      )
    ]
  ).taking("[<file> | -]").requiring("--content-type")
}
