import Distribution
import Foundation

/// appdmg's `contents`: what goes on the volume, and where each icon sits.
///
/// ```json
/// "contents": [
///   { "x": 448, "y": 344, "type": "link", "path": "/Applications" },
///   { "x": 192, "y": 344, "type": "file", "path": "TestApp.app" }
/// ]
/// ```
///
/// The first `file` entry that is an app becomes the source, the other files are added beside
/// it, a `link` to `/Applications` becomes the Applications link (other links are added as they
/// are), and `position` entries place items that are already there, such as the volume icon.
struct AppdmgContents: Sendable {
  /// One entry of the list.
  struct Entry: Sendable {
    /// `file`, `link` or `position`.
    let type: String
    /// The file (relative to the configuration), the link's target, or the item's name.
    let path: String
    /// The name on the volume.
    let name: String
    /// The icon's centre.
    let point: (x: Int, y: Int)
  }

  // MARK: - Properties

  /// The app's path, resolved from the configuration's folder.
  let source: String
  /// The files beside the app, resolved, in order.
  let files: [DMGBuildOptions.Addition]
  /// The links other than the Applications link, in order.
  let links: [DMGBuildOptions.Addition]
  /// The Applications link's name, or `nil` for no Applications link.
  let applicationsLinkName: String?
  /// Every entry's name and icon's place, in order.
  let positions: [(name: String, point: (x: Int, y: Int))]

  // MARK: - Lifecycle

  /// Reads the `contents` list at `origin`.
  init(_ json: Any, _ origin: ValueOrigin) throws(CommandError) {
    guard let list = json as? [Any] else {
      throw origin.error("contents must be a list of entries")
    }
    var entries: [Entry] = []
    for (index, value) in list.enumerated() {
      entries.append(try Self.entry(value, at: origin.appending("[\(index)]")))
    }
    guard
      let main = entries.first(where: {
        $0.type == "file" && $0.path.lowercased().hasSuffix(".app")
      })
    else {
      throw origin.error(
        "contents has no file entry for an .app: name the app to put on the volume")
    }
    guard main.name == (main.path as NSString).lastPathComponent else {
      throw origin.error(
        "the app \(main.path.debugDescription) cannot be renamed \(main.name.debugDescription) on the volume; rename the bundle"
      )
    }
    source = origin.path(main.path)
    files = entries.filter { $0.type == "file" && $0.path != main.path }.map {
      .file(path: origin.path($0.path), name: $0.name)
    }
    let links = entries.filter { $0.type == "link" }
    let applications = links.firstIndex { $0.path == "/Applications" }
    applicationsLinkName = applications.map { links[$0].name }
    var others: [DMGBuildOptions.Addition] = []
    for (index, link) in links.enumerated() where index != applications {
      others.append(try ValueParser.link(name: link.name, target: link.path, origin))
    }
    self.links = others
    positions = entries.map { ($0.name, $0.point) }
  }

  // MARK: - API

  /// Sets the source, the items, the Applications link and every icon's place.
  func apply(to arguments: inout DMGBuildArguments) {
    arguments.source = source
    arguments.files += files
    arguments.links += links
    if let applicationsLinkName {
      arguments.options.applicationsLinkName = applicationsLinkName
    } else {
      arguments.options.applicationsLink = false
    }
    for (name, point) in positions { arguments.options.layout.positions[name] = point }
  }

  // MARK: - Implementation

  private static func entry(_ value: Any, at origin: ValueOrigin) throws(CommandError) -> Entry {
    let entry = try origin.object(value, known: ["x", "y", "type", "path", "name"])
    let type = try origin.appending("type").text(entry["type"])
    guard ["file", "link", "position"].contains(type) else {
      throw origin.error(
        "\(origin.name).type is \(type.debugDescription): use file, link or position")
    }
    let path = try origin.appending("path").text(entry["path"])
    let name =
      try entry["name"].map { value throws(CommandError) in
        try origin.appending("name").text(value)
      } ?? (path as NSString).lastPathComponent
    return Entry(
      type: type, path: path, name: name,
      point: (
        try origin.appending("x").integer(entry["x"]), try origin.appending("y").integer(entry["y"])
      ))
  }
}
