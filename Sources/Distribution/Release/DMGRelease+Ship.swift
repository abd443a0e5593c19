import Digests
import Foundation
import SystemSupport

extension DMGRelease {
  /// Builds the image (unless `options` is `nil`: the image is built already), then signs,
  /// notarizes, staples, assesses and verifies it as `plan` says, digests the final bytes and
  /// writes the update feeds the plan names.
  ///
  /// The apps of the build's source are released first, each an ``AppRelease``: signed, and
  /// notarized and stapled when ``Plan/stapleApp`` says so.
  ///
  /// - Parameters:
  ///   - options: What to build, with ``image`` as its ``DMGBuildOptions/output``; `nil` when
  ///     the image is built already.
  ///   - plan: Which steps run, and with what.
  /// - Returns: What each step did, ending with the final image's SHA-256 and size.
  /// - Throws: The ``ReleaseError`` of the first step that fails. The identity and the notary
  ///   credentials are checked before the build (a wrong password or a missing key costs no
  ///   build), and an image this call built is removed when a later step fails: a failed ship
  ///   leaves no image at ``image``. Feeds that cannot be written fail the
  ///   ``ReleaseStep/feeds`` step and leave the shipped image in place.
  public func ship(building options: DMGBuildOptions?, plan: Plan) async throws(ReleaseError)
    -> Outcome
  {
    if let identity = plan.identity {
      try context.validate(identity, as: .sign, notary: plan.notary)
    }
    var outcome = Outcome(image: image)
    if let options {
      outcome.apps = try await releaseApps(in: options.source, plan: plan)
      try build(options)
      outcome.built = true
      do {
        try await release(plan, outcome: &outcome)
      } catch {
        try? FileManager.default.removeItem(atPath: image)
        throw error
      }
    } else {
      try await release(plan, outcome: &outcome)
    }
    if let feeds = plan.feeds, feeds.writesAnything {
      outcome.feeds = try publish(feeds)
    }
    return outcome
  }

  /// Releases each app of the build's source before the build: all are signed first, then
  /// each is notarized and stapled (the first of two submissions) when the plan says so.
  ///
  /// Each app's submission is recorded beside the image (`<image>.<Name>.app.notarization.json`),
  /// not beside the app: the source folder is the volume's contents, and a state file there would
  /// end up in the image.
  private func releaseApps(in source: String, plan: Plan) async throws(ReleaseError)
    -> [AppRelease.Outcome]
  {
    guard let identity = plan.identity, plan.app != nil || plan.stapleApp else { return [] }
    let engine = try context.engine(for: .signApp, as: (any ReleaseEngine).self)
    let apps = try Self.apps(in: source).map {
      AppRelease(app: $0, engine: engine, clock: context.clock, events: context.events)
    }
    var outcomes: [AppRelease.Outcome] = []
    for app in apps {
      outcomes.append(
        try await app.ship(AppRelease.Plan(identity: identity, signing: plan.app, notary: nil)))
    }
    guard plan.stapleApp, let credentials = plan.notary else { return outcomes }
    for (index, app) in apps.enumerated() {
      var appPlan = AppRelease.Plan(identity: nil, signing: nil, notary: credentials)
      (appPlan.timeout, appPlan.ticketTimeout) = (plan.timeout, plan.ticketTimeout)
      (appPlan.preflight, appPlan.trustRoots) = (plan.preflight, plan.trustRoots)
      appPlan.statePath = Notarizer.statePath(
        for: image + "." + URL(fileURLWithPath: app.app).standardizedFileURL.lastPathComponent)
      let notarized = try await app.ship(appPlan)
      outcomes[index].notarization = notarized.notarization
      outcomes[index].stapled = notarized.stapled
    }
    return outcomes
  }

  /// The apps a build's source holds: the source itself when it is a bundle (`.app`), else the
  /// `.app` folders at its top level.
  static func apps(in source: String) throws(ReleaseError) -> [String] {
    guard !source.hasSuffix(".app"), !source.hasSuffix(".app/") else { return [source] }
    let names: [String]
    do {
      names = try FolderListing.names(in: source)
    } catch {
      throw ReleaseError(step: .signApp, kind: .failed, description: error.description)
    }
    return names.filter { $0.hasSuffix(".app") }.sorted().map {
      URL(fileURLWithPath: source).appendingPathComponent($0).path
    }
  }

  /// The steps of ``ship(building:plan:)`` after the build.
  private func release(_ plan: Plan, outcome: inout Outcome) async throws(ReleaseError) {
    // The last digest of the image's bytes (the notarization's, the verification's), as long
    // as nothing has changed them since.
    var lastDigest: FileDigest?
    if let identity = plan.identity {
      try await sign(identity: identity)
      outcome.signed = true
      if let credentials = plan.notary {
        if plan.preflight { try preflight(trustRoots: plan.trustRoots) }
        let notarization = try await notarize(
          credentials: credentials, timeout: plan.timeout, wait: plan.wait)
        outcome.notarization = notarization
        lastDigest = notarization.file
        if plan.staple, notarization.isAccepted {
          try await staple(ticketTimeout: plan.ticketTimeout)
          lastDigest = nil  // the ticket is in the image now
          outcome.stapled = true
        }
      }
      if plan.verify { outcome.gatekeeper = try await assess() }
    }
    if plan.verify {
      // The checksums always, the signature unless signing was skipped, the ticket when one was
      // stapled.
      let verification = try verify(
        DMGVerification.Requirements(signature: plan.identity != nil, ticket: outcome.stapled),
        trustRoots: plan.trustRoots)
      let signature = verification.signature
      outcome.signature = !signature.isSigned ? .unsigned : signature.isValid ? .valid : .invalid
      // The verification read the final bytes; its digest of them is the final digest.
      lastDigest = verification.fileDigest
    }
    let final = try digest(lastDigest)
    (outcome.sha256, outcome.bytes) = (final.hex, final.byteCount)
  }

  /// Builds the image from `options`, reporting ``ReleaseEvent/building(done:total:)`` and
  /// ``ReleaseEvent/built(_:)``.
  private func build(_ options: DMGBuildOptions) throws(ReleaseError) {
    guard options.output == image else {
      throw ReleaseError(
        step: .build, kind: .invalidOptions,
        description: "the build writes \(options.output), not the release's image \(image)")
    }
    let events = context.events
    do {
      let result = try DMGBuilder(options: options).build { done, total in
        events(.building(done: done, total: total))
      }
      events(.built(result))
    } catch {
      throw ReleaseError(step: .build, kind: .failed, description: "\(error)")
    }
  }

  /// The final image's digest: `last` when it still names the bytes, else one pass over them;
  /// reports ``ReleaseEvent/digested(sha256:bytes:)``.
  private func digest(_ last: FileDigest?) throws(ReleaseError) -> FileDigest {
    do {
      let final = try last ?? FileDigest(ofFileAt: image)
      context.events(.digested(sha256: final.hex, bytes: final.byteCount))
      return final
    } catch {
      throw ReleaseError(
        step: .digest, kind: .failed, description: "cannot read \(image): \(error)")
    }
  }

  /// Writes the update feeds for the shipped image.
  private func publish(_ feeds: UpdateFeedOptions) throws(ReleaseError)
    -> UpdateFeedSummary
  {
    do {
      return try UpdateFeedPublisher.publish(fileAt: image, options: feeds)
    } catch {
      throw ReleaseError(
        step: .feeds, kind: .failed,
        description: "\(image) was shipped, but its update feeds were not written: \(error)")
    }
  }
}
