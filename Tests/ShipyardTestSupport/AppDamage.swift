import CodeSigning
public import Foundation
import Testing

/// One kind of damage done to a signed Electron-shaped app after signing (issue #18, Must-show
/// 2), and the problem `app verify` (``AppSignatureCheck``) must name for it.
///
/// The library's tests (CodeSigningTests) and the command's (ShipyardEndToEndTests) damage the
/// app the same way; only the re-signing of a nested helper on its own is theirs to do, through
/// the library or through `shipyard app sign`.
public enum AppDamage: String, CaseIterable, CustomStringConvertible, Sendable {
  /// One byte flipped in a code page of the main executable's first slice.
  case codePageOfMainExecutable
  /// One byte flipped in a code page of the framework's binary.
  case codePageOfNestedFramework
  /// One byte flipped in a sealed resource.
  case resourceFile
  /// The app's Info.plist edited (its version).
  case infoPlist
  /// A resource added after signing.
  case addedResource
  /// A sealed resource removed.
  case removedResource
  /// A helper app signed again on its own, its parents left as they were.
  case nestedHelperResignedAlone

  /// The helper app that is re-signed alone.
  public static let helper = "Contents/Frameworks/Demo Helper.app"
  /// The framework's binary.
  public static let framework =
    "Contents/Frameworks/Demo Framework.framework/Versions/A/Demo Framework"
  /// A sealed resource.
  public static let resource = "Contents/Resources/app.asar"

  /// The case's name.
  public var description: String { rawValue }

  /// The problem expected: every problem's path, the prefix of every problem's check, and a
  /// part of one problem's detail.
  public var expectedProblem: (path: String, check: String, detail: String) {
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
  ///
  /// - Parameters:
  ///   - app: The signed app, damaged in place.
  ///   - resignAlone: Signs the bundle at the URL given (``helper``) again, on its own; called
  ///     for ``nestedHelperResignedAlone`` only.
  /// - Throws: A file system error, or what `resignAlone` throws.
  public func apply(
    to app: ElectronAppFixture, resigningAlone resignAlone: (URL) async throws -> Void
  ) async throws {
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
    case .nestedHelperResignedAlone: try await resignAlone(app.file(Self.helper))
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
