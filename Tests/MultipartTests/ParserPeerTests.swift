import Foundation
import Multipart
import ShipyardTestSupport
import Testing

/// Bodies made by other encoders (Node's `FormData`, the browsers' algorithm; urllib3, what
/// requests uses; Go's `multipart.Writer`; curl -F) and by ours, for the tricky names, parsed by ours in
/// every chunking.
@Suite(
  .enabled(
    if: Peers.shouldRun
      && PeerPolicy.shouldRun(whenAvailable: ProcessRunner.succeeds("curl", ["-V"])),
    "needs python3 (urllib3), node, go and curl"))
struct ParserPeerTests {
  typealias Manifest = PeerInteropTests.Manifest

  /// A name as browsers send it: bare CR and LF made CR LF.
  static func browserNormalized(_ name: String) -> String {
    var result = ""
    var previous: Character?
    for scalar in name.unicodeScalars {
      let character = Character(scalar)
      if scalar == "\n" && previous != "\r" { result += "\r" }
      if previous == "\r" && scalar != "\n" { result += "\n" }
      result.unicodeScalars.append(scalar)
      previous = character
    }
    if previous == "\r" { result += "\n" }
    return result
  }

  /// What a parser can recover of `text` once escaped the WHATWG way: a literal `%22`, `%0D` or
  /// `%0A` reads as the character it stands for (the escaping's known ambiguity).
  static func afterWHATWGDecoding(_ text: String) -> String {
    text.replacingOccurrences(of: "%22", with: "\"").replacingOccurrences(of: "%0D", with: "\r")
      .replacingOccurrences(of: "%0A", with: "\n")
  }

  /// The parts a body made from `form` should parse to; browsers' encoders (Node, ours) make bare
  /// CR and LF in names CR LF, and leave filenames as they are.
  static func expected(_ form: PeerInteropTests.Form, normalizing: Bool)
    -> [MultipartParserTests.Part]
  {
    form.fields.map { field in
      let name = afterWHATWGDecoding(normalizing ? browserNormalized(field.name) : field.name)
      if let filename = field.filename {
        return MultipartParserTests.Part(
          name: name, filename: afterWHATWGDecoding(filename), contentType: field.type,
          body: [UInt8](Data(base64Encoded: field.data ?? "") ?? Data()))
      }
      return MultipartParserTests.Part(name: name, body: Array((field.value ?? "").utf8))
    }
  }

  /// A short account of how two part lists differ.
  static func difference(_ got: [MultipartParserTests.Part], _ want: [MultipartParserTests.Part])
    -> String
  {
    guard got.count == want.count else { return "\(got.count) parts, not \(want.count)" }
    for (index, (a, b)) in zip(got, want).enumerated() where a != b {
      return
        "part \(index): name \(String(describing: a.name?.debugDescription)) vs \(String(describing: b.name?.debugDescription)), "
        + "filename \(String(describing: a.filename?.debugDescription)) vs \(String(describing: b.filename?.debugDescription)), "
        + "\(a.body.count) vs \(b.body.count) bytes"
    }
    return "equal"
  }

  @Test func peerBodiesParseToTheFieldsTheyWereMadeFrom() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let specURL = folder.file("spec.json")
    try JSONEncoder().encode(["forms": PeerInteropTests.forms]).write(to: specURL)
    let node = try JSONDecoder().decode(
      Manifest.self,
      from: try Peers.run(
        "node",
        [
          Peers.folder.appendingPathComponent("node_peer.mjs").path, "encode", specURL.path,
          folder.path(""),
        ]))
    let python = try JSONDecoder().decode(
      Manifest.self,
      from: try Peers.run(
        "python3",
        [
          Peers.folder.appendingPathComponent("encode_python.py").path, specURL.path,
          folder.path(""),
        ]))
    let goEncoder = folder.path("go_encode")
    try ProcessRunner.check(
      "go", ["build", "-o", goEncoder, Peers.folder.appendingPathComponent("go_encode.go").path])
    var go = try JSONDecoder().decode(
      Manifest.self, from: try Peers.run(goEncoder, [specURL.path, folder.path("")]))
    // Go writes CR and LF in names raw, which ends the header line: no parser can recover them.
    go.cases.removeAll { item in
      PeerInteropTests.forms.first { $0.id == item.id }?.fields.contains {
        $0.name.contains(where: \.isNewline)
      } ?? true
    }
    #expect(go.cases.count == PeerInteropTests.forms.count - 5)
    // curl's -F syntax cannot carry a name with "=": those forms are left out.
    let curl = try JSONDecoder().decode(
      Manifest.self,
      from: try Peers.run(
        "python3",
        [Peers.folder.appendingPathComponent("encode_curl.py").path, specURL.path, folder.path("")])
    )
    #expect(curl.cases.count == PeerInteropTests.forms.count - 2)
    var ours = Manifest(cases: [])
    for form in PeerInteropTests.forms {
      let encoded = try PeerInteropTests.encodeOurs(form)
      let body = folder.file("\(form.id).ours.multipart")
      try encoded.makeBody().write(to: body)
      ours.cases.append(.init(id: form.id, contentType: encoded.contentType, body: body.path))
    }
    var random = SplitMix(seed: 7)
    for (encoder, manifest, normalizing) in [
      ("node", node, true), ("urllib3", python, false), ("ours", ours, true),
    ] {
      for item in manifest.cases {
        let form = try #require(PeerInteropTests.forms.first { $0.id == item.id })
        let body = [UInt8](try Data(contentsOf: URL(fileURLWithPath: item.body)))
        let boundary = try #require(item.contentType.components(separatedBy: "boundary=").last)
          .trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        let randomSplits = (0..<64).map { _ in Int(random.next() % 200) + 1 }
        for chunks in [[Int.max], [1], randomSplits] {
          let parts = try MultipartParserTests.parse(body, boundary: boundary, chunks: chunks)
          let want = Self.expected(form, normalizing: normalizing)
          #expect(
            parts == want,
            "\(encoder)'s body for \(item.id) in chunks \(chunks.prefix(3)): \(Self.difference(parts, want))"
          )
        }
      }
    }
  }
}
