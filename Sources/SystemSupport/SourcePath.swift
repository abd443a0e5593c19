/// A path kept as its folder's path, shared by everything in that folder, and a name.
///
/// A tree of a million files held as full path strings holds a million copies of their folders'
/// paths; held as this, each folder's path is stored once and each item adds its name (which a
/// `String` of up to 15 UTF-8 bytes keeps inline). ``string`` joins them when a file is opened
/// or named in an error.
package struct SourcePath: Sendable, Hashable, CustomStringConvertible,
  ExpressibleByStringLiteral
{
  /// A folder's full path, shared by the paths of the items in it.
  package final class Folder: Sendable {
    /// The folder's path.
    package let path: String

    /// Makes a folder of `path`.
    package init(_ path: String) { self.path = path }
  }

  /// The folder the item is in; nil when ``name`` is the whole path.
  package let folder: Folder?
  /// The item's name in its folder, or the whole path.
  package let name: String

  /// The path `name` in `folder`.
  package init(_ name: String, in folder: Folder) {
    self.folder = folder
    self.name = name
  }

  /// A path held whole: a path given by a user, or a description such as "the Applications
  /// link" where an error names an item that has no path.
  package init(_ path: String) {
    folder = nil
    name = path
  }

  /// A path held whole, written as a literal.
  package init(stringLiteral path: String) { self.init(path) }

  /// The full path.
  package var string: String {
    guard let folder else { return name }
    return folder.path.hasSuffix("/") ? folder.path + name : folder.path + "/" + name
  }

  /// The full path.
  package var description: String { string }

  package static func == (lhs: Self, rhs: Self) -> Bool { lhs.string == rhs.string }

  package func hash(into hasher: inout Hasher) { hasher.combine(string) }
}
