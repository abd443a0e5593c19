import Foundation
import MultipartUpload
import ShipyardTestSupport
import Testing

/// Reading a `--cacert` PEM bundle: every certificate in it, and errors naming the file.
struct TrustedCertificatesTests {
  @Test func readsEachCertificateOfABundleAsDER() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    try ProcessRunner.check(
      "bash", [TestPKI.doubles.appendingPathComponent("make_tls_server.sh").path, folder.url.path])
    let first = try String(contentsOf: folder.url.appendingPathComponent("ca.pem"), encoding: .utf8)
    let second = try String(
      contentsOf: folder.url.appendingPathComponent("other-ca.pem"), encoding: .utf8)
    let bundle = try folder.write(
      Array("# test CAs\n\(first)\nsome text\n\(second)".utf8), to: "b.pem")
    let trusted = try TrustedCertificates(contentsOf: bundle)
    #expect(trusted.file == bundle)
    #expect(trusted.certificates.count == 2)
    // openssl's own DER of the first, an independent reading.
    let der = try ProcessRunner.run(
      "openssl", ["x509", "-in", folder.path("ca.pem"), "-outform", "DER"])
    #expect(trusted.certificates.first == der.standardOutput)
  }

  @Test(
    arguments: [
      ("missing.pem", nil, "cannot be read"),
      ("empty.pem", "", "holds no PEM certificate"),
      (
        "key.pem", "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n",
        "holds no PEM certificate"
      ),
      ("cut.pem", "-----BEGIN CERTIFICATE-----\nMIIB\n", "certificate 1 has no -----END"),
      (
        "bad.pem", "-----BEGIN CERTIFICATE-----\n!!!!\n-----END CERTIFICATE-----\n",
        "certificate 1 is not base64"
      ),
    ] as [(String, String?, String)])
  func aFileWithoutCertificatesIsAnErrorNamingIt(name: String, text: String?, reason: String)
    throws
  {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let file =
      try text.map { try folder.write(Array($0.utf8), to: name) }
      ?? folder.url.appendingPathComponent(name)
    #expect {
      try TrustedCertificates(contentsOf: file)
    } throws: { error in
      guard case .untrustedCertificates(let path, let why) = error as? MultipartUploadError else {
        return false
      }
      return path == file.path && why.contains(reason)
    }
  }
}
