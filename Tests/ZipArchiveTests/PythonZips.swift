import Foundation
import ShipyardTestSupport

/// Zip archives written by Python's `zipfile`, the peer the reader is checked against.
enum PythonZips {
  /// Whether the tests that need python3 run (they fail instead of skipping under `CI=true`).
  static let shouldRun = PeerPolicy.shouldRun(
    whenAvailable: ProcessRunner.succeeds("python3", ["-c", "import zipfile, zlib"]))

  /// The files of the app every archive holds: name and bytes.
  static let files: [(String, [UInt8])] = [
    ("Hello.app/Contents/Info.plist", Array(infoPlist.utf8)),
    ("Hello.app/Contents/MacOS/Hello", (0..<70_000).map { UInt8(truncatingIfNeeded: $0 * 7) }),
    ("Hello.app/Contents/Resources/empty.txt", []),
  ]

  /// The app's Info.plist.
  static let infoPlist = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict><key>CFBundleVersion</key><string>42</string></dict></plist>

    """

  /// Writes `Hello.app` into a zip at `path`: `ZIP_STORED` or `ZIP_DEFLATED`, with Zip64
  /// records and fields everywhere when `zip64`, plus a folder entry and a symbolic link.
  static func write(to path: String, method: String, zip64: Bool) throws {
    let script = """
      import sys, zipfile
      path, method, zip64 = sys.argv[1], getattr(zipfile, sys.argv[2]), sys.argv[3] == '1'
      files = [(sys.argv[i], open(sys.argv[i + 1], 'rb').read()) for i in range(4, len(sys.argv), 2)]
      with zipfile.ZipFile(path, 'w', compression=method) as archive:
          folder = zipfile.ZipInfo('Hello.app/')
          folder.external_attr = (0o40755 << 16) | 0x10
          archive.writestr(folder, b'')
          for name, data in files:
              info = zipfile.ZipInfo(name)
              info.compress_type = method
              info.external_attr = 0o100644 << 16
              with archive.open(info, 'w', force_zip64=zip64) as entry:
                  entry.write(data)
          link = zipfile.ZipInfo('Hello.app/Contents/Link')
          link.create_system = 3
          link.external_attr = 0o120755 << 16
          archive.writestr(link, b'MacOS/Hello')
          if zip64:
              zipfile.ZIP64_LIMIT = 1  # every size and offset past it: Zip64 in the directory
      """
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
    var arguments = ["-c", script, path, method, zip64 ? "1" : "0"]
    for (index, (name, bytes)) in files.enumerated() {
      let source = folder.appendingPathComponent("source-\(index)")
      try Data(bytes).write(to: source)
      arguments += [name, source.path]
    }
    _ = try ProcessRunner.check("python3", arguments)
  }
}
