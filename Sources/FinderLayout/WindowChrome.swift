/// Which parts of the Finder's window frame show: the `bwsp` record's toolbar, sidebar, status
/// bar, path bar and tab bar.
///
/// Everything is hidden by default, as dmgbuild does: a disk image's window shows its own
/// picture, not a browser.
package struct WindowChrome: Sendable, Equatable {
  /// `ShowToolbar`: the toolbar with the back and view buttons.
  package var showToolbar = false
  /// `ShowSidebar` (and `ContainerShowSidebar`): the sidebar of favourites and devices.
  package var showSidebar = false
  /// `SidebarWidth`: the sidebar's width in points, when it shows.
  package var sidebarWidth = 180
  /// `ShowStatusBar`: the item count and free space at the bottom.
  package var showStatusBar = false
  /// `ShowPathbar`: the folder's path at the bottom.
  package var showPathBar = false
  /// `ShowTabView`: the tab bar, even with one tab.
  package var showTabView = false

  /// All hidden, the sidebar 180 points wide.
  package init() {}
}
