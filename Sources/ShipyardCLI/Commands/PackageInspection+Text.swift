import Distribution
import Foundation

extension PackageInspection {
  /// How many Bom paths of each component the text lists without `--all`.
  static let textPathLimit = 20

  /// The report as `pkg inspect` prints it, every Bom path listed when `all`.
  func text(all: Bool) -> String {
    let kindWords = kind == .productArchive ? "product archive" : "component package"
    var lines = [
      "Package: \(package) (\(kindWords), \(size) bytes, \(ByteCount.text(size)))",
      "Table of contents: \(tableOfContents.checksumAlgorithm) \(tableOfContents.digest)"
        + (tableOfContents.digestMatches ? "" : " (does NOT match the table)")
        + ", created \(tableOfContents.creationTime ?? "(no time)"), "
        + "\(tableOfContents.size) bytes of XML",
    ]
    lines += signatureLines
    lines.append(
      "Notarization ticket: " + (stapledTicketSize.map { "stapled, \($0) bytes" } ?? "none"))
    lines.append("Members (encoding, archived bytes, extracted bytes, checksum, path):")
    for member in members {
      lines.append(
        "  \(Self.encodingName(member.encoding).padding(7))\(String(member.archivedSize).padding(12))"
          + "\(String(member.extractedSize).padding(12))\((member.checksumAlgorithm ?? "-").padding(7))"
          + member.path)
    }
    if let distribution { lines += Self.lines(for: distribution) }
    for component in components { lines += Self.lines(for: component, all: all) }
    return lines.joined(separator: "\n")
  }

  /// What the command warns of on standard error: a table that does not match its digest, a
  /// signature that does not read, bytes after the archive that are no ticket.
  var warnings: [String] {
    var warnings: [String] = []
    if !tableOfContents.digestMatches {
      warnings.append(
        "the table of contents does not match its \(tableOfContents.checksumAlgorithm) "
          + "checksum (run `shipyard pkg verify`)")
    }
    if let problem = signature?.problem { warnings.append(problem) }
    if trailingBytes > 0, stapledTicketSize == nil {
      warnings.append("\(trailingBytes) bytes follow the archive and are not a stapled ticket")
    }
    return warnings
  }

  /// The signature's lines: a summary, with the words that it is not a check.
  private var signatureLines: [String] {
    guard let signature else { return ["Signature: none (unsigned)"] }
    var lines = [
      "Signature: \(signature.styles.joined(separator: " and ")), signed by "
        + "\(signature.commonName ?? "(no common name)"), team \(signature.teamIdentifier ?? "(none)")"
        + " (a summary: run `shipyard pkg verify` to check)",
      "  signing time: \(signature.signingTime ?? "none")",
      "  timestamp: "
        + (signature.timestamp.map { "\($0.time) by \($0.authority ?? "an unnamed authority")" }
          ?? "none"),
    ]
    for (index, subject) in signature.certificateChain.enumerated() {
      lines.append("  certificate \(index): \(subject)")
    }
    return lines
  }

  /// The Distribution's lines: title, architectures, minimum macOS, and each choice.
  static func lines(for product: Product) -> [String] {
    let architectures = product.hostArchitectures.joined(separator: ", ")
    var lines = [
      "Distribution: \(product.title.map(\.debugDescription) ?? "(no title)"), "
        + "host architectures \(architectures.isEmpty ? "any" : architectures), "
        + "macOS \(product.minimumSystemVersion.map { "\($0) or later" } ?? "any")"
    ]
    for choice in product.choices {
      let references = choice.packageReferences.map { reference in
        "\(reference.identifier) \(reference.version ?? "(no version)") -> "
          + (reference.component ?? "(no component)")
      }
      lines.append(
        "  choice \(choice.id)\(choice.title.map { " (\($0.debugDescription))" } ?? ""): "
          + (references.isEmpty ? "installs nothing" : references.joined(separator: "; ")))
    }
    return lines
  }

  /// A component's lines: its PackageInfo, then its Bom's paths, the first few unless `all`.
  static func lines(for component: Component, all: Bool) -> [String] {
    var lines: [String]
    if let info = component.packageInfo {
      lines = [
        "Component \(component.name): \(info.identifier) \(info.version), installs in "
          + "\(info.installLocation), \(info.numberOfFiles) files, \(info.installKBytes) KiB"
      ]
      for bundle in info.bundles {
        lines.append(
          "  bundle \(bundle.path): \(bundle.identifier) \(bundle.shortVersion ?? "-") "
            + "(\(bundle.version ?? "-"))")
      }
      lines.append(
        "  scripts: " + (info.scripts.isEmpty ? "none" : info.scripts.joined(separator: ", ")))
    } else {
      lines = ["Component \(component.name): no PackageInfo"]
    }
    lines.append("  Bom: \(component.paths.count) paths (mode, uid/gid, size, cksum, path):")
    let shown = all ? component.paths[...] : component.paths.prefix(textPathLimit)
    for path in shown {
      let link = path.linkTarget.map { " -> \($0)" } ?? ""
      let checksum = path.checksum.map(String.init) ?? path.device.map { "dev \($0)" } ?? "-"
      lines.append(
        "    \(path.mode.padding(7))\("\(path.uid)/\(path.gid)".padding(10))"
          + "\(String(path.size).padding(12))\(checksum.padding(11))\(path.path)\(link)")
    }
    if shown.count < component.paths.count {
      lines.append("    … and \(component.paths.count - shown.count) more (--all lists them)")
    }
    return lines
  }

  /// `zlib` for xar's `application/x-gzip`, `stored` for `application/octet-stream`, else
  /// the type as the table names it.
  static func encodingName(_ encoding: String?) -> String {
    switch encoding {
    case "application/x-gzip": "zlib"
    case "application/octet-stream": "stored"
    case nil: "-"
    case let other?: other
    }
  }
}
