import DiskImage
import Distribution
import Foundation
import ShipyardTestSupport
import Testing

/// License agreements in the resource plist, read back by us and by Python's `plistlib` and
/// `mac_roman` codec.
@Suite struct LicenseAgreementTests {
  static let text = "Hello License\n\nYou may use this café app — “freely”, ™ and € included.\n"

  private func build(license: String, in folder: ScratchFolder) throws -> String {
    var options = DMGBuildOptions(
      source: DMGBuildTests.helloApp, output: folder.path("Hello.dmg"), threads: 2)
    options.license = license
    _ = try DMGBuilder(options: options).build()
    return folder.path("Hello.dmg")
  }

  @Test func aPlainTextLicenseReadsBack() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let path = try folder.write(Array(Self.text.utf8), to: "LICENSE.txt").path
    let reader = try DiskImageReader(path: try build(license: path, in: folder))
    let license = try #require(reader.license)
    #expect(license.format == .plainText && license.text == Self.text)
  }

  @Test func aRichTextLicenseIsStoredAsItIs() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let rtf = #"{\rtf1\ansi{\fonttbl\f0\fswiss Helvetica;}\f0\pard Terms \b bold\b0 .\par}"#
    let path = try folder.write(Array(rtf.utf8), to: "License.rtf").path
    let reader = try DiskImageReader(path: try build(license: path, in: folder))
    #expect(reader.license?.format == .richText && reader.license?.bytes == Array(rtf.utf8))
  }

  @Test(arguments: [
    ("日本語のライセンス\n", "line 1: \"日\" cannot be written in Mac OS Roman"),
    ("fine\nstill fine\nemoji 🚀\n", "line 3: \"🚀\""),
  ])
  func textMacOSRomanCannotHoldIsRefusedAndNothingIsWritten(text: String, message: String) throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let path = try folder.write(Array(text.utf8), to: "LICENSE.txt").path
    #expect {
      _ = try build(license: path, in: folder)
    } throws: { error in
      "\(error)".contains(message) && "\(error)".contains("LICENSE.txt")
    }
    #expect(folder.contents == ["LICENSE.txt"])
  }

  @Test(
    .enabled(
      if: PeerPolicy.shouldRun(
        whenAvailable: ProcessRunner.succeeds("python3", ["-c", "1"])
          && ProcessRunner.succeeds("7zz", ["i"])), "needs python3 and 7zz"))
  func pythonReadsTheResourcesAsUdifrezWritesThem() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let path = try folder.write(Array(Self.text.utf8), to: "LICENSE.txt").path
    let image = try build(license: path, in: folder)
    let script = """
      import json, plistlib, struct, sys
      data = open(sys.argv[1], 'rb').read()
      koly = data[-512:]
      assert koly[:4] == b'koly'
      offset, length = struct.unpack('>QQ', koly[216:232])
      fork = plistlib.loads(data[offset:offset + length])['resource-fork']
      lpic = fork['LPic'][0]
      strings, blob, out = fork['STR#'][0]['Data'], fork['TEXT'][0]['Data'], {}
      count = struct.unpack('>H', strings[:2])[0]
      items, at = [], 2
      for _ in range(count):
          size = strings[at]; items.append(strings[at + 1:at + 1 + size].decode('mac_roman')); at += 1 + size
      out['lpic'] = [lpic['ID'], lpic['Data'].hex()]
      out['strings'] = items
      out['text'] = blob.decode('mac_roman')
      out['ids'] = [fork['STR#'][0]['ID'], fork['TEXT'][0]['ID']]
      out['tmpl'] = fork['TMPL'][0]['Name']
      print(json.dumps(out))
      """
    let output = try ProcessRunner.check("python3", ["-c", script, image])
    let read = try #require(try JSONSerialization.jsonObject(with: output) as? [String: Any])
    #expect(read["lpic"] as? [String] == ["5000", "00000001000000000000"])
    #expect(read["ids"] as? [String] == ["5000", "5000"] && read["tmpl"] as? String == "LPic")
    let strings = try #require(read["strings"] as? [String])
    #expect(strings.prefix(3) == ["English", "Agree", "Disagree"] && strings.count == 6)
    #expect(read["text"] as? String == Self.text.replacingOccurrences(of: "\n", with: "\r"))
    let sevenZip = try ProcessRunner.run("7zz", ["t", image])
    #expect(sevenZip.status == 0)
  }
}
