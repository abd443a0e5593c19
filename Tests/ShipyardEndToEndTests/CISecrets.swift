import Foundation
import ShipyardTestSupport
import Testing

/// A `.p12` and a `.p8` as CI secrets hold them in environment variables, a run of `shipyard`
/// given them, and the checks that they leak nowhere: not in its output, not in a file it leaves.
///
/// The variables: `P12_BASE64`, the `.p12` in base64 wrapped at 76 columns as `base64` writes it
/// (GitHub keeps the line breaks); `ASC_KEY`, the `.p8`'s PEM text itself; `ASC_KEY_BASE64`, the
/// `.p8` file in base64 on one line; `ASC_KEY_DER`, the PEM's body alone (the key's DER in
/// base64, wrapped as the PEM wraps it).
struct CISecrets {
  /// The variables, as `NAME=value` for `env`.
  let environment: [String]
  /// What must appear nowhere: every line of the variables' values, and slices of the decoded
  /// bytes (the `.p12`'s, and the private scalar of the key's DER).
  let needles: [Data]
  /// The variables' values and the decoded bytes, in which every needle is (a check of the
  /// checks: ``needlesAreInTheSecrets``).
  private let secretBytes: Data
  /// The run's temporary folder (its `TMPDIR`), empty before it.
  let temporary: ScratchFolder
  /// The run's working folder, empty before it.
  let work: ScratchFolder

  /// The secrets of the `.p12` and `.p8` files at these paths, and two empty folders for a run.
  init(p12 p12Path: String, p8 p8Path: String) throws {
    let p12 = try Data(contentsOf: URL(fileURLWithPath: p12Path))
    let p8 = try Data(contentsOf: URL(fileURLWithPath: p8Path))
    let p12Base64 =
      p12.base64EncodedString(options: .lineLength76Characters)
      .replacingOccurrences(of: "\r\n", with: "\n") + "\n"
    let pem = String(decoding: p8, as: UTF8.self)
    let body = pem.split(separator: "\n").filter { !$0.hasPrefix("-----") }.map(String.init)
    let der = Data(base64Encoded: body.joined()) ?? Data()
    environment = [
      "P12_BASE64=\(p12Base64)", "ASC_KEY=\(pem)", "ASC_KEY_BASE64=\(p8.base64EncodedString())",
      "ASC_KEY_DER=\(body.joined(separator: "\n"))",
    ]
    let lines =
      (p12Base64.split(separator: "\n").map(String.init) + body)
      .filter { $0.count >= 16 } + [String(p8.base64EncodedString().prefix(48).suffix(32))]
    // PKCS#8 of a P-256 key: its 32-byte private scalar at offset 36.
    let scalar = der.count >= 68 ? der.subdata(in: 36..<68) : Data()
    needles =
      lines.map { Data($0.utf8) } + [
        p12.subdata(in: 64..<96), p12.subdata(in: p12.count / 2..<p12.count / 2 + 32), scalar,
      ]
    secretBytes = Data(environment.joined(separator: "\n").utf8) + p12 + der
    temporary = try ScratchFolder()
    work = try ScratchFolder()
  }

  /// Whether every needle is a slice of the secrets, and there are enough of them to matter: so
  /// that the absence checks cannot pass for want of needles.
  var needlesAreInTheSecrets: Bool {
    needles.count >= 10
      && needles.allSatisfy { $0.count >= 16 && secretBytes.range(of: $0) != nil }
  }

  /// The double's identity and API key.
  init(_ double: NotaryDouble) throws {
    try self.init(
      p12: double.folder.path("identity.p12"),
      p8: double.folder.path("AuthKey_\(NotaryDouble.keyID).p8"))
  }

  /// `env -C <work>`, to run `shipyard` in the working folder: a wrapper for
  /// ``NotaryDouble/shipyard(_:environment:under:)``.
  var wrapper: [String] { ["env", "-C", work.url.path] }

  /// The variables and `TMPDIR=<temporary>`.
  var runEnvironment: [String] { ["TMPDIR=\(temporary.url.path)"] + environment }

  /// Runs the built `shipyard` against `double` in the working folder, with the secrets in its
  /// environment; its arguments, which name the variables only, are checked to hold none.
  func shipyard(_ double: NotaryDouble, _ arguments: [String]) throws -> ProcessRunner.Output {
    expectAbsent(from: arguments.map { Data($0.utf8) }, "the arguments")
    return try double.shipyard(arguments, environment: runEnvironment, under: wrapper)
  }

  /// Expects that no needle is in `texts`, naming `place` (never the needle) when one is.
  func expectAbsent(
    from texts: [Data], _ place: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    for (index, text) in texts.enumerated() {
      let found = needles.filter { !$0.isEmpty && text.range(of: $0) != nil }.count
      #expect(
        found == 0, "\(found) secret slices in \(place) #\(index)", sourceLocation: sourceLocation)
    }
  }

  /// Expects that no needle is in what `run` printed.
  func expectAbsent(
    from run: ProcessRunner.Output, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    expectAbsent(
      from: [run.standardOutput, Data(run.standardError.utf8)], "the output",
      sourceLocation: sourceLocation)
  }

  /// Expects that no file under `folder` holds a needle.
  func expectAbsent(
    fromFilesUnder folder: URL, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let snapshot = try TreeSnapshot(of: folder)
    for (path, entry) in snapshot.entries.sorted(by: { $0.key < $1.key })
    where entry.hasPrefix("file") {
      let bytes = try Data(contentsOf: folder.appendingPathComponent(path))
      expectAbsent(from: [bytes], path, sourceLocation: sourceLocation)
    }
  }

  /// Expects that the run left nothing in its temporary folder.
  func expectNothingLeftInTheTemporaryFolder(
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(temporary.contents.isEmpty, "\(temporary.contents)", sourceLocation: sourceLocation)
  }

  /// Removes the run's folders.
  func remove() {
    temporary.remove()
    work.remove()
  }
}
