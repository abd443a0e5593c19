import Menus
import MenusUIKit
import Testing

#if canImport(UIKit)
import UIKit
#else
import UIKitStandIn
#endif

// MARK: - Usage 1: a debug menu on a view, from the blog post, unchanged.

struct User {
  let identifier: String
}

final class UserTextField: UITextField {
  var user: User?
}

#if DEBUG
extension UserTextField: DebugMenuInteractionDelegate {
  func debugActions() -> [UIMenuElement] {
    [
      UIAction(title: "Copy Identifier") { _ in
        UIPasteboard.general.string = self.user?.identifier ?? ""
      }
    ]
  }
}
#endif

// MARK: - Usage 2: a custom UIControl that shows a UIMenu on tap, as UIControl.h describes it.

final class SortControl: UIControl {
  var menu: UIMenu?

  override init(frame: CGRect) {
    super.init(frame: frame)
    isContextMenuInteractionEnabled = true
    showsMenuAsPrimaryAction = true
  }

  required init?(coder: NSCoder) {
    super.init(coder: coder)
  }

  override func contextMenuInteraction(
    _ interaction: UIContextMenuInteraction,
    configurationForMenuAtLocation location: CGPoint
  ) -> UIContextMenuConfiguration? {
    UIContextMenuConfiguration(identifier: nil, previewProvider: nil) { [weak self] _ in
      self?.menu
    }
  }
}

/// A UIControl subclass that forgets the override: UIKit gives it no menu.
final class ForgetfulControl: UIControl {
  override init(frame: CGRect) {
    super.init(frame: frame)
    isContextMenuInteractionEnabled = true
    showsMenuAsPrimaryAction = true
  }

  required init?(coder: NSCoder) {
    super.init(coder: coder)
  }
}

@MainActor
@Suite struct BlogPostUsageTests {
  @Test func debugMenuUsageWorksInDebugBuilds() throws {
    let userTextField = UserTextField()
    userTextField.user = User(identifier: "user-1234")
    // in production code:
    userTextField.addDebugMenuInteraction()
    #if DEBUG
    let interaction = try #require(userTextField.interactions.first as? DebugMenuInteraction)
    #expect(interaction._simulateLongPress())
    #expect(interaction._simulateSelectAction(titled: "Copy Identifier"))
    #expect(UIPasteboard.general.string == "user-1234")
    #else
    #expect(userTextField.interactions.isEmpty)
    #endif
  }

  @Test func customControlUsageShowsItsMenuOnTap() throws {
    var selected = false
    let control = SortControl(frame: CGRect(x: 0, y: 0, width: 44, height: 44))
    control.menu = UIMenu(
      title: "", children: [UIAction(title: "Newest First") { _ in selected = true }])
    #expect(control._simulateTap())
    #expect(control.contextMenuInteraction?._simulateSelectAction(titled: "Newest First") == true)
    #expect(selected)
  }

  @Test func aControlWithoutTheOverrideGetsNoMenu() {
    let control = ForgetfulControl(frame: .zero)
    #expect(!control._simulateTap())
    #expect(control._log.contains { $0.contains("override") })
  }

  @Test func buttonMenuUsageShowsItsMenuOnTap() {
    var selected = false
    let button = UIButton(frame: .zero)
    button.menu = UIMenu(children: [UIAction(title: "Duplicate") { _ in selected = true }])
    button.showsMenuAsPrimaryAction = true
    #expect(button._simulateTap())
    #expect(button.contextMenuInteraction?._simulateSelectAction(titled: "Duplicate") == true)
    #expect(selected)
  }
}
