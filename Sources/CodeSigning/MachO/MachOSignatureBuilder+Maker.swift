/// The signature layer's builder is what the Mach-O signer places in each slice.
extension MachOSignatureBuilder: SliceSignatureMaker {}
