/// Which parts of the Finder's window frame show: the `bwsp` record's toolbar, sidebar, status
/// bar, path bar and tab bar.
///
/// Everything is hidden by default, as dmgbuild does: a disk image's window shows its own
/// picture, not a browser.
public struct WindowChrome: Sendable, Equatable {
  /// `ShowToolbar`: the toolbar with the back and view buttons.
  public var showToolbar = false
  /// `ShowSidebar` (and `ContainerShowSidebar`): the sidebar of favourites and devices.
  public var showSidebar = false
  /// `SidebarWidth`: the sidebar's width in points, when it shows.
  public var sidebarWidth = 180
  /// `ShowStatusBar`: the item count and free space at the bottom.
  public var showStatusBar = false
  /// `ShowPathbar`: the folder's path at the bottom.
  public var showPathBar = false
  /// `ShowTabView`: the tab bar, even with one tab.
  public var showTabView = false

  /// All hidden, the sidebar 180 points wide.
  public init() {}
}
