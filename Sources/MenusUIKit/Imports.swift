// The imports every file of MenusUIKit needs, once: UIKit on Apple platforms, the stand-in of its
// slice elsewhere, and the menu model. The whole module is built only with MENUS_UIKIT.
#if MENUS_UIKIT
#if canImport(UIKit)
@_exported public import UIKit
#else
@_exported public import UIKitStandIn
#endif
@_exported public import Menus
#endif
