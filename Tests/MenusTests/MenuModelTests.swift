import Menus
import Testing

@MainActor
@Suite struct MenuModelTests {
  @Test func builderWritesConditionsAndLoops() {
    let flags = ["a", "b", "c"]
    let showAdmin = false
    let menu = Menu("Debug", identifier: "root") {
      MenuAction("Copy ID", identifier: "copy") { _ in }
      if showAdmin {
        MenuAction("Admin") { _ in }
      } else {
        MenuAction("Guest", attributes: .disabled) { _ in }
      }
      for flag in flags {
        MenuAction(flag, identifier: flag, state: flag == "b" ? .on : .off) { _ in }
      }
      Menu("More", identifier: "more", options: .displayInline) {
        MenuAction("Deep", identifier: "deep") { _ in }
      }
      DeferredMenuElement { [] }
    }
    #expect(menu.children.count == 7)
    #expect(menu.allActions.map(\.title) == ["Copy ID", "Guest", "a", "b", "c", "Deep"])
    #expect(menu.action(withIdentifier: "deep")?.title == "Deep")
    #expect(menu.submenu(withIdentifier: "more")?.options == .displayInline)
    #expect(menu.action(withIdentifier: "copy")?.isSelectable == true)
    #expect(menu.allActions[1].isSelectable == false)
  }

  @Test func singleSelectionTurnsOneOnAndTheOthersOff() {
    let menu = Menu("Sort", options: .singleSelection) {
      MenuAction("Name", identifier: "name", state: .on) { _ in }
      MenuAction("Date", identifier: "date") { _ in }
    }
    let selected = menu.selecting("date")
    #expect(selected.allActions.map(\.state) == [.off, .on])
    #expect(selected.selecting("date").allActions.map(\.state) == [.off, .on])
  }

  @Test func otherMenusToggleTheSelectedAction() {
    let menu = Menu {
      MenuAction("Wrap", identifier: "wrap") { _ in }
      MenuAction("Ruler", identifier: "ruler", state: .on) { _ in }
    }
    #expect(menu.selecting("wrap").allActions.map(\.state) == [.on, .on])
    #expect(menu.selecting("ruler").allActions.map(\.state) == [.off, .off])
  }

  @Test func attributeAndOptionBitsAreUIKits() {
    #expect(MenuElementAttributes.disabled.rawValue == 1)
    #expect(MenuElementAttributes.destructive.rawValue == 2)
    #expect(MenuElementAttributes.hidden.rawValue == 4)
    #expect(MenuElementAttributes.keepsMenuPresented.rawValue == 8)
    #expect(MenuOptions.displayInline.rawValue == 1)
    #expect(MenuOptions.destructive.rawValue == 2)
    #expect(MenuOptions.singleSelection.rawValue == 32)
    #expect(MenuOptions.displayAsPalette.rawValue == 128)
    #expect(MenuElementState.mixed.rawValue == 2)
  }

  @Test func cachedDeferredElementsLoadOnceAndUncachedOnesEveryTime() async {
    let counter = Counter()
    let cached = DeferredMenuElement(caching: .cached) {
      counter.increment()
      return [.action(MenuAction("Loaded \(counter.value)") { _ in })]
    }
    let uncached = DeferredMenuElement(caching: .uncached) {
      counter.increment()
      return []
    }
    #expect(!cached.isResolved)
    let first = await cached.elements()
    let copy = cached  // copies share the cache
    let second = await copy.elements()
    #expect(counter.value == 1)
    #expect(first.first?.action?.title == "Loaded 1" && second.first?.action?.title == "Loaded 1")
    #expect(copy.isResolved)
    _ = await uncached.elements()
    _ = await uncached.elements()
    #expect(counter.value == 3)
    #expect(!uncached.isResolved)
  }

  @Test func registryKeepsOrderReplacesAndRemoves() {
    let registry = DebugActionRegistry()
    registry.register("env") { MenuAction("Staging") { _ in } }
    registry.register("logs") {
      MenuAction("Share Logs") { _ in }
      MenuAction("Clear Logs", attributes: .destructive) { _ in }
    }
    #expect(
      registry.elements.compactMap(\.action?.title) == ["Staging", "Share Logs", "Clear Logs"])
    registry.register("env") { MenuAction("Production") { _ in } }
    #expect(
      registry.elements.compactMap(\.action?.title) == ["Production", "Share Logs", "Clear Logs"])
    registry.unregister("logs")
    #expect(registry.elements.compactMap(\.action?.title) == ["Production"])
  }

  @Test func handlersReceiveTheirAction() {
    let counter = Counter()
    let action = MenuAction("Go", identifier: "go") { action in
      if action.identifier == "go" { counter.increment() }
    }
    action.handler(action)
    #expect(counter.value == 1)
  }
}

/// Counts calls on the main actor.
@MainActor
final class Counter: Sendable {
  private(set) var value = 0
  func increment() { value += 1 }
}
