import Multipart

/// What the form flags read, shared by `form encode` and `form post`.
struct FormArguments {
  /// The fields, in the order given.
  var fields: [FormFieldSpecification] = []
  /// `--boundary`.
  var boundary: String?

  /// The fields' options, of which a form needs one (each repeatable).
  static let fieldFlags = ["-F", "--form-string"]

  /// `-F`, `--form-string` and `--boundary`.
  static let options: [OptionSpec<FormArguments>] = [
    .option(
      "-F", "--form", value: "<name=content>", .field(literal: false), repeatable: true,
      help: """
        Adds a field, in curl's syntax: name=value, name=@file (a file;
        @- reads standard input), name=<file (a text field read from a
        file), with ;type=major/minor, ;filename=name and
        ;headers="Name: value" (or ;headers=@file) modifiers. Quote a
        value holding ';' or ',' with double quotes.
        """
    ) { $0.fields.append($1) },
    .option(
      "--form-string", value: "<name=value>", .field(literal: true), repeatable: true,
      help: "Adds a text field taken literally: no @, < or modifiers."
    ) { $0.fields.append($1) },
    .option(
      "--boundary", value: "<boundary>", .string,
      help: """
        Uses this boundary (1 to 70 characters of RFC 2046) instead of a
        random one.
        """
    ) { $0.boundary = $1 },
  ]
}

/// The options that describe a form, checked: at least one field, and a valid boundary.
struct FormOptions {
  let fields: [FormFieldSpecification]
  let boundary: MultipartBoundary?

  init(_ arguments: FormArguments, command: String) throws(CommandError) {
    guard !arguments.fields.isEmpty else {
      throw .usage("no fields: add at least one -F name=value or -F name=@file", command: command)
    }
    fields = arguments.fields
    do {
      boundary = try arguments.boundary.map { value throws(MultipartEncodingError) in
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

extension ValueParser where Value == FormFieldSpecification {
  /// A field in curl's syntax, or taken literally.
  static func field(literal: Bool) -> Self {
    Self { text, origin throws(CommandError) in
      do throws(FormFieldSyntaxError) {
        return try FormFieldSpecification(parsing: text, literal: literal)
      } catch {
        throw origin.error(error.description)
      }
    }
  }
}
