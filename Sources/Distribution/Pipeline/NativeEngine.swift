import CodeSigning
import Digests
public import Foundation
package import NotaryService
import SystemSupport

/// Shipyard's own engine, on any OS, with no Apple tool and no rcodesign.
///
/// It signs over OpenSSL, notarizes through Apple's Notary REST API with an App Store Connect API
/// key, uploads with S3 SigV4, and staples from the CloudKit ticket look-up. Credentials are
/// passed in (``SigningIdentity``, ``NotaryCredentials``); the engine reads no environment
/// variable. A program runs its steps through a release, ``AppRelease`` or ``DMGRelease``:
///
/// ```swift
/// var configuration = NativeEngine.Configuration.apple
/// configuration.identifier = "com.example.MyApp"
/// let engine = NativeEngine.live(configuration: configuration)
/// let release = DMGRelease(image: "MyApp.dmg", engine: engine)
/// try await release.sign(identity: .p12(path: "id.p12", password: Secret(password)))
/// let credentials = NotaryCredentials.apiKey(
///   path: "AuthKey_ABC123.p8", keyID: "ABC123", issuer: issuerUUID)
/// try await release.notarize(credentials: credentials)
/// try await release.staple()
/// ```
public struct NativeEngine: ImageSigning, AppSigning, PackageSigning, PackageBuilding,
  UploadResuming,
  AppArchiving, SubmissionLookUp, Stapling
{
  /// Where the engine's requests go and how it signs.
  public struct Configuration: Sendable {
    /// The Notary API's base URL (submissions at `<base>/submissions`).
    public var notaryURL: URL
    /// An S3-compatible endpoint for path-style uploads, or `nil` for Apple's bucket on AWS.
    public var s3URL: URL?
    /// The ticket look-up URL.
    public var ticketURL: URL
    /// The time-stamp authority, or `nil` to sign without a timestamp.
    public var timestampURL: URL?
    /// The signing identifier, or `nil` for the image's file name stem.
    public var identifier: String?
    /// The size of each part of a multipart upload to S3, and the size past which an image is
    /// uploaded in parts rather than in one PUT: 64 MiB unless set (at least 5 MiB, S3's
    /// smallest part).
    public var uploadPartSize: Int64 = S3Uploader.defaultPartSize
    /// The smallest part S3 takes: 5 MiB.
    public static let minimumUploadPartSize: Int64 = S3Uploader.minimumPartSize

    /// Apple's Notary API.
    public static let defaultNotaryURL = NotaryAPIClient.defaultBaseURL
    /// Apple's ticket look-up.
    public static let defaultTicketURL = TicketLookupClient.defaultURL
    /// Apple's time-stamp authority.
    public static let defaultTimestampURL = TimestampClient.defaultURL

    /// Apple's services: the Notary API, its bucket, the ticket look-up and Apple's time-stamp
    /// authority; the identifier from the image's name.
    public static var apple: Configuration {
      Configuration(
        notaryURL: appleURL(defaultNotaryURL), s3URL: nil,
        ticketURL: appleURL(defaultTicketURL), timestampURL: appleURL(defaultTimestampURL),
        identifier: nil)
    }

    /// Makes a configuration.
    ///
    /// - Parameters:
    ///   - notaryURL: The Notary API's base URL.
    ///   - s3URL: An S3-compatible endpoint for the upload, or `nil` for the bucket the Notary
    ///     API names.
    ///   - ticketURL: The ticket look-up URL.
    ///   - timestampURL: The time-stamp authority, or `nil` to sign without a timestamp.
    ///   - identifier: The signing identifier, or `nil` for the image's file name stem.
    public init(
      notaryURL: URL, s3URL: URL?, ticketURL: URL, timestampURL: URL?, identifier: String?
    ) {
      self.notaryURL = notaryURL
      self.s3URL = s3URL
      self.ticketURL = ticketURL
      self.timestampURL = timestampURL
      self.identifier = identifier
    }

    /// One of Apple's endpoints above, which are valid URLs.
    private static func appleURL(_ text: String) -> URL {
      guard let url = URL(string: text) else { preconditionFailure("\(text) is not a URL") }
      return url
    }
  }

  package let name = "native"
  let configuration: Configuration
  let transport: HTTPTransport
  let now: @Sendable () -> Date
  /// The Notary clients by credentials, so that a token is reused and renewed across calls.
  private let clients = Locked<[String: NotaryAPIClient]>([:])

  /// Makes the engine.
  ///
  /// - Parameters:
  ///   - configuration: Endpoints and signing choices.
  ///   - transport: HTTP, already retrying where wanted.
  ///   - now: The clock of signatures and tokens.
  package init(
    configuration: Configuration, transport: HTTPTransport,
    now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.configuration = configuration
    self.transport = transport
    self.now = now
  }

  /// The engine over URLSession, retrying connection errors and 5xx answers four times.
  ///
  /// - Parameter configuration: The endpoints and the signing identifier; ``Configuration/apple``
  ///   for Apple's services.
  /// - Returns: The engine, ready for a release (``AppRelease``, ``DMGRelease``) to sign,
  ///   notarize and staple with.
  public static func live(configuration: Configuration) -> NativeEngine {
    NativeEngine(
      configuration: configuration,
      transport: HTTPTransport.urlSession().retrying(
        service: "Apple's services", sleep: PipelineClock.live.sleep))
  }

  // MARK: - Signing

  /// Signs the image with `identity`: an embedded code signature over OpenSSL, timestamped by
  /// the configuration's time-stamp authority.
  ///
  /// - Parameters:
  ///   - image: The disk image, changed in place.
  ///   - identity: A ``SigningIdentity/p12(path:passwordFile:password:)``,
  ///     ``SigningIdentity/p12Bytes(_:passwordFile:password:)`` or ``SigningIdentity/pem(path:)``
  ///     identity with a Developer ID Application certificate.
  /// - Throws: An error naming the identity file or the time-stamp authority when either fails,
  ///   or the image when it cannot be read or written; a keychain identity is refused.
  package func sign(_ image: String, identity: SigningIdentity?) async throws {
    let signer = try identity.map { try loadIdentity($0, validAt: now()) }
    try await DMGSigner(
      identity: signer, identifier: configuration.identifier,
      timestamp: signer == nil ? nil : timestamper(), now: now
    ).sign(image)
  }

  /// Stamps signatures through the configuration's time-stamp authority; `nil` without one.
  func timestamper() -> CodeSignatureBuilder.Timestamper? {
    configuration.timestampURL.map { url in
      let client = TimestampClient(url: url, transport: transport)
      return { request in
        do {
          return try await client.stamp(request)
        } catch {
          throw CodeSigningError.timestampFailed("\(error)")
        }
      }
    }
  }

  func loadIdentity(_ identity: SigningIdentity) throws -> SignerIdentity {
    switch identity {
    case .p12(let path, let passwordFile, let password):
      return try Self.loadPKCS12(.file(path), passwordFile: passwordFile, password: password)
    case .p12Bytes(let bytes, let passwordFile, let password):
      return try Self.loadPKCS12(.bytes(bytes), passwordFile: passwordFile, password: password)
    case .pem(let path):
      return try SignerIdentity.load(pem: try CredentialSource.file(path).read(), path: path)
    case .keychain:
      throw PipelineError.keychainIdentityUnsupported(engine: "native")
    }
  }

  /// The PKCS#12 identity in `source`, opened with `password`, else the password in
  /// `passwordFile`, else none; a wrong password with none given is
  /// ``CodeSigningError/passwordNeeded(path:)`` naming the source.
  static func loadPKCS12(_ source: CredentialSource, passwordFile: String?, password: Secret?)
    throws -> SignerIdentity
  {
    let secret: String
    if let password {
      secret = password.value
    } else if let passwordFile {
      secret = try String(contentsOfFile: passwordFile, encoding: .utf8)
        .trimmingCharacters(in: .newlines)
    } else {
      secret = ""
    }
    let bytes = try source.read()
    do {
      return try SignerIdentity.load(pkcs12: bytes, password: secret, path: source.name)
    } catch {
      guard case .wrongPassword = error, password == nil, passwordFile == nil else { throw error }
      throw CodeSigningError.passwordNeeded(path: source.name)
    }
  }

  // MARK: - Notarizing

  /// Loads the API key, so that a missing or unusable `.p8` is found before any work starts.
  package func validate(_ credentials: NotaryCredentials) throws {
    _ = try client(credentials)
  }

  /// Loads the identity and checks its certificate is valid now: a wrong password, a missing key
  /// or an expired certificate is found before any work starts.
  package func validate(_ identity: SigningIdentity) throws {
    _ = try loadIdentity(identity, validAt: now())
  }

  /// Loads the identity and checks its certificate is valid at `date` and its issuer is carried;
  /// a certificate that is not (expired, not yet valid, exported without its chain) is an error
  /// naming its file.
  func loadIdentity(_ identity: SigningIdentity, validAt date: Date) throws -> SignerIdentity {
    let signer = try loadIdentity(identity)
    do {
      try signer.checkValidity(at: date)
      try signer.checkIssuerCarried()
    } catch {
      let file: String
      switch identity {
      case .p12(let path, _, _), .pem(let path): file = path
      case .p12Bytes(let bytes, _, _): file = bytes.origin
      case .keychain(let name, _): file = name
      }
      throw CodeSigningError.unusableIdentity(path: file, reason: "\(error)")
    }
    return signer
  }

  /// The key's source, key ID and issuer; the key ID of a file may come from its name
  /// `AuthKey_<id>.p8`.
  static func apiKey(_ credentials: NotaryCredentials) throws -> (
    source: CredentialSource, keyID: String, issuer: String
  ) {
    switch credentials {
    case .apiKey(let path, let keyID, let issuer):
      let stem = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
      let derived = stem.hasPrefix("AuthKey_") ? String(stem.dropFirst(8)) : nil
      guard let keyID = keyID ?? derived, let issuer else {
        throw PipelineError.apiKeyIncomplete
      }
      return (.file(path), keyID, issuer)
    case .apiKeyBytes(let bytes, let keyID, let issuer):
      return (.bytes(bytes), keyID, issuer)
    case .appleID, .keychainProfile:
      throw PipelineError.apiKeyRequired(engine: "native")
    }
  }

  func client(_ credentials: NotaryCredentials) throws -> NotaryAPIClient {
    let (source, keyID, issuer) = try Self.apiKey(credentials)
    // A key in memory is known by its digest, never its bytes, and never by its origin alone.
    let cacheKey =
      switch source {
      case .file(let path): "file \(path)\n\(keyID)\n\(issuer)"
      case .bytes(let bytes):
        "bytes \(DigestAlgorithm.sha256.digest(bytes.bytes).hex)\n\(keyID)\n\(issuer)"
      }
    return try clients.withLock { clients in
      if let client = clients[cacheKey] { return client }
      let key = try AppStoreConnectKey(
        p8: try source.read(), keyID: keyID, issuer: issuer, path: source.name)
      let client = NotaryAPIClient(
        baseURL: configuration.notaryURL, tokens: TokenSource(key: key, now: now),
        transport: transport)
      clients[cacheKey] = client
      return client
    }
  }

  /// Creates the submission and uploads the image to S3.
  ///
  /// The submission carries the image's digest (the Notarizer's one pass over the image), and so
  /// does the upload: the image is read once more, to be sent. `record` gets the submission, its S3 location and credentials before the first byte is sent,
  /// and the multipart upload's ID before its first part.
  package func submit(
    _ submission: NotarySubmission, credentials: NotaryCredentials,
    record: (NotaryUpload) throws -> Void
  ) async throws -> String {
    let client = try client(credentials)
    let name = URL(fileURLWithPath: submission.image).lastPathComponent
    let created = try await client.submit(name: name, sha256: submission.digest.hex)
    try await resumeUpload(
      NotaryUpload(submissionID: created.id, destination: created.upload), of: submission,
      record: record, isNew: true)
    return created.id
  }

  /// Finishes a recorded upload: a multipart upload S3 still holds goes on from its stored
  /// parts; any other is sent again, whole, to the same object.
  package func resumeUpload(
    _ upload: NotaryUpload, of submission: NotarySubmission, record: (NotaryUpload) throws -> Void
  ) async throws {
    try await resumeUpload(upload, of: submission, record: record, isNew: false)
  }

  private func resumeUpload(
    _ upload: NotaryUpload, of submission: NotarySubmission,
    record: (NotaryUpload) throws -> Void, isNew: Bool
  ) async throws {
    if isNew { try record(upload) }
    try await S3Uploader(
      endpoint: configuration.s3URL, transport: transport, now: now,
      partSize: configuration.uploadPartSize
    ).put(
      submission.image, sha256: submission.digest.hex, to: upload.destination,
      resuming: upload.multipartUploadID,
      begun: { uploadID in
        var begun = upload
        begun.multipartUploadID = uploadID
        try record(begun)
      },
      sent: { submission.uploaded?($0, submission.digest.byteCount) })
  }

  package func status(of submissionID: String, credentials: NotaryCredentials) async throws
    -> NotaryStatus
  {
    NotaryStatus(name: try await client(credentials).status(of: submissionID))
  }

  package func info(of submissionID: String, credentials: NotaryCredentials) async throws
    -> NotarySubmissionInfo
  {
    guard
      let info = NotarySubmissionInfo(apiData: try await client(credentials).info(of: submissionID))
    else {
      throw PipelineError.unexpectedOutput(
        "the Notary API gave submission \(submissionID) no status")
    }
    return info
  }

  package func history(credentials: NotaryCredentials) async throws -> [NotarySubmissionInfo] {
    try await client(credentials).history().map { entry in
      guard let info = NotarySubmissionInfo(apiData: entry) else {
        throw PipelineError.unexpectedOutput("the Notary API listed a submission without status")
      }
      return info
    }
  }

  package func log(of submissionID: String, credentials: NotaryCredentials) async throws -> Data {
    try await client(credentials).log(of: submissionID)
  }

  package func issues(of submissionID: String, credentials: NotaryCredentials) async throws
    -> [String]
  {
    try await client(credentials).issues(of: submissionID)
  }

  // MARK: - Stapling

  /// Staples a disk image (the ticket in its signature), an app (the ticket in
  /// `Contents/CodeResources`) or a flat package (the ticket after the archive), looked up by the
  /// image's or the main executable's cdhash, or the package's table of contents digest.
  package func staple(_ path: String) async throws {
    if try PackageStapler.isPackage(path) {
      let (digest, hashType) = try PackageStapler.ticketDigest(of: path)
      switch try await TicketLookupClient(url: configuration.ticketURL, transport: transport)
        .lookUp(cdhash: digest, hashType: hashType)
      {
      case .found(let ticket): try PackageStapler.staple(Array(ticket), to: path)
      case .notFound: throw PipelineError.ticketNotPublished(cdhash: digest.prefix(20).hex)
      }
      return
    }
    let bundle = try FileStatus.of(path)?.kind == .directory ? URL(fileURLWithPath: path) : nil
    let cdhash =
      try bundle.map { try BundleStaple.cdhash(ofBundleAt: $0) }
      ?? DMGStapler.cdhash(of: path)
    switch try await TicketLookupClient(url: configuration.ticketURL, transport: transport)
      .lookUp(cdhash: cdhash)
    {
    case .found(let ticket):
      if let bundle {
        try BundleStaple.staple(Array(ticket), toBundleAt: bundle)
      } else {
        try DMGStapler.staple(ticket, to: path)
      }
    case .notFound: throw PipelineError.ticketNotPublished(cdhash: cdhash.hex)
    }
  }
}
