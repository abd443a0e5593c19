import Foundation

extension ElectronUpdaterManifest {
  /// Reads a `latest-mac.yml` in the shape electron-builder and ``yaml`` write.
  ///
  /// That is top-level `version`, `files` (a list of `url`, `sha512`, `size`), `path`, `sha512`, `releaseDate`,
  /// plain or quoted scalars. Other top-level keys are dropped (they describe the previous
  /// file); `path` and `sha512` are derived again.
  ///
  /// - Throws: ``UpdateFeedError/malformedFeed(path:line:column:reason:)`` for a line outside
  ///   that shape, or a manifest without a version.
  package init(yaml text: String, path: String) throws(UpdateFeedError) {
    var version: String?
    var releaseDate = ""
    var files: [File] = []
    var inFiles = false
    var current: [String: String] = [:]
    var currentLine = 0
    func finishFile() throws(UpdateFeedError) {
      guard !current.isEmpty else { return }
      guard let url = current["url"], let sha512 = current["sha512"],
        let size = current["size"].flatMap({ Int64($0) })
      else {
        throw .malformedFeed(
          path: path, line: currentLine, column: 1,
          reason: "a file needs url, sha512 and a numeric size")
      }
      files.append(File(url: url, sha512: sha512, size: size))
      current = [:]
    }
    for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
      let trimmed = line.drop { $0 == " " }
      if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
      let indent = line.count - trimmed.count
      var body = Substring(trimmed)
      let startsItem = body.hasPrefix("- ")
      if startsItem { body = body.dropFirst(2) }
      guard let colon = body.firstIndex(of: ":") else {
        throw .malformedFeed(path: path, line: index + 1, column: indent + 1, reason: "no key:")
      }
      let key = String(body[..<colon])
      let value = try Self.scalar(body[body.index(after: colon)...], line: index + 1, path: path)
      if indent == 0 && !startsItem {
        try finishFile()
        inFiles = key == "files"
        switch key {
        case "version": version = value
        case "releaseDate": releaseDate = value
        default: break
        }
      } else if inFiles {
        if startsItem {
          try finishFile()
          currentLine = index + 1
        }
        current[key] = value
      }
    }
    try finishFile()
    guard let version, !version.isEmpty else {
      throw .malformedFeed(path: path, line: 1, column: 1, reason: "no version")
    }
    self.init(version: version, files: files, releaseDate: releaseDate)
  }

  /// A plain, single- or double-quoted scalar (double quotes without escapes).
  static func scalar(_ text: Substring, line: Int, path: String) throws(UpdateFeedError)
    -> String
  {
    let value = text.trimmingCharacters(in: .whitespaces)
    guard let first = value.first, first == "'" || first == "\"" else { return value }
    guard value.count >= 2, value.last == first else {
      throw .malformedFeed(path: path, line: line, column: 1, reason: "an unclosed quote")
    }
    let inner = String(value.dropFirst().dropLast())
    return first == "'" ? inner.replacingOccurrences(of: "''", with: "'") : inner
  }
}
