/// The two JSON configurations `--config` reads: ours, whose keys mirror the flags, and appdmg's
/// specification, read as it is.
enum ConfigFormat: Sendable, Hashable {
  /// Ours: `{"source": …, "iconSize": 96, "list": {"sortBy": "size"}, "sign": {…}}`.
  case ours
  /// appdmg's: `{"title": …, "icon-size": 96, "contents": […]}`.
  case appdmg

  /// The format `root` is written in: appdmg's when it has `title` or `contents`.
  init(describing root: [String: Any]) {
    self = root["title"] != nil || root["contents"] != nil ? .appdmg : .ours
  }
}
