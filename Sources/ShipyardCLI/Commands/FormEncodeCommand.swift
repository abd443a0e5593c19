import Foundation
import Multipart

/// `shipyard form encode`: writes a multipart/form-data body.
struct FormEncodeCommand: ShipyardCommand {
  static let path = "form encode"
  static let summary = "Write a multipart/form-data body built from curl-style -F fields."
  static let help = """
    OVERVIEW: \(summary)

    \(table.usage)

    Without -o the body goes to standard output and the Content-Type header to standard error.
    With -o the body is written to <file> (through a temporary file, so that a failure leaves no
    partial output) and the Content-Type header value is printed on standard output.

    \(table.help)

    EXAMPLES:
      shipyard form encode -F title=Hello -F photo=@cat.jpg -o body.multipart
      shipyard form encode \\
        -F 'doc=@notes.txt;type=text/markdown;filename=README.md' > body
    """

  /// The form options (a field needed), then `-o`.
  static let table = OptionTable<Arguments>(
    command: path,
    [
      (
        "OPTIONS",
        FormArguments.options.map { $0.lifted(\.form) } + [
          .option("-o", "--output", value: "<file>", .string, help: "Writes the body to <file>.") {
            $0.output = $1
          },
          OutputLocation.forceFlag { $0.replacesOutput = true },
        ]
      )
    ]
  ).requiring(oneOf: FormArguments.fieldFlags)

  /// What the flags read.
  struct Arguments {
    /// The form options.
    var form = FormArguments()
    /// `-o`.
    var output: String?
    /// `--force`.
    var replacesOutput = false
  }

  let form: FormOptions
  let output: String?
  /// `--force`.
  let replacesOutput: Bool

  init(arguments: [String], environment _: [String: String]) throws(CommandError) {
    var parsed = Arguments()
    let positionals = try Self.table.parse(arguments, into: &parsed)
    guard positionals.isEmpty else {
      throw .usage("unexpected argument \(positionals[0].debugDescription)", command: Self.path)
    }
    form = try FormOptions(parsed.form, command: Self.path)
    output = parsed.output
    replacesOutput = parsed.replacesOutput
    if output == "" { throw .usage("-o needs a file name", command: Self.path) }
  }

  func run(console: Console) async throws(CommandError) {
    let body = try form.makeForm()
    if let output {
      try OutputLocation.prepare(output, for: "the body", replacing: replacesOutput)
    }
    do {
      if let output {
        try body.write(to: URL(fileURLWithPath: output))
        try console.print(body.contentType)
      } else {
        console.printError("Content-Type: \(body.contentType)")
        try body.encode { chunk in try console.writeOutput(chunk) }
      }
    } catch {
      throw .failure("\(error)")
    }
  }
}
