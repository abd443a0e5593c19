// UIKitStandIn: the slice of UIKit that Shipyard's menu adapters use, for building and testing
// them on Linux. Declarations keep Apple's Swift spellings, labels, defaults, raw values and
// @MainActor isolation (see shared/reference/uikit-menus.md §3). Behaviour follows the documented
// call sequence (§5.2). What is not UIKit API is marked "Test hook" and lives in *+TestHooks files.
//
// On Apple platforms the stand-in's files are empty and the module is UIKit itself, re-exported
// where there is one: so the adapters import this module alone, the same line on every platform.
#if canImport(UIKit)
@_exported public import UIKit
#endif

#if !canImport(Darwin)
@_exported import Foundation

/// An image; the stand-in only remembers how it was made.
open class UIImage: NSObject, @unchecked Sendable {
  /// The SF Symbol or asset name the image was made from.
  public let _name: String

  /// An SF Symbol (`UIImage(systemName:)`).
  public init?(systemName name: String) { _name = name }

  /// An image from the app's assets (`UIImage(named:)`).
  public init?(named name: String) { _name = name }
}

/// A view controller, for preview providers.
@MainActor
open class UIViewController: UIResponder {}

/// A targeted preview, for the preview delegate methods (never shown by control menus).
@MainActor
open class UITargetedPreview: NSObject {}

/// The base of UIKit's responder chain.
@MainActor
open class UIResponder: NSObject {}
#endif
