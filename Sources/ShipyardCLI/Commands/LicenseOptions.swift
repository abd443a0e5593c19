import Distribution
import Foundation

/// The license flags: `--license [<lang>=]<file>` (repeatable), `--license-default <lang>` and
/// `--license-buttons <lang>=<JSON array of six titles>`.
enum LicenseOptions {
  static let declarations: [ArgumentScanner.Option] = [
    .value("--license-default"), .value("--license-buttons"),
  ]

  /// Reads the license flags into `options`.
  static func parse(
    _ scanned: ArgumentScanner.Result, scanner: ArgumentScanner, into options: inout DMGBuildOptions
  ) throws(CommandError) {
    var buttons: [String: [String]] = [:]
    for entry in scanned.all("--license-buttons") {
      guard let (tag, json) = split(entry),
        let titles = try? JSONDecoder().decode([String].self, from: Data(json.utf8))
      else {
        throw scanner.usage(
          "--license-buttons takes <lang>=<JSON array of 6 titles>, such as de='[\"Deutsch\", \"Akzeptieren\", ...]', not \(entry.debugDescription)"
        )
      }
      buttons[tag] = titles
    }
    for entry in scanned.all("--license") {
      if let (tag, path) = split(entry) {
        options.licenses.append(.init(language: tag, path: path, buttons: buttons[tag]))
      } else {
        options.license = entry
      }
    }
    if let english = options.license, let titles = buttons["en"] {
      options.license = nil
      options.licenses.insert(.init(language: "en", path: english, buttons: titles), at: 0)
    }
    let given = Set(options.licenses.map(\.language))
    if let tag = buttons.keys.sorted().first(where: { !given.contains($0) && $0 != "en" }) {
      throw scanner.usage("--license-buttons names \(tag), which has no --license \(tag)=<file>")
    }
    options.licenseDefaultLanguage = scanned.last("--license-default")
  }

  /// `de=LIZENZ.txt` as its language tag and the rest; `nil` when the part before `=` is not a
  /// language tag (two or three letters, then subtags), so paths with `=` still work.
  static func split(_ entry: String) -> (String, String)? {
    guard let equals = entry.firstIndex(of: "=") else { return nil }
    let tag = String(entry[..<equals])
    let subtags = tag.split(separator: "-", omittingEmptySubsequences: false).flatMap {
      $0.split(separator: "_", omittingEmptySubsequences: false)
    }
    guard let first = subtags.first, (2...3).contains(first.count),
      first.allSatisfy({ $0.isASCII && $0.isLetter }),
      subtags.dropFirst().allSatisfy({
        (2...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
      })
    else { return nil }
    return (tag, String(entry[entry.index(after: equals)...]))
  }
}
