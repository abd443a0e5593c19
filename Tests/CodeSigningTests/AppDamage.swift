import CodeSigning
import Foundation
import ShipyardTestSupport
import Testing

/// One kind of damage done to a signed Electron-shaped app after signing (issue #18, Must-show
/// 2), and the problem ``AppSignatureCheck`` must name for it.
enum AppDamage: String, CaseIterable, CustomStringConvertible, Sendable {
  case codePageOfMainExecutable
  case codePageOfNestedFramework
  case resourceFile
  case infoPlist
  case addedResource
  case removedResource
  case nestedHelperResignedAlone

  /// The helper app that is re-signed alone.
  static let helper = "Contents/Frameworks/Demo Helper.app"
  /// The framework's binary.
  static let framework = "Contents/Frameworks/Demo Framework.framework/Versions/A/Demo Framework"
  /// A sealed resource.
  static let resource = "Contents/Resources/app.asar"

  var description: String { rawValue }

  /// The problem expected: every problem's path, the prefix of every problem's check, and a
  /// part of one problem's detail.
  var expectedProblem: (path: String, check: String, detail: String) {
    switch self {
    case .codePageOfMainExecutable:
      ("Demo.app/Contents/MacOS/Demo", "code digest", "does not match its digest")
    case .codePageOfNestedFramework:
      ("Demo.app/\(Self.framework)", "code digest", "does not match its digest")
    case .resourceFile: ("Demo.app/Contents", "resource modified", "Resources/app.asar")
    case .infoPlist: ("Demo.app/Contents/MacOS/Demo", "Info.plist slot", "stored")
    case .addedResource: ("Demo.app/Contents", "resource added", "Resources/added.txt")
    case .removedResource: ("Demo.app/Contents", "resource missing", "Resources/app.asar")
    case .nestedHelperResignedAlone:
      ("Demo.app/Contents", "nested code", "Frameworks/Demo Helper.app was changed or signed again")
    }
  }

  /// Damages the signed app.
  func apply(to app: ElectronAppFixture) async throws {
    switch self {
    case .codePageOfMainExecutable: try Self.flipCodeByte(app.file("Contents/MacOS/Demo"))
    case .codePageOfNestedFramework: try Self.flipCodeByte(app.file(Self.framework))
    case .resourceFile: try Self.flipByte(app.file(Self.resource), at: 10)
    case .infoPlist:
      let url = app.file("Contents/Info.plist")
      let text = try String(contentsOf: url, encoding: .utf8)
      let version = try #require(text.range(of: "1.0.0"))
      try text.replacingCharacters(in: version, with: "1.0.1").write(
        to: url, atomically: true, encoding: .utf8)
    case .addedResource:
      try Data("added after signing\n".utf8).write(to: app.file("Contents/Resources/added.txt"))
    case .removedResource: try FileManager.default.removeItem(at: app.file(Self.resource))
    case .nestedHelperResignedAlone:
      let getTaskAllow = Array(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>com.apple.security.get-task-allow</key><true/></dict></plist>

        """.utf8)
      _ = try await NativeAppSigning.sign(
        app.file(Self.helper), identity: try NativeAppSigning.identity(),
        entitlements: ["": getTaskAllow])
    }
  }

  /// Flips one byte halfway between the first slice's load commands and its code limit.
  static func flipCodeByte(_ url: URL) throws {
    let file = try MachOFile(bytes: Array(try Data(contentsOf: url)), path: url.path)
    let slice = try #require(file.slices.first)
    let limit = try #require(slice.macho.codeSignature).dataOffset
    let start = slice.macho.loadCommandsEnd
    try flipByte(url, at: slice.range.lowerBound + start + (limit - start) / 2)
  }

  /// Flips every bit of the byte at `offset`.
  static func flipByte(_ url: URL, at offset: Int) throws {
    var bytes = Array(try Data(contentsOf: url))
    bytes[offset] ^= 0xFF
    try Data(bytes).write(to: url)
  }
}
