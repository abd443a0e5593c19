import Distribution
import Foundation
import ShipyardTestSupport
import Testing

/// `dmg inspect` of an HFS+ image whose catalog hides an item's extended attributes.
struct InspectAttributesFlagTests {
  /// An image whose catalog record lost `kHFSHasAttributesMask`: `dmg inspect` lists the
  /// attribute and warns that a Mac would not see it.
  @Test func inspectFlagsACatalogRecordThatHidesItsAttributes() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let item = SourceItem(
      name: "tagged", content: .data([1]), permissions: 0o644, modificationDate: 0,
      extendedAttributes: [("com.example.tag", Array("red".utf8))])
    let image = folder.path("crafted.dmg")
    try HFSPlusImage.write([item], volumeName: "Forks", format: .udro, to: image) { bytes in
      // The file record's flags follow its key (length 6 + 2 × 6 units, parent 2, "tagged").
      let key: [UInt8] =
        [0, 18, 0, 0, 0, 2, 0, 6] + "tagged".utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
      let at = try #require(bytes.indices.first { bytes[$0...].starts(with: key + [0, 2]) })
      let flags = at + key.count + 2 + 1
      #expect(bytes[flags] & 0x04 != 0)
      bytes[flags] &= ~0x04
    }
    let result = try ProcessRunner.run(
      BuiltProducts.shipyard.path, ["dmg", "inspect", "--json", image])
    #expect(result.status == 0)
    #expect(
      result.standardError.contains(
        "/tagged: the attributes file holds 1 extended attribute(s), but the catalog record lacks kHFSHasAttributesMask"
      ), "\(result.standardError)")
    let report = try JSONSerialization.jsonObject(with: result.standardOutput) as? [String: Any]
    let files = report?["files"] as? [[String: Any]] ?? []
    let tagged = try #require(files.first { $0["path"] as? String == "/tagged" })
    #expect(tagged["attributesFlag"] as? Bool == false)
    let attributes = tagged["attributes"] as? [[String: Any]] ?? []
    #expect(attributes.first?["name"] as? String == "com.example.tag")
    #expect(
      attributes.first?["size"] as? Int == 3 && attributes.first?["storage"] as? String == "inline")
    #expect((report?["attributeProblems"] as? [String])?.count == 1)
  }
}
