import Menus
import MenusUIKit
import Testing

#if canImport(UIKit)
import UIKit
#else
import UIKitStandIn
#endif

@MainActor
@Suite struct DebugMenuInteractionTests {
  @Test func showsTheDelegatesActionsAndAppWideActions() throws {
    let registry = DebugActionRegistry()
    registry.register("env") { MenuAction("Use Staging") { _ in } }
    let owner = ActionsOwner(actions: {
      [UIAction(title: "Copy ID") { _ in UIPasteboard.general.string = "42" }]
    })
    let view = UIView()
    view.addInteraction(DebugMenuInteraction(delegate: owner, registry: registry))
    let interaction = try #require(view.interactions.first as? DebugMenuInteraction)
    #expect(interaction._simulateLongPress())
    let menu = try #require(interaction._visibleMenu)
    #expect(menu.title == DebugMenuInteraction.defaultTitle)
    #expect(menu._childTitles == ["Copy ID", ""])
    #expect((menu.children.last as? UIMenu)?.options == .displayInline)
    #expect(menu._action(titled: "Use Staging") != nil)
    #expect(interaction._simulateSelectAction(titled: "Copy ID"))
    #expect(UIPasteboard.general.string == "42")
  }

  @Test func noActionsMeansNoMenu() {
    let owner = ActionsOwner(actions: { [] })
    let interaction = DebugMenuInteraction(delegate: owner, registry: DebugActionRegistry())
    UIView().addInteraction(interaction)
    #expect(!interaction._simulateLongPress())
  }

  @Test func aReleasedDelegateGivesNoMenu() throws {
    var owner: ActionsOwner? = ActionsOwner(actions: { [UIAction(title: "Copy") { _ in }] })
    let view = UIView()
    let interaction = DebugMenuInteraction(
      delegate: try #require(owner), registry: DebugActionRegistry())
    view.addInteraction(interaction)
    #expect(interaction.debugDelegate != nil)
    owner = nil
    #expect(interaction.debugDelegate == nil, "the interaction must hold its delegate weakly")
    #expect(!interaction._simulateLongPress())
  }

  @Test func theInteractionDoesNotKeepItsViewAlive() {
    weak var weakView: DebugView?
    do {
      let view = DebugView()
      view.addDebugMenuInteraction()
      weakView = view
    }
    #expect(weakView == nil)
  }

  @Test func addDebugMenuInteractionAddsOneInteractionInDebugBuildsOnly() {
    let view = DebugView()
    view.addDebugMenuInteraction()
    view.addDebugMenuInteraction()
    #if DEBUG
    #expect(view.interactions.count == 1)
    #expect(view.interactions.first is DebugMenuInteraction)
    #else
    #expect(view.interactions.isEmpty, "release builds must add nothing")
    #endif
    view.removeDebugMenuInteraction()
    #expect(view.interactions.isEmpty)
  }

  @Test func readyMadeActionsCopyAndShowValues() async throws {
    let pasteboard = UIPasteboard.general
    let copy = UIAction.copyValue(titled: "Copy User ID", value: "user-7")
    #expect(copy.subtitle == "user-7")
    let show = UIAction.showValue(titled: "Build", value: "1.2.3 (45)")
    #expect(show.title == "Build" && show.subtitle == "1.2.3 (45)")
    let owner = ActionsOwner(actions: {
      [copy, show, UIDeferredMenuElement.value(titled: "Token") { "abc" }]
    })
    let view = UIView()
    view.addInteraction(DebugMenuInteraction(delegate: owner, registry: DebugActionRegistry()))
    let interaction = try #require(view.interactions.first as? DebugMenuInteraction)
    interaction._simulateLongPress()
    for _ in 0..<20 { await Task.yield() }
    let menu = try #require(interaction._visibleMenu)
    #expect(menu._childTitles == ["Copy User ID", "Build", "Token"])
    #expect(menu._action(titled: "Token")?.subtitle == "abc")
    interaction._simulateSelectAction(titled: "Copy User ID")
    #expect(pasteboard.string == "user-7")
    interaction._simulateLongPress()
    interaction._simulateSelectAction(titled: "Build")
    #expect(pasteboard.string == "1.2.3 (45)")
  }
}

/// A delegate whose actions come from a closure.
final class ActionsOwner: DebugMenuInteractionDelegate {
  let actions: @MainActor () -> [UIMenuElement]
  init(actions: @escaping @MainActor () -> [UIMenuElement]) { self.actions = actions }
  func debugActions() -> [UIMenuElement] { actions() }
}

final class DebugView: UIView {}

#if DEBUG
extension DebugView: DebugMenuInteractionDelegate {
  func debugActions() -> [UIMenuElement] { [UIAction(title: "Inspect") { _ in }] }
}
#endif
