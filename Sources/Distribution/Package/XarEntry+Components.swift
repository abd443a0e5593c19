import XarArchive

extension XarEntry {
  /// The last name of the path, such as `Bom`.
  var name: Substring { path.split(separator: "/").last ?? "" }

  /// The folder the entry is in, such as `Demo.pkg`, or `.` at the archive's root: a component
  /// package's name in a product archive, or a bare component package's.
  var folder: String {
    let names = path.split(separator: "/")
    return names.count > 1 ? names.dropLast().joined(separator: "/") : "."
  }
}
