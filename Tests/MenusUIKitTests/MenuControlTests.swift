import Menus
import MenusUIKit
import Testing

#if canImport(UIKit)
import UIKit
#else
import UIKitStandIn
#endif

@MainActor
@Suite struct MenuControlTests {
  private func makeControl(log: EventLog) -> MenuControl {
    let control = RecordingMenuControl(log: log)
    control.menu = UIMenu(
      title: "Sort",
      children: [
        UIAction(title: "Name") { _ in log.record("Name selected") },
        UIAction(title: "Date", attributes: .disabled) { _ in log.record("Date selected") },
        UIAction(title: "Size", attributes: .hidden) { _ in log.record("Size selected") },
        UIAction(title: "Pin", attributes: .keepsMenuPresented) { _ in log.record("Pin selected") },
      ])
    control.addAction(
      UIAction { _ in log.record("menuActionTriggered") }, for: .menuActionTriggered)
    return control
  }

  @Test func tapShowsTheMenuAfterMenuActionTriggered() throws {
    let log = EventLog()
    let control = makeControl(log: log)
    #expect(control.isContextMenuInteractionEnabled && control.showsMenuAsPrimaryAction)
    #expect(control._simulateTap())
    #expect(control.isMenuVisible)
    #expect(log.events == ["menuActionTriggered", "willDisplayMenuFor"])
    let visible = try #require(control.contextMenuInteraction?._visibleMenu)
    #expect(visible.title == "Sort")
    #expect(visible._childTitles == ["Name", "Date", "Size", "Pin"])
  }

  @Test func longPressShowsTheMenuWhenItIsNotThePrimaryAction() {
    let log = EventLog()
    let control = makeControl(log: log)
    control.showsMenuAsPrimaryAction = false
    #expect(!control._simulateTap())
    #expect(!control.isMenuVisible)
    #expect(control._simulateLongPress())
    #expect(control.isMenuVisible)
    let primary = makeControl(log: log)
    #expect(!primary._simulateLongPress(), "a tap menu does not open on long press")
  }

  @Test func selectingAnActionRunsItsHandlerAndEndsTheMenu() {
    let log = EventLog()
    let control = makeControl(log: log)
    control._simulateTap()
    #expect(control.contextMenuInteraction?._simulateSelectAction(titled: "Name") == true)
    #expect(log.events.suffix(2) == ["Name selected", "willEndFor"])
    #expect(!control.isMenuVisible)
    #expect(control._superCallsReceived == ["willDisplayMenuFor", "willEndFor"])
  }

  @Test func disabledAndHiddenActionsCannotBeSelected() {
    let log = EventLog()
    let control = makeControl(log: log)
    control._simulateTap()
    let interaction = control.contextMenuInteraction
    #expect(interaction?._simulateSelectAction(titled: "Date") == false)
    #expect(interaction?._simulateSelectAction(titled: "Size") == false)
    #expect(!log.events.contains("Date selected") && !log.events.contains("Size selected"))
    #expect(control.isMenuVisible)
  }

  @Test func keepsMenuPresentedLeavesTheMenuOpen() {
    let log = EventLog()
    let control = makeControl(log: log)
    control._simulateTap()
    #expect(control.contextMenuInteraction?._simulateSelectAction(titled: "Pin") == true)
    #expect(control.isMenuVisible)
  }

  @Test func swappingTheMenuWhileVisibleUpdatesIt() throws {
    let log = EventLog()
    let control = makeControl(log: log)
    control._simulateTap()
    control.menu = UIMenu(
      title: "Filter", children: [UIAction(title: "Unread") { _ in log.record("Unread selected") }])
    let visible = try #require(control.contextMenuInteraction?._visibleMenu)
    #expect(visible.title == "Filter")
    #expect(visible._childTitles == ["Unread"])
    #expect(control.contextMenuInteraction?._simulateSelectAction(titled: "Unread") == true)
    #expect(log.events.contains("Unread selected"))
  }

  @Test func swappingTheMenuWhileHiddenChangesNothingVisible() {
    let log = EventLog()
    let control = makeControl(log: log)
    control.menu = UIMenu(title: "Other", children: [])
    #expect(control.contextMenuInteraction?._visibleMenu == nil)
  }

  @Test func dismissMenuEndsWithWillEndFor() {
    let log = EventLog()
    let control = makeControl(log: log)
    control._simulateTap()
    control.dismissMenu()
    #expect(log.events.last == "willEndFor")
    #expect(!control.isMenuVisible)
    #expect(control.contextMenuInteraction?._visibleMenu == nil)
  }

  @Test func noMenuMeansNoInteraction() {
    let control = MenuControl(frame: .zero)
    #expect(!control._simulateTap())
    #expect(!control.isMenuVisible)
  }

  @Test func aModelMenuIsShownAndRunsItsHandlers() throws {
    let log = EventLog()
    let control = MenuControl(
      menu: Menu("Share", identifier: "share") {
        MenuAction("Copy Link", imageName: "link", identifier: "copy") { action in
          log.record("\(action.title) via model")
        }
        Menu("More", identifier: "more", options: .displayInline) {
          MenuAction("Delete", attributes: .destructive, state: .mixed) { _ in }
        }
      })
    #expect(control._simulateTap())
    let visible = try #require(control.contextMenuInteraction?._visibleMenu)
    #expect(visible.identifier == UIMenu.Identifier("share"))
    let copy = try #require(visible._action(titled: "Copy Link"))
    #expect(copy.identifier == UIAction.Identifier("copy"))
    #expect(copy.image?._name == "link")
    let delete = try #require(visible._action(titled: "Delete"))
    #expect(delete.attributes == .destructive && delete.state == .mixed)
    #expect((visible.children[1] as? UIMenu)?.options == .displayInline)
    #expect(control.contextMenuInteraction?._simulateSelectAction(titled: "Copy Link") == true)
    #expect(log.events == ["Copy Link via model"])
  }

  @Test func aDisabledControlShowsNoMenu() {
    let log = EventLog()
    let control = makeControl(log: log)
    control.isEnabled = false
    #expect(!control._simulateTap())
  }
}

/// A MenuControl subclass with custom content that records the display calls.
final class RecordingMenuControl: MenuControl {
  let label = UILabel()
  private var log: EventLog?

  convenience init(log: EventLog) {
    self.init(frame: .zero)
    self.log = log
    label.text = "Sort"
    addSubview(label)
  }

  override func contextMenuInteraction(
    _ interaction: UIContextMenuInteraction,
    willDisplayMenuFor configuration: UIContextMenuConfiguration,
    animator: (any UIContextMenuInteractionAnimating)?
  ) {
    super.contextMenuInteraction(interaction, willDisplayMenuFor: configuration, animator: animator)
    log?.record("willDisplayMenuFor")
  }

  override func contextMenuInteraction(
    _ interaction: UIContextMenuInteraction,
    willEndFor configuration: UIContextMenuConfiguration,
    animator: (any UIContextMenuInteractionAnimating)?
  ) {
    super.contextMenuInteraction(interaction, willEndFor: configuration, animator: animator)
    log?.record("willEndFor")
  }
}

/// Records events in order, on the main actor.
@MainActor
final class EventLog {
  private(set) var events: [String] = []
  func record(_ event: String) { events.append(event) }
}
