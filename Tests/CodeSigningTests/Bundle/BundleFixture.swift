import Foundation
import ShipyardTestSupport

/// Bundles built in a scratch folder for the bundle tests: an Electron-shaped app and small
/// ones, with fake Mach-O files (a 64-bit header with no load commands, enough for the magic).
enum BundleFixture {
  /// A minimal thin x86_64 `MH_EXECUTE` header (`mach_header_64`, ncmds 0), then `tag`.
  static func machO(_ tag: String) -> [UInt8] {
    let header: [UInt32] = [0xFEED_FACF, 0x0100_0007, 3, 2, 0, 0, 0, 0]
    return header.flatMap { value in (0..<4).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) } }
      + Array(tag.utf8)
  }

  /// An XML `Info.plist` naming `executable` and `identifier`, of package type `type`.
  static func infoPlist(executable: String, identifier: String, type: String = "APPL") -> [UInt8] {
    Array(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0">
      <dict>
      \t<key>CFBundleExecutable</key>
      \t<string>\(executable)</string>
      \t<key>CFBundleIdentifier</key>
      \t<string>\(identifier)</string>
      \t<key>CFBundlePackageType</key>
      \t<string>\(type)</string>
      </dict>
      </plist>

      """.utf8)
  }

  /// The same facts as a binary property list.
  static func binaryInfoPlist(executable: String, identifier: String, type: String) throws
    -> [UInt8]
  {
    let values = [
      "CFBundleExecutable": executable, "CFBundleIdentifier": identifier,
      "CFBundlePackageType": type,
    ]
    return Array(
      try PropertyListSerialization.data(fromPropertyList: values, format: .binary, options: 0))
  }

  /// Writes `bytes` at `path` inside `root`, making the folders on the way.
  static func write(_ bytes: [UInt8], _ path: String, in root: URL) throws {
    let url = root.appendingPathComponent(path)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(bytes).write(to: url)
  }

  /// Makes a symbolic link at `path` inside `root` pointing to `target`.
  static func link(_ path: String, to target: String, in root: URL) throws {
    try FileManager.default.createSymbolicLink(
      atPath: root.appendingPathComponent(path).path, withDestinationPath: target)
  }

  /// An app-style bundle `Contents/{Info.plist, MacOS/<name>}` at `path` inside `root`.
  static func app(
    _ path: String, executable: String, identifier: String, type: String = "APPL", in root: URL
  )
    throws
  {
    try write(
      infoPlist(executable: executable, identifier: identifier, type: type),
      "\(path)/Contents/Info.plist", in: root)
    try write(machO(identifier), "\(path)/Contents/MacOS/\(executable)", in: root)
  }

  /// A versioned framework at `path` inside `root`: `Versions/A` with the binary, a binary
  /// `Resources/Info.plist`, `extra` files, and the root's links.
  static func framework(
    _ path: String, name: String, identifier: String, extra: [String: [UInt8]] = [:], in root: URL
  ) throws {
    let version = "\(path)/Versions/A"
    try write(machO(identifier), "\(version)/\(name)", in: root)
    try write(
      binaryInfoPlist(executable: name, identifier: identifier, type: "FMWK"),
      "\(version)/Resources/Info.plist", in: root)
    for (file, bytes) in extra { try write(bytes, "\(version)/\(file)", in: root) }
    try link("\(path)/Versions/Current", to: "A", in: root)
    try link("\(path)/\(name)", to: "Versions/Current/\(name)", in: root)
    try link("\(path)/Resources", to: "Versions/Current/Resources", in: root)
  }

  /// An Electron-shaped `Electron.app` in `folder`: a versioned framework with a dylib, a helper
  /// tool and resources, two helper apps in `Frameworks/`, a login item, a plug-in, resources
  /// with `.lproj` folders, a `.node` Mach-O, a `.DS_Store` and a symbolic link.
  static func electron(in folder: ScratchFolder) throws -> URL {
    let app = folder.file("Electron.app")
    try self.app(
      "Electron.app", executable: "Electron", identifier: "com.example.electron", in: folder.url)
    try write(Array("APPL????".utf8), "Contents/PkgInfo", in: app)
    try framework(
      "Contents/Frameworks/Electron Framework.framework", name: "Electron Framework",
      identifier: "com.github.Electron.framework",
      extra: [
        "Libraries/libffmpeg.dylib": machO("ffmpeg"),
        "Helpers/chrome_crashpad_handler": machO("crashpad"),
        "Resources/en.lproj/locale.pak": Array("pak".utf8),
      ], in: app)
    try self.app(
      "Contents/Frameworks/Electron Helper.app", executable: "Electron Helper",
      identifier: "com.example.electron.helper", in: app)
    try self.app(
      "Contents/Frameworks/Electron Helper (GPU).app", executable: "Electron Helper (GPU)",
      identifier: "com.example.electron.helper.GPU", in: app)
    try self.app(
      "Contents/Library/LoginItems/Launcher.app", executable: "Launcher",
      identifier: "com.example.electron.launcher", in: app)
    try self.app(
      "Contents/PlugIns/Z.plugin", executable: "Z", identifier: "com.example.electron.z",
      type: "BNDL", in: app)
    try write(Array("asar".utf8), "Contents/Resources/app.asar", in: app)
    try write(machO("addon"), "Contents/Resources/native/addon.node", in: app)
    try write(Array("nib".utf8), "Contents/Resources/en.lproj/MainMenu.nib", in: app)
    try write(Array("base".utf8), "Contents/Resources/Base.lproj/Main.strings", in: app)
    try write(Array("loc".utf8), "Contents/Resources/en.lproj/locversion.plist", in: app)
    try write(Array("icns".utf8), "Contents/Resources/electron.icns", in: app)
    try write([], "Contents/Resources/.DS_Store", in: app)
    try link("Contents/Resources/app.icns", to: "electron.icns", in: app)
    return app
  }
}
