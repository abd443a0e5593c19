extension AppleEngine {
  /// Signs the package with `productsign --sign <identity> [--keychain <keychain>] --timestamp
  /// <input> <signed>`, then checks the result with `pkgutil --check-signature <signed>`, before
  /// it is renamed over `output`.
  ///
  /// productsign signs with a keychain identity only, as codesign does, and will not write over
  /// its input: `<signed>` is a file of the same name in a hidden folder beside `output`, so
  /// signing in place works, and a tool that fails leaves `output` as it was (nothing, or the
  /// unsigned package).
  ///
  /// - Throws: ``PipelineError/certificateFileUnsupported(engine:)`` for an identity in a file,
  ///   before any tool runs; ``PipelineError/toolFailed(command:status:output:)`` when productsign
  ///   or pkgutil fails.
  package func signPackage(_ input: String, to output: String, identity: SigningIdentity)
    async throws
  {
    let signing = try signingArguments(identity)
    try await writing(output) { signed, _ in
      _ = try await check(runner, "productsign", signing + [input, signed])
      _ = try await check(runner, "pkgutil", ["--check-signature", signed])
    }
  }
}
