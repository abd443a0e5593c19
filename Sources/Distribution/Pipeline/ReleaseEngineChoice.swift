/// Who signs, notarizes and staples a release: Shipyard itself with its configuration, Apple's
/// tools or rcodesign.
package enum ReleaseEngineChoice: Sendable {
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
