import Foundation
import Multipart

/// `shipyard form encode`: writes a multipart/form-data body.
struct FormEncodeCommand: ShipyardCommand {
  static let path = "form encode"
  static let summary = "Write a multipart/form-data body built from curl-style -F fields."
  static let help = """
    OVERVIEW: \(summary)

    USAGE: shipyard form encode -F <name=content>... [-o <file>] [--boundary <boundary>]

    Without -o the body goes to standard output and the Content-Type header to standard error.
    With -o the body is written to <file> (through a temporary file, so that a failure leaves no
    partial output) and the Content-Type header value is printed on standard output.

    OPTIONS:
    \(FormOptions.help)
      -o, --output <file>     Writes the body to <file>.
      -h, --help              Shows this help.

    EXAMPLES:
      shipyard form encode -F title=Hello -F photo=@cat.jpg -o body.multipart
      shipyard form encode -F 'doc=@notes.txt;type=text/markdown;filename=README.md' > body
    """

  let form: FormOptions
  let output: String?

  init(arguments: [String]) throws(CommandError) {
    let scanner = ArgumentScanner(
      command: Self.path, options: FormOptions.declarations + [.value("-o", "--output")])
    let scanned = try scanner.scan(arguments)
    guard scanned.positionals.isEmpty else {
      throw scanner.usage("unexpected argument \(scanned.positionals[0].debugDescription)")
    }
    form = try FormOptions(scanned, command: Self.path)
    output = scanned.last("--output")
    if output == "" { throw scanner.usage("-o needs a file name") }
  }

  func run(console: Console) async throws(CommandError) {
    let body = try form.makeForm()
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
