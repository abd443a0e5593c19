// Builds Hello.dmg in the current folder from ../Hello.app with the layout of
// ../layout/Hello.json: a background with its @2x sibling, a volume icon, a 660 × 400 window,
// the app and the Applications link side by side, and licenses in English and German.
//
// Run it from Examples/library with `swift run`.
import Distribution
import Foundation

var options = DMGBuildOptions(source: "../Hello.app", output: "Hello.dmg")
options.volumeName = "Hello"
options.background = "../layout/background.png"  // background@2x.png beside it is found too
options.volumeIcon = "../layout/Hello.icns"
options.layout.windowSize = (width: 660, height: 400)
options.layout.windowOrigin = (x: 200, y: 120)
options.layout.positions = ["Hello.app": (x: 180, y: 170), "Applications": (x: 480, y: 170)]
// In the order `--config` gives them (by tag), so that the image equals the command's.
options.licenses = [
  LicenseAgreement.Source(language: "de", path: "../layout/LIZENZ.txt"),
  LicenseAgreement.Source(language: "en", path: "../layout/LICENSE.txt"),
]
options.licenseDefaultLanguage = "en"
// The library reads no environment variable: a reproducible build passes the date in.
if let epoch = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"] {
  guard let seconds = Int64(epoch) else {
    fatalError("SOURCE_DATE_EPOCH is \(epoch.debugDescription), not a number of seconds")
  }
  options.dateLimit = seconds
}

let output = options.output
do {
  let result = try await DMGBuilder(options: options).build { progress in
    print("building \(output): \(Int(progress.fractionCompleted * 100)) %")
  }
  print(
    "wrote \(result.output): volume \(result.volumeName.debugDescription), "
      + "\(result.fileCount) files, \(result.folderCount) folders, "
      + "\(result.volumeBytes) bytes of volume in \(result.imageBytes) bytes of image")
} catch {
  FileHandle.standardError.write(Data("build-hello-dmg: \(error)\n".utf8))
  exit(1)
}
