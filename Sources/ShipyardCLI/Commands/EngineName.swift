import Distribution
import Foundation

/// Who signs, notarizes and staples: `--engine native|apple|rcodesign`.
enum EngineName: String, CaseIterable, Sendable {
  /// Shipyard itself: OpenSSL, Apple's Notary REST API, on any OS.
  case native
  /// Apple's tools: `codesign`, `notarytool`, `stapler`, `spctl`.
  case apple
  /// rcodesign, where installed.
  case rcodesign

  // MARK: - API

  /// `--engine`, shared by `dmg sign`, `notarize`, `staple` and `ship` (each describes it).
  static let option = option(among: allCases)

  /// `--engine` taking one of `engines` only (the commands whose steps the others cannot run).
  static func option(among engines: [EngineName]) -> OptionSpec<EngineName?> {
    .option(
      "--engine", value: "<\(engines.map(\.rawValue).joined(separator: "|"))>",
      .choice(engines.map { ($0.rawValue, $0) }), key: "sign.engine",
      help: """
        Who signs, notarizes and staples (default: apple on macOS, native elsewhere).
        native is Shipyard itself (OpenSSL, Apple's Notary REST API), on any OS.
        """
    ) { $0 = $1 }
  }

  /// The engine when none is asked for: Apple's tools on macOS, Shipyard's own elsewhere.
  static var platformDefault: EngineName {
    #if os(macOS)
    .apple
    #else
    .native
    #endif
  }

  /// The engine, made before any work starts; the native engine's endpoints come from
  /// `signing` and `environment` (for proxies and tests): `SHIPYARD_NOTARY_URL`,
  /// `SHIPYARD_S3_URL`, `SHIPYARD_TICKET_URL`, `SHIPYARD_TIMESTAMP_URL`; and the upload's part
  /// size, `SHIPYARD_S3_PART_SIZE` (bytes).
  func engine(
    signing: SigningOptions?, identifier: String? = nil, environment: [String: String],
    command: String
  ) throws(CommandError) -> any ReleaseEngine {
    let choice: ReleaseEngineChoice =
      switch self {
      case .apple: .apple
      case .rcodesign: .rcodesign
      case .native:
        .native(
          try Self.nativeConfiguration(
            signing: signing, identifier: identifier, environment: environment, command: command))
      }
    return choice.releaseEngine
  }

  // MARK: - Implementation

  private static func nativeConfiguration(
    signing: SigningOptions?, identifier: String?, environment: [String: String], command: String
  ) throws(CommandError) -> NativeEngine.Configuration {
    func url(_ text: String, _ source: String) throws(CommandError) -> URL {
      guard let url = URL(string: text), let scheme = url.scheme,
        ["http", "https"].contains(scheme),
        url.host != nil
      else {
        throw .usage("\(source): \(text.debugDescription) is not an http(s) URL", command: command)
      }
      return url
    }
    let timestamp =
      signing?.timestampURL.map { ($0, "--timestamp-url") }
      ?? environment["SHIPYARD_TIMESTAMP_URL"].map { ($0, "SHIPYARD_TIMESTAMP_URL") }
      ?? (NativeEngine.Configuration.defaultTimestampURL, "the default time-stamp URL")
    var configuration = NativeEngine.Configuration(
      notaryURL: try url(
        environment["SHIPYARD_NOTARY_URL"] ?? NativeEngine.Configuration.defaultNotaryURL,
        "SHIPYARD_NOTARY_URL"),
      s3URL: try environment["SHIPYARD_S3_URL"].map { (text) throws(CommandError) in
        try url(text, "SHIPYARD_S3_URL")
      },
      ticketURL: try url(
        environment["SHIPYARD_TICKET_URL"] ?? NativeEngine.Configuration.defaultTicketURL,
        "SHIPYARD_TICKET_URL"),
      timestampURL: signing?.timestamps == false ? nil : try url(timestamp.0, timestamp.1),
      identifier: signing?.identifier ?? identifier)
    if let text = environment["SHIPYARD_S3_PART_SIZE"] {
      guard let size = Int64(text), size >= NativeEngine.Configuration.minimumUploadPartSize else {
        throw .usage(
          "SHIPYARD_S3_PART_SIZE: \(text.debugDescription) is not a part size in bytes of at "
            + "least \(NativeEngine.Configuration.minimumUploadPartSize) (5 MiB, S3's smallest part)",
          command: command)
      }
      configuration.uploadPartSize = size
    }
    return configuration
  }
}
