import SystemSupport

/// Zips a folder (an app) to a file as `ditto -c -k --keepParent <folder> <zip>` does: every
/// entry under the folder's name, written through an ``AtomicOutputFile`` so that the target
/// holds either its old content or the whole archive, never part of one.
///
/// ```swift
/// try ZipArchiver.archive("build/Hello.app", to: "work/Hello.zip")
/// ```
package enum ZipArchiver {
  /// Archives `folder` to `path`.
  ///
  /// - Parameters:
  ///   - folder: The folder to archive, kept as the entries' parent (`Hello.app/...`).
  ///   - path: The zip's path; a file there is replaced only once the archive is complete.
  ///   - dateLimit: The latest modification time written (`SOURCE_DATE_EPOCH`), or `nil`.
  /// - Returns: The number of entries written.
  /// - Throws: ``ZipWriterError`` or ``SystemError``, naming the file at fault.
  @discardableResult
  package static func archive(_ folder: String, to path: String, dateLimit: Int64? = nil) throws
    -> Int
  {
    let entries = try ZipTreeScan.entries(of: folder, dateLimit: dateLimit)
    try AtomicOutputFile.write(to: path) { descriptor in
      let writer = ZipWriter(output: FileZipOutput(descriptor))
      for entry in entries { try writer.add(entry) }
      try writer.finish()
    }
    return entries.count
  }
}
