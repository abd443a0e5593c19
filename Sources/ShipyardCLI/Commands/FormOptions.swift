import Multipart

/// The options that describe a form, shared by `form encode` and `form post`.
struct FormOptions {
  /// The scanner declarations for these options.
  static let declarations: [ArgumentScanner.Option] = [
    .value("-F", "--form"), .value("--form-string"), .value("--boundary"),
  ]

  /// The help lines for these options.
  static let help = """
      -F, --form <name=content>
                              Adds a field, in curl's syntax: name=value, name=@file (a file;
                              @- reads standard input), name=<file (a text field read from a
                              file), with ;type=major/minor, ;filename=name and
                              ;headers="Name: value" (or ;headers=@file) modifiers. Quote a
                              value holding ';' or ',' with double quotes.
      --form-string <name=value>
                              Adds a text field taken literally: no @, < or modifiers.
      --boundary <boundary>   Uses this boundary (1 to 70 characters of RFC 2046) instead of a
                              random one.
    """

  let fields: [FormFieldSpecification]
  let boundary: MultipartBoundary?

  init(_ scanned: ArgumentScanner.Result, command: String) throws(CommandError) {
    var fields: [FormFieldSpecification] = []
    for (key, value) in scanned.ordered where key == "--form" || key == "--form-string" {
      do {
        fields.append(try FormFieldSpecification(parsing: value, literal: key == "--form-string"))
      } catch {
        throw .usage(error.description, command: command)
      }
    }
    guard !fields.isEmpty else {
      throw .usage("no fields: add at least one -F name=value or -F name=@file", command: command)
    }
    self.fields = fields
    do {
      boundary = try scanned.last("--boundary").map { value throws(MultipartEncodingError) in
        try MultipartBoundary(value)
      }
    } catch {
      throw .usage(error.description, command: command)
    }
  }

  /// Builds the form, reading the files the fields name.
  func makeForm() throws(CommandError) -> MultipartFormData {
    try FormBuilder().makeForm(fields: fields, boundary: boundary)
  }
}
