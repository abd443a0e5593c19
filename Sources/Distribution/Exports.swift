// The layout and format types that appear in ``DMGBuildOptions`` come from FinderLayout and
// DiskImage: re-exported, so that `import Distribution` is all a program needs.
@_exported public import DiskImage
@_exported public import FinderLayout
