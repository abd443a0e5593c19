extension FinderWindowLayout {
  /// A setting a `.DS_Store` may lack, or hold in a form the layout has no case for: what
  /// ``FinderWindowLayout/absentSettings`` and ``FinderWindowLayout/foreignValues`` name.
  package enum StoredSetting: String, Sendable, Hashable, CaseIterable {
    /// The `bwsp` record: the window's bounds and chrome.
    case window
    /// `bwsp`'s `WindowBounds`, such as `{{200, 120}, {660, 400}}`.
    case windowBounds
    /// `bwsp`'s `SidebarWidth`.
    case sidebarWidth
    /// The `icvp` record: the icon view's settings and the background.
    case iconView
    /// `icvp`'s `iconSize`.
    case iconSize
    /// `icvp`'s `textSize`.
    case textSize
    /// `icvp`'s `gridSpacing`.
    case gridSpacing
    /// `icvp`'s `arrangeBy`, such as `dateModified`.
    case arrangeBy
    /// The `vstl` record's code, such as `icnv`.
    case viewStyle
    /// The list view's `iconSize` (`lsvP`, else `lsvp`).
    case listIconSize
    /// The list view's `textSize`.
    case listTextSize
    /// The list view's `sortColumn`, such as `dateModified`.
    case listSortColumn
  }

  /// The background picture a store's alias (`icvp`'s `backgroundImageAlias`) points at.
  package struct BackgroundPicture: Sendable, Equatable {
    /// The picture's path on its volume (the alias's POSIX path, tag 18), or `nil` when the
    /// alias holds none.
    package var path: String?

    /// Makes a picture.
    ///
    /// - Parameter path: The picture's path on its volume, such as `/.background/bg.tiff`.
    package init(path: String?) {
      self.path = path
    }
  }
}
