// swift-tools-version:6.2
// Shipyard is licensed under the Apache License, Version 2.0: see LICENSE at the package's root.
import PackageDescription

/// Settings every target of ours builds with: upcoming language features now, and warnings as
/// errors so that main stays clean.
let strictSettings: [SwiftSetting] = [
  .enableUpcomingFeature("MemberImportVisibility"),
  .enableUpcomingFeature("InternalImportsByDefault"),
  .enableUpcomingFeature("ExistentialAny"),
  .treatAllWarnings(as: .error),
]

let package = Package(
  name: "Shipyard",
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
  products: [
    .library(name: "Multipart", targets: ["Multipart"]),
    .library(name: "MultipartUpload", targets: ["MultipartUpload"]),
    .library(name: "Menus", targets: ["Menus"]),
    // Build, sign, notarize and staple disk images; it re-exports the layout and format types
    // of FinderLayout and DiskImage that its options use, so `import Distribution` is enough.
    .library(name: "Distribution", targets: ["Distribution"]),
    .library(name: "MenusUIKit", targets: ["MenusUIKit"]),
    .executable(name: "shipyard", targets: ["shipyard"]),
  ],
  targets: [
    // The portable base (package access only): files, bytes, locks, errors, the registry of
    // temporary paths; nothing iOS lacks (scripts/check-portable.py checks it), so the
    // Apple-device products can use it.
    .target(name: "SystemSupport", swiftSettings: strictSettings),
    // What only the command-line tooling uses: child processes, catching SIGINT and SIGTERM,
    // Linux's write-behind tuning. The iOS products never depend on it.
    .target(
      name: "ToolingSupport", dependencies: ["SystemSupport", "CSignalForwarding"],
      swiftSettings: strictSettings),
    // The one part of interruption handling that runs inside a signal handler, in C: a byte
    // written to a pipe.
    .target(name: "CSignalForwarding"),
    // multipart/form-data: encoder, MIME types, streaming body reader.
    .target(name: "Multipart", dependencies: ["SystemSupport"], swiftSettings: strictSettings),
    // URLSession upload helpers; the only module that imports FoundationNetworking.
    .target(
      name: "MultipartUpload",
      dependencies: [
        "Multipart", "SystemSupport",
        .target(name: "CCurlTransfer", condition: .when(platforms: [.linux])),
      ],
      swiftSettings: strictSettings),
    // Typed wrappers of libcurl's variadic calls, for the Linux file uploads that send an exact
    // Content-Length (FoundationNetworking's own can stop the process).
    .target(name: "CCurlTransfer", dependencies: ["CCurl"]),
    .systemLibrary(
      name: "CCurl", pkgConfig: "libcurl",
      providers: [.apt(["libcurl4-openssl-dev"]), .brew(["curl"])]),
    // The platform-neutral menu model: actions, menus, deferred items, the debug-action registry.
    .target(name: "Menus", dependencies: ["SystemSupport"], swiftSettings: strictSettings),
    // UIKit for the menu adapters: on Linux, the slice of UIKit they use, with Apple's spellings,
    // plus test hooks; on Apple platforms, UIKit itself re-exported (the stand-in's sources are
    // empty there), so the adapters import this one module everywhere.
    .target(name: "UIKitStandIn", swiftSettings: strictSettings),
    // MenuControl and debug menus: UIKit on iOS and visionOS, the stand-in on Linux.
    .target(
      name: "MenusUIKit",
      dependencies: ["Menus", "UIKitStandIn"],
      swiftSettings: strictSettings + [
        // The platforms with a UIKit that has context menus (or, on Linux, the stand-in).
        .define("MENUS_UIKIT", .when(platforms: [.iOS, .macCatalyst, .visionOS, .linux]))
      ]
    ),
    // The system's compression libraries, for UDIF chunks (never hand-written codecs).
    .systemLibrary(
      name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
    .systemLibrary(name: "CBzip2", providers: [.apt(["libbz2-dev"]), .brew(["bzip2"])]),
    // libdeflate: whole-buffer zlib streams for UDZO chunks, several times faster than zlib.
    .systemLibrary(
      name: "CDeflate", pkgConfig: "libdeflate",
      providers: [.apt(["libdeflate-dev"]), .brew(["libdeflate"])]),
    .systemLibrary(
      name: "CLzma", pkgConfig: "liblzma", providers: [.apt(["liblzma-dev"]), .brew(["xz"])]),
    // <sys/xattr.h>, which Swift's Glibc module leaves out (extended attributes on Linux).
    .systemLibrary(name: "CXattr"),
    // The tree that goes on a volume, read from disk or made in memory; shared by the file systems.
    .target(
      name: "StagedTree",
      dependencies: [
        "SystemSupport", .target(name: "CXattr", condition: .when(platforms: [.linux])),
      ],
      swiftSettings: strictSettings
    ),
    // The volume interface both file systems implement: options, the plan that builds a volume
    // from a staged tree, the reader and the entries, extents and attributes it returns.
    .target(
      name: "VolumeInterface", dependencies: ["SystemSupport", "StagedTree"],
      swiftSettings: strictSettings),
    // HFS+ volumes built from a staged tree, and read back.
    .target(
      name: "HFSPlus", dependencies: ["SystemSupport", "StagedTree", "VolumeInterface"],
      swiftSettings: strictSettings),
    // APFS containers built from a staged tree, and read back.
    .target(
      name: "APFS", dependencies: ["SystemSupport", "StagedTree", "VolumeInterface"],
      swiftSettings: strictSettings),
    // UDIF disk images: GPT layout, chunked compression in parallel, checksums, koly; reading too.
    .target(
      name: "DiskImage",
      dependencies: ["SystemSupport", "ToolingSupport", "CZlib", "CBzip2", "CLzma", "CDeflate"],
      swiftSettings: strictSettings
    ),
    // Zip archives: the app submitted for notarization, and apps read back out of zips.
    .target(
      name: "ZipArchive", dependencies: ["SystemSupport", "Deflating", "CZlib"],
      swiftSettings: strictSettings),
    // Deflate streams through zlib, bare (zip), in zlib's wrapper (xar) or in gzip's (payloads).
    .target(
      name: "Deflating", dependencies: ["SystemSupport", "CZlib"], swiftSettings: strictSettings),
    // xar archives, the container of flat installer packages: the writer, the reader and the
    // signer (signatures' space reserved, members moved, the heap copied as it is).
    .target(
      name: "XarArchive", dependencies: ["Deflating", "Digests", "SystemSupport"],
      swiftSettings: strictSettings),
    // Flat installer packages (.pkg): the payload (a cpio archive in one gzip member), the Bom,
    // PackageInfo and Distribution, put together in a xar archive.
    .target(
      name: "InstallerPackage",
      dependencies: ["Deflating", "StagedTree", "SystemSupport", "XarArchive"],
      swiftSettings: strictSettings),
    // OpenSSL's libcrypto, for digests and CMS verification off Apple platforms.
    .systemLibrary(
      name: "COpenSSL", pkgConfig: "libcrypto",
      providers: [.apt(["libssl-dev"]), .brew(["openssl@3"])]),
    // Digests (SHA-1, SHA-256, SHA-384) in one call, in pieces or over a file, and hex: CommonCrypto
    // on Apple platforms, libcrypto elsewhere. Not in SystemSupport, which Multipart uses.
    .target(
      name: "Digests",
      dependencies: [
        "SystemSupport", .target(name: "COpenSSL", condition: .when(platforms: [.linux])),
      ],
      swiftSettings: strictSettings),
    // Embedded code signatures, read and written: identities, CodeDirectory, requirements, CMS
    // (built over OpenSSL), the superblob reader and the checks every code signature needs.
    .target(
      name: "CodeSigning", dependencies: ["SystemSupport", "Digests", "COpenSSL"],
      swiftSettings: strictSettings),
    // HTTP clients for Apple's Notary API (JWT), S3 (SigV4), tickets and RFC 3161 timestamps.
    .target(
      name: "NotaryService", dependencies: ["Digests", "COpenSSL"], swiftSettings: strictSettings),
    // libsodium, for RFC 8032 signatures from the expanded Ed25519 keys OpenSSL cannot load.
    .systemLibrary(
      name: "CSodium", pkgConfig: "libsodium",
      providers: [.apt(["libsodium-dev"]), .brew(["libsodium"])]),
    // Update feeds: Sparkle appcasts (items edited in place, EdDSA signatures over OpenSSL, or
    // libsodium for Sparkle's older expanded keys) and electron-updater's latest-mac.yml; pure
    // writers, the files' bytes and the app's values handed in by Distribution.
    .target(
      name: "UpdateFeeds", dependencies: ["SystemSupport", "COpenSSL", "CSodium"],
      swiftSettings: strictSettings),
    // libpng, libjpeg and libtiff, for Retina backgrounds off Apple platforms (ImageIO on them).
    .systemLibrary(
      name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"]), .brew(["libpng"])]),
    .systemLibrary(
      name: "CTIFF", pkgConfig: "libtiff-4", providers: [.apt(["libtiff-dev"]), .brew(["libtiff"])]),
    .systemLibrary(
      name: "CJPEG", pkgConfig: "libjpeg",
      providers: [.apt(["libjpeg-dev"]), .brew(["jpeg-turbo"])]),
    // The Finder's view of a disk image: .DS_Store, background alias, icon positions.
    .target(
      name: "FinderLayout",
      dependencies: [
        "SystemSupport", .target(name: "CPNG", condition: .when(platforms: [.linux])),
        .target(name: "CTIFF", condition: .when(platforms: [.linux])),
        .target(name: "CJPEG", condition: .when(platforms: [.linux])),
      ],
      swiftSettings: strictSettings),
    // The release pipeline: build (stage, HFS+, UDIF), later sign, notarize, staple, verify.
    .target(
      name: "Distribution",
      dependencies: [
        "SystemSupport", "ToolingSupport", "StagedTree", "VolumeInterface", "HFSPlus", "APFS",
        "DiskImage",
        "FinderLayout", "CodeSigning", "NotaryService", "Digests", "ZipArchive", "UpdateFeeds",
        "InstallerPackage", "XarArchive",
      ],
      swiftSettings: strictSettings),
    // The command-line front end: argument parsing and validation, then a library call.
    .target(
      name: "ShipyardCLI",
      dependencies: [
        "Multipart", "MultipartUpload", "SystemSupport", "ToolingSupport", "Distribution",
        "Digests",
      ],
      swiftSettings: strictSettings
    ),
    .executableTarget(
      name: "shipyard", dependencies: ["ShipyardCLI"], swiftSettings: strictSettings),
    // Helpers shared by the test targets: scratch folders, running peers, the peer policy, the
    // built executable, volume files, the test PKI and the Notary doubles (in Doubles/), the
    // damage done to signed apps and tree snapshots (through CodeSigning's Mach-O reader and
    // Digests), hostile APFS containers (resealed with APFS's Fletcher-64), whole HFS+ images of a
    // few items (through DiskImage's writer), fault workspaces.
    .target(
      name: "ShipyardTestSupport",
      dependencies: [
        "SystemSupport", "ToolingSupport", "CodeSigning", "Digests", "APFS", "HFSPlus", "DiskImage",
        "StagedTree", "VolumeInterface", "XarArchive",
      ],
      path: "Tests/ShipyardTestSupport", exclude: ["Doubles"], swiftSettings: strictSettings),
    .testTarget(
      name: "SystemSupportTests", dependencies: ["SystemSupport", "ShipyardTestSupport"],
      swiftSettings: strictSettings),
    .testTarget(
      name: "ToolingSupportTests",
      dependencies: ["ToolingSupport", "SystemSupport", "ShipyardTestSupport"],
      swiftSettings: strictSettings),
    .testTarget(
      name: "MultipartTests",
      dependencies: [
        "Multipart", "MultipartUpload", "SystemSupport", "ShipyardTestSupport",
        .target(name: "CCurlTransfer", condition: .when(platforms: [.linux])),
      ],
      exclude: ["Peers"],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "StagedTreeTests",
      dependencies: ["StagedTree", "SystemSupport", "ShipyardTestSupport"],
      swiftSettings: strictSettings),
    .testTarget(
      name: "VolumeInterfaceTests",
      // The volume interface, checked through both of its file systems.
      dependencies: [
        "VolumeInterface", "StagedTree", "HFSPlus", "APFS", "SystemSupport", "ShipyardTestSupport",
      ],
      swiftSettings: strictSettings),
    .testTarget(
      name: "HFSPlusTests",
      dependencies: [
        "HFSPlus", "StagedTree", "VolumeInterface", "DiskImage", "SystemSupport",
        "ShipyardTestSupport",
      ],
      swiftSettings: strictSettings),
    .testTarget(
      name: "APFSTests",
      dependencies: [
        "APFS", "StagedTree", "VolumeInterface", "SystemSupport", "ShipyardTestSupport",
      ],
      swiftSettings: strictSettings),
    .testTarget(
      name: "DiskImageTests", dependencies: ["DiskImage", "ShipyardTestSupport"],
      // The Perl peer of the Mac code pages (DistributionTests' license peer runs it too).
      exclude: ["Peers"],
      swiftSettings: strictSettings),
    // Distribution's pipeline and whole images, built through DMGBuilder and read back through
    // DiskImage and the file system modules. The built `shipyard` runs as the fake toolbox's
    // signer and as `dmg build`, `dmg inspect` and `dmg verify` in the image tests.
    .testTarget(
      name: "DistributionTests",
      dependencies: [
        "Distribution", "DiskImage", "HFSPlus", "APFS", "StagedTree", "VolumeInterface",
        "FinderLayout",
        "SystemSupport", "ShipyardTestSupport", "CodeSigning", "NotaryService", "Digests",
        "XarArchive", "InstallerPackage", "shipyard",
      ],
      exclude: ["FakeTools", "Peers"],
      swiftSettings: strictSettings),
    // The zip writer and reader, checked against Python's zipfile, Info-ZIP's zip and unzip, 7-Zip.
    .testTarget(
      name: "ZipArchiveTests",
      dependencies: ["ZipArchive", "SystemSupport", "ShipyardTestSupport"],
      exclude: ["Peers"], swiftSettings: strictSettings),
    // xar archives read back by 7-Zip and libarchive's bsdtar.
    .testTarget(
      name: "XarArchiveTests",
      dependencies: ["XarArchive", "Digests", "SystemSupport", "ShipyardTestSupport"],
      exclude: ["Peers"], swiftSettings: strictSettings),
    // Installer packages' parts, read back by cpio, gzip, Python's zlib, 7-Zip and cksum; and
    // their readers, fed Apple's Bom, GNU cpio's archives and damaged ones (Deflating gzips them).
    .testTarget(
      name: "InstallerPackageTests",
      dependencies: [
        "InstallerPackage", "Deflating", "StagedTree", "SystemSupport", "ShipyardTestSupport",
        "XarArchive",
      ],
      exclude: ["Peers"], swiftSettings: strictSettings),
    .testTarget(
      name: "UpdateFeedsTests", dependencies: ["UpdateFeeds", "ShipyardTestSupport"],
      swiftSettings: strictSettings),
    .testTarget(
      name: "DigestsTests", dependencies: ["Digests", "SystemSupport", "ShipyardTestSupport"],
      swiftSettings: strictSettings),
    .testTarget(
      name: "CodeSigningTests",
      dependencies: ["CodeSigning", "Digests", "SystemSupport", "ShipyardTestSupport"],
      swiftSettings: strictSettings),
    .testTarget(
      name: "NotaryServiceTests",
      dependencies: ["NotaryService", "SystemSupport", "ShipyardTestSupport"],
      swiftSettings: strictSettings),
    // Distribution as a client sees it: no package access, so only its public API compiles.
    .testTarget(
      name: "DistributionAPITests", dependencies: ["Distribution"], packageAccess: false,
      swiftSettings: strictSettings),
    .testTarget(
      name: "FinderLayoutTests", dependencies: ["FinderLayout", "ShipyardTestSupport"],
      swiftSettings: strictSettings),
    .testTarget(name: "MenusTests", dependencies: ["Menus"], swiftSettings: strictSettings),
    .testTarget(
      name: "MenusUIKitTests",
      dependencies: [
        "MenusUIKit", "Menus", .target(name: "UIKitStandIn", condition: .when(platforms: [.linux])),
      ],
      swiftSettings: strictSettings
    ),
    // The command line parsed and run in process: option tables, config files, usage errors, help.
    .testTarget(
      name: "ShipyardCLITests",
      dependencies: ["ShipyardCLI", "SystemSupport", "ShipyardTestSupport"],
      // The --help golden files, read through #filePath (and rewritten with RECORD_SNAPSHOTS=1).
      exclude: ["Snapshots"],
      swiftSettings: strictSettings
    ),
    // The built `shipyard` run as a process: commands against peers and doubles, signals, faults.
    .testTarget(
      name: "ShipyardEndToEndTests",
      dependencies: [
        "shipyard", "ShipyardCLI", "Distribution", "CodeSigning", "Digests", "Multipart",
        "SystemSupport", "ShipyardTestSupport",
      ],
      swiftSettings: strictSettings
    ),
    // Real macOS code from PyPI's wheels (Tests/Corpus, fetched by scripts/fetch-corpus.sh):
    // what Apple's codesign, linkers and other signers made, read, re-signed and merged.
    .testTarget(
      name: "RealCodeTests",
      dependencies: [
        "CodeSigning", "Distribution", "Digests", "SystemSupport", "ShipyardTestSupport",
        "shipyard",
      ],
      swiftSettings: strictSettings
    ),
  ]
)
