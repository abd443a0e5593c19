/// The `libSystem.tbd` the clang fixtures link against: a text stub (TAPI v4) of
/// `/usr/lib/libSystem.B.dylib` exporting what the fixtures call and `dyld_stub_binder`, so
/// that `ld64.lld` links Mach-O code on a machine with no macOS SDK.
enum LibSystemStub {
  /// The stub's file name (lld reads `.tbd` inputs by their contents).
  static let fileName = "libSystem.tbd"

  /// The stub's text.
  static let text = """
    --- !tapi-tbd
    tbd-version: 4
    targets: [ x86_64-macos, arm64-macos ]
    install-name: '/usr/lib/libSystem.B.dylib'
    current-version: 1319
    exports:
      - targets: [ x86_64-macos, arm64-macos ]
        symbols: [ _puts, dyld_stub_binder ]
    ...

    """
}
