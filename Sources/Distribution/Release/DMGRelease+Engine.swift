extension DMGRelease {
  /// Who signs, notarizes and staples a release: Shipyard itself with its configuration, Apple's
  /// tools or rcodesign.
  package enum Engine: Sendable {
    /// Shipyard's own engine, with its endpoints.
    case native(NativeEngine.Configuration)
    /// Apple's tools: `codesign`, `notarytool`, `stapler`, `spctl`.
    case apple
    /// rcodesign.
    case rcodesign

    /// The engine, running its tools (if any) from `PATH`.
    package var releaseEngine: any ReleaseEngine {
      switch self {
      case .native(let configuration): NativeEngine.live(configuration: configuration)
      case .apple: AppleEngine(runner: .live())
      case .rcodesign: RCodesignEngine(runner: .live())
      }
    }
  }

  /// The engine as the `capability` that `step` needs, or an options error naming what it
  /// lacks: an engine implements only what it can do (``ReleaseEngine``).
  func engine<Capability>(for step: Step, as capability: Capability.Type)
    throws(DMGReleaseError) -> Capability
  {
    guard let engine else {
      throw DMGReleaseError(
        step: step, kind: .invalidOptions, description: "no signing engine for \(step.rawValue)")
    }
    guard let capable = engine as? Capability else {
      throw DMGReleaseError(
        step: step, kind: .invalidOptions, description: Self.lacking(engine.name, step: step))
    }
    return capable
  }

  /// Why the engine named `engine` cannot run `step`.
  static func lacking(_ engine: String, step: Step) -> String {
    switch step {
    case .notarizeApp:
      "\(engine) cannot zip an app for notarization (rcodesign notarizes a bundle itself: "
        + "rcodesign notary-submit --staple <app>): use --engine native (or apple on macOS) for "
        + "app notarize and --staple-app"
    default: "the \(engine) engine cannot run the \(step.rawValue) step"
    }
  }
}
