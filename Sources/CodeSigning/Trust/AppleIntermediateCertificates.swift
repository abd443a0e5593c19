import Foundation

/// Apple's two Developer ID intermediate certificates, which issue every Developer ID
/// Application and Installer certificate: Developer ID Certification Authority (G1) and its G2,
/// both issued by Apple Root CA, in DER (base64 here).
///
/// A Developer ID identity exported from Keychain Access often holds its certificate alone: on a
/// Mac, codesign finds the issuer among the intermediates Xcode installs in the keychain and
/// embeds the chain up to Apple Root CA. These let a signer anywhere do the same
/// (``SignerIdentity`` completes a chain it lacks from them and from
/// ``AppleRootCertificates``).
///
/// Where the bytes come from, and how they were checked:
/// - The DER files Apple publishes at apple.com/certificateauthority (`DeveloperIDCA.cer`,
///   `DeveloperIDG2CA.cer`), taken from the copies indygreg/apple-platform-rs carries in
///   `apple-codesign/src/apple-certs/` (commit 607b3c1d).
/// - Each is byte for byte the certificate Apple's codesign embedded in real signed code on PyPI:
///   G1 in mitmproxy_macos 0.12.15's network extension, G2 in deno 2.9.8 (both in the pinned
///   corpus, `Tests/Corpus/wheels.tsv`; `RealCodeTests` checks it on every run), and each
///   verifies against Apple Root CA. `SignerIdentityTests` pins the two fingerprints.
package enum AppleIntermediateCertificates {
  /// Developer ID Certification Authority (2012-02-01 to 2027-02-01, RSA 2048): SHA-256 of the
  /// DER 7A FC 9D 01 A6 2F 03 A2 DE 96 37 93 6D 4A FE 68
  /// 09 0D 2D E1 8D 03 F2 9C 88 CF B0 B1 BA 63 58 7F.
  package static let developerIDCA = AppleRootCertificates.decode(
    """
    MIIEBDCCAuygAwIBAgIIGHqpqMKWIQwwDQYJKoZIhvcNAQELBQAwYjELMAkGA1UEBhMCVVMxEzARBgNVBAoTCkFw
    cGxlIEluYy4xJjAkBgNVBAsTHUFwcGxlIENlcnRpZmljYXRpb24gQXV0aG9yaXR5MRYwFAYDVQQDEw1BcHBsZSBS
    b290IENBMB4XDTEyMDIwMTIyMTIxNVoXDTI3MDIwMTIyMTIxNVoweTEtMCsGA1UEAwwkRGV2ZWxvcGVyIElEIENl
    cnRpZmljYXRpb24gQXV0aG9yaXR5MSYwJAYDVQQLDB1BcHBsZSBDZXJ0aWZpY2F0aW9uIEF1dGhvcml0eTETMBEG
    A1UECgwKQXBwbGUgSW5jLjELMAkGA1UEBhMCVVMwggEiMA0GCSqGSIb3DQEBAQUAA4IBDwAwggEKAoIBAQCJdk8G
    W5pB7qUjKwKjX9dzP8A1sIuECj8GJH+nlT/rTw6Tr7QO0Mg+5W0Ysx/oiUe/1wkI5P9WmCkV55SduTWjCs20wOHi
    YPTK7Cl4RWlpYGtfipL8niPmOsIiszFPHLrytjRZQu6wqQIDGJEEtrN4LjMfgEUNRW+7Dlpbfzrn2AjXCw4ybfuG
    NuRsq8QRinCEJqqfRNHxuMZ7lBebSPcLWBa6I8WfFTl+yl3DMl8P4FJ/QOq+rAhklVvJGpzlgMofakQcbD7EsCYf
    Hex7r16gaj1HqVgSMT8gdihtHRywwk4RaSaLy9bQEYLJTg/xVnTQ2QhLZniiq6yn4tJMh1nJAgMBAAGjgaYwgaMw
    HQYDVR0OBBYEFFcX7aLP3HyYoRDg/L6HLSzy4xdUMA8GA1UdEwEB/wQFMAMBAf8wHwYDVR0jBBgwFoAUK9BpR5R2
    Cf70a40uQKb3R01/CF4wLgYDVR0fBCcwJTAjoCGgH4YdaHR0cDovL2NybC5hcHBsZS5jb20vcm9vdC5jcmwwDgYD
    VR0PAQH/BAQDAgGGMBAGCiqGSIb3Y2QGAgYEAgUAMA0GCSqGSIb3DQEBCwUAA4IBAQBCOXRrodzGpI83KoyzHQpE
    vJUsf7xZuKxh+weQkjK51L87wVA5akR0ouxbH3Dlqt1LbBwjcS1f0cWTvu6binBlgp0W4xoQF4ktqM39DHhYSQwo
    fzPuAHobtHastrW7T9+oG53IGZdKC1ZnL8I+trPEgzrwd210xC4jUe6apQNvYPSlSKcGwrta4h8fRkV+5Jf1JxC3
    ICJyb3LaxlB1xT0lj12jAOmfNoxIOY+zO+qQgC6VmmD0eM70DgpTPqL6T9geroSVjTK8Vk2J6XgY4KyaQrp6RhuE
    oonOFOiI0ViL9q5WxCwFKkWvC9lLqQIPNKyIx2FViUTJJ3MH7oLlTvVw
    """)

  /// Developer ID Certification Authority, OU G2 (2021-09-22 to 2031-09-17, RSA 2048): SHA-256
  /// of the DER F1 6C D3 C5 4C 7F 83 CE A4 BF 1A 3E 6A 08 19 C8
  /// AA A8 E4 A1 52 8F D1 44 71 5F 35 06 43 D2 DF 3A.
  package static let developerIDCAG2 = AppleRootCertificates.decode(
    """
    MIIEPjCCAyagAwIBAgIUf7QAP82XSXrLg02SpIp4c8KEXUMwDQYJKoZIhvcNAQELBQAwYjELMAkGA1UEBhMCVVMx
    EzARBgNVBAoTCkFwcGxlIEluYy4xJjAkBgNVBAsTHUFwcGxlIENlcnRpZmljYXRpb24gQXV0aG9yaXR5MRYwFAYD
    VQQDEw1BcHBsZSBSb290IENBMB4XDTIxMDkyMjE4NTUxMFoXDTMxMDkxNzAwMDAwMFowXjEtMCsGA1UEAwwkRGV2
    ZWxvcGVyIElEIENlcnRpZmljYXRpb24gQXV0aG9yaXR5MQswCQYDVQQLDAJHMjETMBEGA1UECgwKQXBwbGUgSW5j
    LjELMAkGA1UEBhMCVVMwggEiMA0GCSqGSIb3DQEBAQUAA4IBDwAwggEKAoIBAQDTLJVoIVSRir9lccIYTvbNDeGR
    KHXXA7qVH9MSmVJE3oBGZ/wpiwCFiIowh01Mbkq0x+UC49djTKrM6uzbQi+RfSXpX6RLKlRvF6wwnykoNKR/j+V4
    410jKiFG0InDX/hql51xGxiosgzJAwo1sgKnLfWz3BuDxSchQHKm5zd2Mee7Br90svZwrEysLc3JXkWLz/sI5mLV
    QJW1N1zMGw7h79yl5Y3JULdAnwojJUVAj5Rne+CU6jnTeKU00cLL4DN/LrYsw+Um1SXOqo0qd/yeFJaX4PVfLvLo
    p3GnO6OZTHoio03vcBHV1oaBgvFnM5MzWkCxksSqc5YdxFz/4es3AgMBAAGjge8wgewwEgYDVR0TAQH/BAgwBgEB
    /wIBADAfBgNVHSMEGDAWgBQr0GlHlHYJ/vRrjS5ApvdHTX8IXjBEBggrBgEFBQcBAQQ4MDYwNAYIKwYBBQUHMAGG
    KGh0dHA6Ly9vY3NwLmFwcGxlLmNvbS9vY3NwMDMtYXBwbGVyb290Y2EwLgYDVR0fBCcwJTAjoCGgH4YdaHR0cDov
    L2NybC5hcHBsZS5jb20vcm9vdC5jcmwwHQYDVR0OBBYEFPg6DGkRduDtrNHrpln6N9XEVbAeMA4GA1UdDwEB/wQE
    AwIBBjAQBgoqhkiG92NkBgIGBAIFADANBgkqhkiG9w0BAQsFAAOCAQEAwf1DClm/8bG3QxBa1hgyMBRWJuERSGMr
    aXKXSB+OW8peJhX7dCOAM1QzGaEihlrYuEtpqqfOlpbCCsc1atBvzoppg2JtSjn1/oNN16LUiB/tiMAP+PkzHrQQ
    t8JcETdENwSwpESdjGgNe30dfsy1k/DWbz0VeoCldNPhj33SiOgxp5jFH9/iglmugIFgRhbsnrmKQKobKuFhhgqM
    cA/ZSizsTKIFEdZ5jKVjJSEjAm+TW1pXoddFbd/M93+fX9vH7WSnb0Qvb009eHgKVrQ71zrIK2Wik+rbWOqO1LnE
    wDD8MhpNupIMJDmYgjqgmd7n5OS8DryFr1qrXND828wQww==
    """)

  /// The two intermediates, oldest first.
  package static let all: [[UInt8]] = [developerIDCA, developerIDCAG2]
}
