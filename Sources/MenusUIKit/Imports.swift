// The UI framework this module adapts to: UIKit on Apple platforms, UIKitStandIn on Linux.
// `MENUS_UIKIT` is defined in Package.swift for exactly the platforms that have one.
@_exported public import Menus

#if MENUS_UIKIT && canImport(UIKit)
@_exported public import UIKit
#elseif MENUS_UIKIT
@_exported public import UIKitStandIn
#endif
