import Distribution

/// A secret that an environment variable holds: in base64, as CI systems pass files (the value
/// of `--p12-base64-env` or `--key-base64-env`, decoded in memory), or as text (a password).
///
/// Errors name the option and the variable, never the value; the bytes are known to the library
/// as `$VAR`.
struct EnvironmentSecret {
  /// The option that names the variable, such as `--p12-base64-env`.
  let flag: String
  /// The variable's name.
  let variable: String

  /// The variable's bytes in `environment`: its base64 decoded (white space and line breaks
  /// ignored), or, when `acceptsPEM`, its text itself when it is PEM; a usage error for `command`
  /// when the variable is not set, is empty or is neither.
  func bytes(in environment: [String: String], acceptsPEM: Bool, command: String)
    throws(CommandError) -> SecretBytes
  {
    func usage(_ problem: String) -> CommandError { self.usage(problem, command: command) }
    guard let text = environment[variable] else { throw usage("is not set") }
    let origin = "$\(variable)"
    do {
      return acceptsPEM
        ? try SecretBytes(pemOrBase64: text, origin: origin)
        : try SecretBytes(base64: text, origin: origin)
    } catch {
      switch error {
      case .empty: throw usage("is empty")
      case .notBase64(_, let position):
        throw usage(
          "is not base64 (at character \(position))"
            + (acceptsPEM ? " nor PEM text (-----BEGIN PRIVATE KEY-----)" : ""))
      case .truncated:
        throw usage("is not base64 (it stops inside a group of four characters: cut short?)")
      }
    }
  }

  /// The variable's text in `environment`, as it is (a password); a usage error for `command`
  /// when the variable is not set, or is empty unless `allowsEmpty` (a `.p12` may have an empty
  /// password).
  func text(in environment: [String: String], allowsEmpty: Bool = false, command: String)
    throws(CommandError) -> String
  {
    guard let text = environment[variable] else { throw usage("is not set", command: command) }
    guard allowsEmpty || !text.isEmpty else { throw usage("is empty", command: command) }
    return text
  }

  /// The usage error for `command` that names the option, the variable and its `problem`.
  private func usage(_ problem: String, command: String) -> CommandError {
    .usage("\(flag) \(variable): the environment variable \(variable) \(problem)", command: command)
  }
}
