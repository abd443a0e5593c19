import Deflating
import Digests
import Foundation
import SystemSupport

extension XarSigner {
  /// The signed archive's front, before its signatures: the header, the new table and its
  /// digest; and where the members' bytes lie in the input.
  struct PreparedTable {
    var header: [UInt8]
    var compressed: [UInt8]
    var digest: [UInt8]
    var checksum: XarChecksum
    /// The input's file offset of the first member byte.
    var membersOffset: Int64
    /// How many bytes from there the members take (with any gaps between them).
    var membersLength: Int64
    var removedTrailerBytes: Int64
  }

  /// The namespace of `KeyInfo`, XML Signature's.
  static let keyInfoNamespace = "http://www.w3.org/2000/09/xmldsig#"

  /// Reads the archive in `source` and makes its new table: the checksum at heap offset 0, the
  /// RSA signature's space after it and the CMS signature's after that (each naming
  /// ``certificates``), every member's data and extended attributes moved to follow them.
  func prepare(_ source: FileDescriptor) throws(XarSignerError) -> PreparedTable {
    let reader: XarReader
    do {
      reader = try XarReader(source: source, size: try source.status().size)
    } catch let error as XarReaderError {
      throw .unreadableArchive(error)
    } catch let error as SystemError {
      throw .system(error)
    } catch {
      throw .system(SystemError("read", path: source.path, errorNumber: EIO))
    }
    var root = try XarXMLTreeParser.parse(reader.tableOfContents).get()
    let checksum = reader.tableChecksum
    let reserved = Int64(checksum.algorithm.length + rsaSize + cmsSize)
    let heapSize = reader.size - reader.heapOffset
    // Where the members lie now: from the first byte of one to the last byte of another.
    var ranges: [(offset: Int64, length: Int64)] = []
    try Self.updateHeapRecords(in: &root) { offset, length throws(XarSignerError) in
      guard offset >= 0, length >= 0, offset <= heapSize, length <= heapSize - offset else {
        throw .dataOutsideHeap(offset: offset, length: length)
      }
      ranges.append((offset, length))
      return offset
    }
    let occupied = ranges.filter { $0.length > 0 }
    let start = occupied.map(\.offset).min() ?? 0
    let end = occupied.map { $0.offset + $0.length }.max() ?? 0
    try Self.updateHeapRecords(in: &root) { offset, length in
      length > 0 ? offset - start + reserved : reserved
    }
    let found = root.update("toc") { toc in
      toc.update("checksum") { element in
        element.update("offset") { $0.children = [.text("0")] }
        element.update("size") { $0.children = [.text("\(checksum.algorithm.length)")] }
      }
      toc.removeChildren(named: ["signature", "x-signature"])
      let anchor =
        toc.children.lastIndex {
          if case .element(let e) = $0 { e.name == "creation-time" } else { false }
        }
        ?? toc.children.firstIndex {
          if case .element(let e) = $0 { e.name == "checksum" } else { false }
        }
        ?? -1
      let offsets = [checksum.algorithm.length, checksum.algorithm.length + rsaSize]
      let elements = zip([XarSignature.Style.rsa, .cms], offsets).map { style, offset in
        signatureElement(style, offset: offset, size: style == .rsa ? rsaSize : cmsSize)
      }
      toc.children.insert(
        contentsOf: elements.flatMap { [.text("\n  "), .element($0)] }, at: anchor + 1)
    }
    guard root.name == "xar", found else { throw .malformedTable("it has no <toc> in <xar>") }
    var xml = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
    root.write(to: &xml)
    xml += "\n"
    let table = Array(xml.utf8)
    let compressed: [UInt8]
    do {
      compressed = try XarWriter.compress(table, level: level)
    } catch {
      throw .compressionFailed(error.reason)
    }
    return PreparedTable(
      header: XarWriter.header(
        compressedLength: compressed.count, tableLength: table.count, checksum: checksum),
      compressed: compressed, digest: checksum.algorithm.digest(compressed), checksum: checksum,
      membersOffset: reader.heapOffset + start, membersLength: end - start,
      removedTrailerBytes: reader.trailingByteCount)
  }

  /// Calls `change` with the heap offset and length of every file's data and extended
  /// attribute in the table (each `<data>` and `<ea>` with an `<offset>` and a `<length>`), and
  /// sets the offset to what it returns.
  private static func updateHeapRecords(
    in root: inout XarXMLElement,
    _ change: (_ offset: Int64, _ length: Int64) throws(XarSignerError) -> Int64
  ) throws(XarSignerError) {
    var failure: XarSignerError?
    root.updateDescendants { element in
      guard failure == nil, element.name == "data" || element.name == "ea",
        let offsetText = element.child("offset")?.text,
        let lengthText = element.child("length")?.text
      else { return }
      guard let offset = Int64(offsetText), let length = Int64(lengthText) else {
        failure = .malformedTable(
          "a <\(element.name)> has offset \(offsetText), length \(lengthText)")
        return
      }
      do throws(XarSignerError) {
        let moved = try change(offset, length)
        element.update("offset") { $0.children = [.text("\(moved)")] }
      } catch {
        failure = error
      }
    }
    if let failure { throw failure }
  }

  /// The `<signature>` or `<x-signature>` element of `style` at heap `offset`, `size` bytes,
  /// with ``certificates`` in 72-column base64, as Apple writes them.
  private func signatureElement(_ style: XarSignature.Style, offset: Int, size: Int)
    -> XarXMLElement
  {
    let certificates = certificates.map { der in
      let base64 = Data(der).base64EncodedString()
      let lines = stride(from: 0, to: base64.count, by: 72).map { start in
        let from = base64.index(base64.startIndex, offsetBy: start)
        return String(
          base64[
            from..<(base64.index(from, offsetBy: 72, limitedBy: base64.endIndex) ?? base64.endIndex)
          ])
      }
      return XarXMLElement.leaf("X509Certificate", lines.joined(separator: "\n"))
    }
    return .block(
      style.element, attributes: [("style", style.description)], depth: 2,
      [
        .leaf("offset", "\(offset)"), .leaf("size", "\(size)"),
        .block(
          "KeyInfo", attributes: [("xmlns", Self.keyInfoNamespace)], depth: 3,
          [.block("X509Data", depth: 4, certificates)]),
      ])
  }
}
