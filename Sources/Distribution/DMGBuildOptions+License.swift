import DiskImage

extension DMGBuildOptions {
  /// The license agreement the options ask for: ``license`` in English, then ``licenses``; `nil`
  /// when there is none.
  func licenseAgreement() throws(LicenseError) -> LicenseAgreement? {
    let english = license.map { [LicenseAgreement.Source(language: "en", path: $0)] } ?? []
    guard !(english + licenses).isEmpty else { return nil }
    return try LicenseAgreement(
      sources: english + licenses, defaultLanguage: licenseDefaultLanguage)
  }
}
