import Menus
import MenusUIKit
import Testing

#if canImport(UIKit)
import UIKit
#else
import UIKitStandIn
#endif

@MainActor
@Suite struct DeferredElementTests {
  /// Lets pending main-actor tasks (deferred providers) run.
  private func settle() async {
    for _ in 0..<20 { await Task.yield() }
  }

  private func showAndHide(_ control: MenuControl) async -> [String] {
    control._simulateTap()
    await settle()
    let titles = control.contextMenuInteraction?._visibleMenu?._childTitles ?? []
    control.dismissMenu()
    return titles
  }

  @Test func cachedModelElementLoadsOnceAcrossDisplays() async {
    let loads = LoadCounter()
    let control = MenuControl(
      menu: Menu {
        DeferredMenuElement(caching: .cached) {
          loads.count += 1
          return [.action(MenuAction("Token \(loads.count)") { _ in })]
        }
      })
    #expect(await showAndHide(control) == ["Token 1"])
    #expect(await showAndHide(control) == ["Token 1"])
    #expect(loads.count == 1)
    #expect(control.contextMenuInteraction?._repeatedCompletions == 0)
  }

  @Test func uncachedModelElementLoadsOnEveryDisplay() async {
    let loads = LoadCounter()
    let control = MenuControl(
      menu: Menu {
        DeferredMenuElement(caching: .uncached) {
          loads.count += 1
          return [.action(MenuAction("Token \(loads.count)") { _ in })]
        }
      })
    #expect(await showAndHide(control) == ["Token 1"])
    #expect(await showAndHide(control) == ["Token 2"])
    #expect(loads.count == 2)
  }

  @Test func uikitDeferredElementsFollowUIKitCaching() async {
    let loads = LoadCounter()
    let cached = UIDeferredMenuElement { completion in
      loads.count += 1
      completion([UIAction(title: "Cached") { _ in }])
    }
    let uncached = UIDeferredMenuElement.uncached { completion in
      loads.uncachedCount += 1
      completion([UIAction(title: "Fresh \(loads.uncachedCount)") { _ in }])
    }
    let control = MenuControl(menu: UIMenu(children: [cached, uncached]))
    #expect(await showAndHide(control) == ["Cached", "Fresh 1"])
    #expect(await showAndHide(control) == ["Cached", "Fresh 2"])
    #expect(loads.count == 1 && loads.uncachedCount == 2)
  }

  @Test func aLoadingRowStaysUntilTheCompletionRuns() async throws {
    let gate = Gate()
    let control = MenuControl(
      menu: Menu {
        MenuAction("Now") { _ in }
        DeferredMenuElement(caching: .uncached) {
          await gate.wait()
          return [.action(MenuAction("Later") { _ in })]
        }
      })
    control._simulateTap()
    await settle()
    #expect(control.contextMenuInteraction?._visibleMenu?._childTitles == ["Now", "…"])
    gate.open()
    await settle()
    #expect(control.contextMenuInteraction?._visibleMenu?._childTitles == ["Now", "Later"])
    #expect(control.contextMenuInteraction?._repeatedCompletions == 0)
  }

  @Test func theCompletionRunsOnceEvenAfterTheMenuCloses() async {
    let gate = Gate()
    let loads = LoadCounter()
    let control = MenuControl(
      menu: Menu {
        DeferredMenuElement(caching: .uncached) {
          await gate.wait()
          loads.count += 1
          return []
        }
      })
    control._simulateTap()
    await settle()
    control.dismissMenu()
    gate.open()
    await settle()
    #expect(loads.count == 1)
    #expect(control.contextMenuInteraction?._repeatedCompletions == 0)
  }
}

@MainActor
final class LoadCounter {
  var count = 0
  var uncachedCount = 0
}

/// Holds providers back until the test opens it.
@MainActor
final class Gate {
  private var isOpen = false
  private var waiters: [CheckedContinuation<Void, Never>] = []

  func wait() async {
    if isOpen { return }
    await withCheckedContinuation { waiters.append($0) }
  }

  func open() {
    isOpen = true
    for waiter in waiters { waiter.resume() }
    waiters = []
  }
}
