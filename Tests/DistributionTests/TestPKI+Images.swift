import Distribution
import Foundation
import ShipyardTestSupport

extension TestPKI {
  /// An unsigned Hello.dmg built by us, once per test process.
  static let unsignedHello = Result { () throws -> String in
    let folder = try ScratchFolder()
    let app = SampleApps.scriptHello
    _ = try DMGBuilder(
      options: DMGBuildOptions(source: app, output: folder.path("Hello.dmg"), threads: 2)
    ).build()
    return folder.path("Hello.dmg")
  }

  /// Apple's roots and the test PKI's root, which the test identities chain to.
  static func trustRoots() throws -> TrustRoots {
    try TrustRoots(addingPEMFiles: [try path("root.pem")])
  }

  /// A fresh copy of the unsigned Hello.dmg in `folder`.
  static func unsignedImage(in folder: ScratchFolder, name: String = "Hello.dmg") throws -> String {
    let target = folder.path(name)
    try FileManager.default.copyItem(atPath: try unsignedHello.get(), toPath: target)
    return target
  }
}
