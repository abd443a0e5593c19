/// The two independent Ed25519 verifiers the feed tests trust, as Python for their scripts:
/// `by_cryptography(signature, message)` (PyPI cryptography) and `by_nacl(signature, message)`
/// (PyNaCl), each `True` when the signature verifies with the 32-byte public key the script has
/// already put in `key`.
public enum Ed25519Verifiers {
  /// The imports and the two functions, to interpolate into a script after `key` is set.
  public static let python = """
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey
    from cryptography.exceptions import InvalidSignature
    import nacl.signing, nacl.exceptions
    def by_cryptography(signature, message):
        try:
            Ed25519PublicKey.from_public_bytes(key).verify(signature, message); return True
        except InvalidSignature:
            return False
    def by_nacl(signature, message):
        try:
            nacl.signing.VerifyKey(key).verify(message, signature); return True
        except nacl.exceptions.BadSignatureError:
            return False
    """
}
