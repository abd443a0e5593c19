#if !canImport(Darwin)
import Foundation

/// A view: a rectangle that holds subviews and interactions.
@MainActor
open class UIView: UIResponder {
  /// The frame in the superview's coordinates.
  open var frame: CGRect
  /// The bounds, in the view's own coordinates.
  open var bounds: CGRect { CGRect(origin: .zero, size: frame.size) }
  /// Whether touches reach the view; menus never trigger when this is off.
  open var isUserInteractionEnabled = true
  /// Whether the view is hidden.
  open var isHidden = false
  /// The view containing this one.
  open private(set) weak var superview: UIView?
  /// The views inside this one, back to front.
  open private(set) var subviews: [UIView] = []
  /// The interactions attached to the view; the view retains them.
  open var interactions: [any UIInteraction] {
    get { storedInteractions }
    set {
      for interaction in storedInteractions { removeInteraction(interaction) }
      for interaction in newValue { addInteraction(interaction) }
    }
  }
  private var storedInteractions: [any UIInteraction] = []

  /// Makes a view with a frame.
  public init(frame: CGRect) {
    self.frame = frame
    super.init()
  }

  /// Makes a view from an archive; the stand-in has none.
  public required init?(coder: NSCoder) {
    frame = .zero
    super.init()
  }

  /// Makes a view with a zero frame.
  public convenience override init() { self.init(frame: .zero) }

  /// Adds `view` on top of the subviews.
  open func addSubview(_ view: UIView) {
    view.removeFromSuperview()
    subviews.append(view)
    view.superview = self
  }

  /// Removes the view from its superview.
  open func removeFromSuperview() {
    superview?.subviews.removeAll { $0 === self }
    superview = nil
  }

  /// Attaches an interaction: `willMove(to: self)`, store, `didMove(to: self)`.
  open func addInteraction(_ interaction: any UIInteraction) {
    interaction.willMove(to: self)
    storedInteractions.append(interaction)
    interaction.didMove(to: self)
  }

  /// Detaches an interaction: `willMove(to: nil)`, remove, `didMove(to: nil)`.
  open func removeInteraction(_ interaction: any UIInteraction) {
    guard storedInteractions.contains(where: { $0 === interaction }) else { return }
    interaction.willMove(to: nil)
    storedInteractions.removeAll { $0 === interaction }
    interaction.didMove(to: nil)
  }
}

/// An object that adds behaviour to a view (`UIInteraction`).
@MainActor
public protocol UIInteraction: NSObjectProtocol {
  /// The view the interaction is attached to.
  var view: UIView? { get }
  /// Called before the interaction moves to `view` (`nil` when removed).
  func willMove(to view: UIView?)
  /// Called after the interaction moved to `view` (`nil` when removed).
  func didMove(to view: UIView?)
}

/// A view that shows text.
@MainActor
open class UILabel: UIView {
  /// The text.
  open var text: String?
}

/// A view that shows an image.
@MainActor
open class UIImageView: UIView {
  /// The image.
  open var image: UIImage?

  /// Makes an image view showing `image`.
  public convenience init(image: UIImage?) {
    self.init(frame: .zero)
    self.image = image
  }
}
#endif
