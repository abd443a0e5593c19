extension OptionSample {
  /// Signing with Apple's tools and a keychain identity, the flags most samples add.
  static let appleSigning = ["--engine", "apple", "--identity", "Developer ID Application: X"]

  /// Samples for `dmg ship`'s own keys (signing, notarizing, steps), by key path.
  static let release: [String: OptionSample] = [
    "sign.engine": OptionSample(
      ["--engine", "rcodesign"], json: #""rcodesign""#,
      extra: ["--p12", "$/id.p12", "--skip-notarize"]),
    "sign.identity": OptionSample(
      ["--identity", "Developer ID Application: Example (T)"],
      json: #""Developer ID Application: Example (T)""#,
      extra: ["--engine", "apple", "--skip-notarize"]),
    "sign.keychain": OptionSample(
      ["--keychain", "$/ci.keychain"], json: #""ci.keychain""#,
      extra: appleSigning + ["--skip-notarize"]),
    "sign.p12": OptionSample(
      ["--p12", "$/id.p12"], json: #""id.p12""#,
      extra: ["--engine", "rcodesign", "--skip-notarize"]),
    "sign.p12PasswordFile": OptionSample(
      ["--p12-password-file", "$/password.txt"], json: #""password.txt""#,
      extra: ["--engine", "rcodesign", "--p12", "$/id.p12", "--skip-notarize"]),
    "sign.pem": OptionSample(
      ["--pem", "$/id.pem"], json: #""id.pem""#,
      extra: ["--engine", "rcodesign", "--skip-notarize"]),
    "notarize.keychainProfile": OptionSample(
      ["--keychain-profile", "ci"], json: #""ci""#, extra: appleSigning),
    "notarize.appleID": OptionSample(
      ["--apple-id", "dev@example.com"], json: #""dev@example.com""#,
      extra: appleSigning + ["--team-id", "T", "--password-env", "NOTARY_PASSWORD"]),
    "notarize.teamID": OptionSample(
      ["--team-id", "TEAMID1234"], json: #""TEAMID1234""#,
      extra: appleSigning + ["--apple-id", "a@b.c", "--password-env", "NOTARY_PASSWORD"]),
    "notarize.passwordEnv": OptionSample(
      ["--password-env", "NOTARY_PASSWORD"], json: #""NOTARY_PASSWORD""#,
      extra: appleSigning + ["--apple-id", "a@b.c", "--team-id", "T"]),
    "notarize.key": OptionSample(
      ["--key", "$/AuthKey_ABC.p8"], json: #""AuthKey_ABC.p8""#, extra: appleSigning),
    "notarize.keyID": OptionSample(
      ["--key-id", "ABC"], json: #""ABC""#, extra: appleSigning + ["--key", "$/key.p8"]),
    "notarize.issuer": OptionSample(
      ["--issuer", "69a6de70"], json: #""69a6de70""#, extra: appleSigning + ["--key", "$/key.p8"]),
    "notarize.timeout": OptionSample(
      ["--timeout", "30m"], json: #""30m""#, extra: appleSigning + ["--keychain-profile", "ci"]),
    "skip": OptionSample(
      ["--skip-staple"], json: #"["staple"]"#, extra: appleSigning + ["--keychain-profile", "ci"]),
    "code-sign.signing-identity": OptionSample(
      ["--identity", "Developer ID Application: Example (T)"],
      json: #""Developer ID Application: Example (T)""#,
      extra: ["--engine", "apple", "--skip-notarize"]),
    "code-sign.identifier": OptionSample(
      [], json: #""com.example.hello""#, extra: ["--engine", "apple", "--skip-notarize"],
      changesNothing: true,
      context: (["--identity", "X"], ["code-sign.signing-identity": #""X""#])),
  ]
}
