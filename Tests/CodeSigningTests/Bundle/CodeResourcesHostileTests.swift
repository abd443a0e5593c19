import CodeSigning
import Foundation
import Testing

/// Seals that once crashed the reader, each now an error naming the seal.
@Suite struct CodeResourcesHostileTests {
  /// Found by Fuzz/image-readers' coderesources target: a binary property list of Hello.app's
  /// seal holding a set, on which Foundation's bridging dereferenced null.
  static let binarySealWithASet = Data(
    base64Encoded:
      "YnBsaXN0MDDUAQIDBAUIDR1VZmlsZXNWZmlsZXMyVXL1bGVzVnJ1bGVzMtEGB18QFFJlc291cmNlcy9IZWxsby5p"
      + "Y25zTxAUsezlrHRDg4VBDqqHKDeNUNXXv9fRBgnSCgsHDFRoYXNoVWhhc2gyTxAghlMxNSFJrIxQrSmKABoVdzyz"
      + "D+ZauFUUa0Oqcl3nBBjVDg8QERITFBgbE1teUmVzb3VyY2VzL18QFV5SZXNvdXJjZXMvLipcLmxwcm9qL18QJl5S"
      + "ZXNvdXJjZXMvLipcLmxwcm9qL2xvY3ZlcnNpb24ucGxpc3QkXxAXXlJlc291AQAAAC9CYXNlXC5scHJvai9fEA9e"
      + "dmVyc2lvbi5wbGlzdCQJwhUWExdYb3B0aW9uYWxWd2VpZ2h0I0CPQAAAAAAA0hkWExpUb21pdCNAkTEAAAAAANEW"
      + "HCNAj5AAAAAAAN0eHyAhIiMODxARJCUmJykrEy4wMTIzNDU2N10uKlwuZFNZTSgkfC8pXxASXiguKi8pP1wuRFNf"
      + "U3RvcmUkXxBzXihGcmFtZXdvcmtzfFNoYXJlZEZyYW1ld29ya3N8UGx1Z0luc3xQbHVnLWluc3xYUENTZXJ2aWNl"
      + "c3xIZWxwZXJzfE1hY09TfExpYnJhcnkvKEF1dG9tYXRvcnxTcG90bGlnaHR8TG9naW5JdGVtcykpL1NeLipdXklu"
      + "Zm9cLnBsaXN0JFleUGtnSW5mbyRXXlteL10rJF8QHF4NAAAAAAAAAFwucHJvdmlzaW9ucHJvZmlsZSRfEBBedmVy"
      + "c2lvblwucGxpc3Qk0RYoI0AmAAAAAAAA0hkWEyojQJ9AAAAAAADSLBYTLVZuZXN0ZWQjuiQAAAAAAADSGRYTLyNA"
      + "NAAAAAAAANIZFi4v0RYv0hUWExfSGRYTGtEWHNIsFhMt0RYv0RYvAAgAEQAXAB4AJAArAC4ARQBcAF8AZABpAG8A"
      + "kgCdAKkAwQDqAQQBFgEXARwBJQEsATUBOgE/AUgBSwFUAW8BfQGSAggCDAIaAiQCLAJLAl4CYQJqAm8CeAJ9AoQC"
      + "jQKSApsCoAKjAqgCrQKwArUCuAAAAAAAAAIBAAAAAAAAADgAAAAAAAAAAAAAAAAAAAK7")

  @Test func aBinarySealHoldingASetIsAnErrorNotACrash() throws {
    let bytes = [UInt8](try #require(Self.binarySealWithASet))
    let error = #expect(throws: BundleError.self) {
      try CodeResources(plist: bytes, path: "App.app/Contents/_CodeSignature/CodeResources")
    }
    #expect(
      error
        == .malformedCodeResources(
          path: "App.app/Contents/_CodeSignature/CodeResources",
          reason: "the binary property list holds a set (at byte 279)"))
  }
}
