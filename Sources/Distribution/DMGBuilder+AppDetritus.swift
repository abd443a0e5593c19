import StagedTree

extension DMGBuilder {
  /// Refuses Finder info and resource forks on the items inside every `.app` bundle at the
  /// volume's root.
  ///
  /// A Mac's `codesign --verify --strict` refuses a sealed file that has either ("resource fork,
  /// Finder information, or similar detritus not allowed"), so an image that carried them would
  /// hold an app Gatekeeper's checks reject; the source's attributes would otherwise be copied
  /// as they are. The bundle folder itself is not a sealed file and may keep its own (the
  /// hide-extension flag of ``DMGBuildOptions/hiddenExtensions`` lives there). Other extended
  /// attributes are neither sealed nor checked, and are copied.
  ///
  /// - Parameter items: The volume's root items.
  /// - Throws: ``StagingError/unsupportedSource(path:reason:)`` naming the first such item's
  ///   source path, the bundle and the attribute.
  static func refuseDetritus(inAppsAmong items: [SourceItem]) throws(StagingError) {
    for app in items where app.isFolder && app.name.lowercased().hasSuffix(".app") {
      try refuseDetritus(in: app, bundle: app.name)
    }
  }

  private static func refuseDetritus(in folder: SourceItem, bundle: String)
    throws(StagingError)
  {
    for item in folder.children {
      var names: [String] = []
      if item.mergedFinderInfo.contains(where: { $0 != 0 }) {
        names.append(SourceItem.finderInfoAttribute)
      }
      if !item.resourceFork.isEmpty { names.append(SourceItem.resourceForkAttribute) }
      if !names.isEmpty {
        throw .unsupportedSource(
          path: item.sourcePath,
          reason:
            "it lies inside \(bundle) and carries \(names.joined(separator: " and ")), which a Mac's codesign --verify --strict refuses (\"resource fork, Finder information, or similar detritus not allowed\"); remove it from the source (xattr -c on a Mac, setfattr -x user.\(names[0]) on Linux) and sign the app again"
        )
      }
      try refuseDetritus(in: item, bundle: bundle)
    }
  }
}
