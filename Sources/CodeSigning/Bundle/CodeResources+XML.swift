extension CodeResources {
  /// The seal as Apple's tools write it: an XML property list with tab indentation, keys in
  /// byte order, `<true/>` rules, weights as `<real>`, base64 data on its own indented line and
  /// a trailing newline (reference §12).
  package var xml: [UInt8] {
    var writer = PropertyListXMLWriter()
    writer.open("dict", depth: 0)
    writer.key("files", depth: 1)
    writer.dictionary(files, depth: 1) { writer, seal, depth in
      guard seal.optional, let hash = seal.hash else {
        writer.data(seal.hash ?? [], depth: depth)
        return
      }
      writer.dictionary(
        [("hash", { $0.data(hash, depth: $1) }), ("optional", { $0.true(depth: $1) })],
        depth: depth)
    }
    writer.key("files2", depth: 1)
    writer.dictionary(files2, depth: 1) { writer, seal, depth in
      writer.dictionary(Self.fields(of: seal), depth: depth)
    }
    writer.key("rules", depth: 1)
    writer.rules(rules.rules, depth: 1)
    writer.key("rules2", depth: 1)
    writer.rules(rules.rules2, depth: 1)
    writer.close("dict", depth: 0)
    return writer.finish()
  }

  /// A `files2` entry's fields, in byte order of their keys.
  private static func fields(of seal: ResourceSeal) -> [PropertyListXMLWriter.Field] {
    var fields: [PropertyListXMLWriter.Field] = []
    if let cdhash = seal.cdhash { fields.append(("cdhash", { $0.data(cdhash, depth: $1) })) }
    if let hash = seal.hash { fields.append(("hash", { $0.data(hash, depth: $1) })) }
    if let hash2 = seal.hash2 { fields.append(("hash2", { $0.data(hash2, depth: $1) })) }
    if seal.optional { fields.append(("optional", { $0.true(depth: $1) })) }
    if let requirement = seal.requirement {
      fields.append(("requirement", { $0.string(requirement, depth: $1) }))
    }
    if let symlink = seal.symlink { fields.append(("symlink", { $0.string(symlink, depth: $1) })) }
    return fields
  }
}

extension PropertyListXMLWriter {
  /// A rule list: each rule `<true/>` or a dictionary of its attributes, keys in byte order.
  fileprivate mutating func rules(_ rules: [ResourceRule], depth: Int) {
    let byPattern = Dictionary(
      rules.map { ($0.pattern, $0) }, uniquingKeysWith: { first, _ in first })
    dictionary(byPattern, depth: depth) { writer, rule, depth in
      guard !rule.isPlain else { return writer.true(depth: depth) }
      var fields: [Field] = []
      if rule.nested { fields.append(("nested", { $0.true(depth: $1) })) }
      if rule.omit { fields.append(("omit", { $0.true(depth: $1) })) }
      if rule.optional { fields.append(("optional", { $0.true(depth: $1) })) }
      if let weight = rule.weight { fields.append(("weight", { $0.real(weight, depth: $1) })) }
      writer.dictionary(fields, depth: depth)
    }
  }
}
