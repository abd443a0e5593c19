// The layout and format types that appear in ``DMGBuildOptions`` come from FinderLayout and
// DiskImage, and the errors a step can throw (``CodeSigningError``, ``BundleError``,
// ``HFSPlusError``, ``APFSError``, ``StagingError``, ``DiskImageError``…) and the findings of a
// signature check (``SignatureFinding``) from the modules that throw or make them: re-exported,
// so that `import Distribution` is all a program needs. Those modules make nothing else public.
@_exported public import APFS
@_exported public import CodeSigning
@_exported public import DiskImage
@_exported public import FinderLayout
@_exported public import HFSPlus
@_exported public import StagedTree
