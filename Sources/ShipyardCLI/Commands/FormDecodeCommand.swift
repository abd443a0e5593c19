import Digests
import Foundation
import Multipart
import SystemSupport

/// `shipyard form decode`: lists the parts of a multipart body, streaming it.
struct FormDecodeCommand: ShipyardCommand {
  static let path = "form decode"
  static let summary =
    "List the parts of a multipart/form-data body: names, headers, sizes, SHA-256."
  static let help = """
    OVERVIEW: \(summary)

    \(table.usage)

    Reads the body from <file>, or standard input when it is - or absent, 64 KiB at a time: memory
    stays small whatever the size. A malformed body exits 1 with the problem and its byte offset,
    and so does a part without the "Content-Disposition: form-data; name=..." that RFC 7578 §4.2
    requires (unless --lenient).

    \(table.help)

    EXAMPLES:
      shipyard form encode -F a=1 -F f=@notes.txt -o body 2>/dev/null > type
      shipyard form decode --content-type "$(cat type)" body --json
    """

  /// One part as reported.
  struct Part: Encodable {
    let name: String?
    let filename: String?
    let contentType: String?
    let headers: [[String]]
    var size: Int64 = 0
    var sha256: String?

    enum CodingKeys: String, CodingKey { case name, filename, contentType, headers, size, sha256 }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(name, forKey: .name)
      try container.encode(filename, forKey: .filename)
      try container.encode(contentType, forKey: .contentType)
      try container.encode(headers, forKey: .headers)
      try container.encode(size, forKey: .size)
      try container.encodeIfPresent(sha256, forKey: .sha256)
    }
  }

  let contentType: String
  let input: String?
  let digest: Bool
  let json: Bool
  let lenient: Bool

  init(arguments: [String], environment _: [String: String]) throws(CommandError) {
    var parsed = Arguments()
    let positionals = try Self.table.parse(arguments, into: &parsed)
    guard let contentType = parsed.contentType else {
      throw .usage("missing --content-type <header value>", command: Self.path)
    }
    guard positionals.count <= 1 else {
      throw .usage("expected at most one <file>", command: Self.path)
    }
    self.contentType = contentType
    input = positionals.first.flatMap { $0 == "-" ? nil : $0 }
    digest = parsed.digest
    json = parsed.json
    lenient = parsed.lenient
  }

  func run(console: Console) async throws(CommandError) {
    let source = input ?? "standard input"
    let parts: [Part]
    do {
      var parser = try MultipartParser(
        contentType: contentType, requiresFormDataDisposition: !lenient)
      let file =
        try input.map { try FileDescriptor.openForReading($0) }
        ?? FileDescriptor.standardInput
      defer { if input != nil { file.close() } }
      parts = try Self.parts(reading: file, with: &parser, digest: digest)
    } catch let error as MultipartParseError {
      throw .failure("\(source): malformed multipart body: \(error)")
    } catch {
      throw .failure("\(source): \(error)")
    }
    try console.printReport(["parts": parts], json: json) {
      parts.map(Self.line(for:)).joined(separator: "\n")
    }
  }

  /// Streams the body through the parser, 64 KiB at a time.
  static func parts(reading file: FileDescriptor, with parser: inout MultipartParser, digest: Bool)
    throws -> [Part]
  {
    var parts: [Part] = []
    var hasher: IncrementalDigest?
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 16)
    defer { buffer.deallocate() }
    while true {
      let count = try file.read(into: buffer)
      if count == 0 { break }
      try parser.feed(UnsafeRawBufferPointer(rebasing: buffer[..<count])) { event in
        switch event {
        case .partBegin(let head):
          parts.append(
            Part(
              name: head.name, filename: head.filename, contentType: head.contentType,
              headers: head.fields.map { [$0.name, $0.value] }))
          hasher = digest ? IncrementalDigest(.sha256) : nil
        case .bodyBytes(let bytes):
          parts[parts.count - 1].size += Int64(bytes.count)
          hasher?.update(bytes)
        case .partEnd:
          parts[parts.count - 1].sha256 = hasher?.finish().hex
        }
      }
    }
    try parser.finish()
    return parts
  }

  static func line(for part: Part) -> String {
    var fields = ["name=\((part.name ?? "").debugDescription)"]
    if let filename = part.filename { fields.append("filename=\(filename.debugDescription)") }
    if let type = part.contentType { fields.append("type=\(type)") }
    fields.append("size=\(part.size)")
    if let sha256 = part.sha256 { fields.append("sha256=\(sha256)") }
    return fields.joined(separator: " ")
  }
}
