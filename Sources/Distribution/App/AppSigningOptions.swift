public import Foundation

/// How to sign the code of a Mac app (or of one Mach-O file): entitlements, the hardened runtime,
/// the identifier of a single binary and the signing time.
///
/// ```swift
/// var options = AppSigningOptions()
/// options.entitlements[""] = "MyApp.entitlements"
/// options.entitlements["Contents/Frameworks/MyApp Helper (Plugin).app"] = "plugin.entitlements"
/// ```
public struct AppSigningOptions: Sendable, Equatable {
  /// Entitlements property-list files, by what they are for: `""` for the app's main executable
  /// (or the single binary), else a path inside the bundle to a nested bundle (its main
  /// executable gets them) or to a nested executable.
  public var entitlements: [String: String]
  /// Whether every executable and library gets the hardened runtime (Apple's notary requires it
  /// on executables).
  public var hardenedRuntime: Bool
  /// The signing identifier of a single binary; bundles take each `CFBundleIdentifier`.
  ///
  /// Code that none names (no option, no `CFBundleIdentifier`) keeps the identifier of its former
  /// signature, unless a linker made it; else it is named after its file.
  public var identifier: String?
  /// Whether code keeps the entitlements of its former signature when ``entitlements`` gives it
  /// none.
  ///
  /// As rcodesign does: a JIT runtime re-signed with the hardened runtime still needs its
  /// `com.apple.security.cs.allow-jit`. `false` drops them.
  public var preservesEntitlements: Bool
  /// The CMS signing time, or `nil` for now (`SOURCE_DATE_EPOCH` makes signatures reproducible).
  public var signingTime: Date?

  /// Makes options.
  ///
  /// - Parameters:
  ///   - entitlements: Entitlements files by the path they are for (`""`: the main executable).
  ///   - hardenedRuntime: Whether to set the hardened runtime on all code.
  ///   - identifier: A single binary's identifier.
  ///   - preservesEntitlements: Whether code keeps its former signature's entitlements when
  ///     none are given for it.
  ///   - signingTime: The signing time, or `nil` for now.
  public init(
    entitlements: [String: String] = [:], hardenedRuntime: Bool = true, identifier: String? = nil,
    preservesEntitlements: Bool = true, signingTime: Date? = nil
  ) {
    self.entitlements = entitlements
    self.hardenedRuntime = hardenedRuntime
    self.identifier = identifier
    self.preservesEntitlements = preservesEntitlements
    self.signingTime = signingTime
  }
}
