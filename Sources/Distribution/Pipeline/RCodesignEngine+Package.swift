extension RCodesignEngine {
  /// Signs the package with `rcodesign sign <identity> <input> <signed>`, `<signed>` a file of the
  /// same name in a hidden folder beside `output`, renamed over it once rcodesign succeeds: a
  /// failure leaves `output` as it was (nothing, or the unsigned package).
  ///
  /// rcodesign signs flat packages (the RSA and CMS signatures over the table of contents'
  /// digest; its RSA signature is the older hash-of-hash form, which `pkg verify` accepts).
  ///
  /// - Throws: ``PipelineError/keychainIdentityUnsupported(engine:)`` or
  ///   ``PipelineError/identityFileRequired(engine:)`` before rcodesign runs;
  ///   ``PipelineError/toolFailed(command:status:output:)`` when it fails.
  package func signPackage(_ input: String, to output: String, identity: SigningIdentity)
    async throws
  {
    let arguments = try signingArguments(identity)
    try await writing(output) { signed, _ in
      _ = try await check(runner, "rcodesign", ["sign"] + arguments + [input, signed])
    }
  }
}
