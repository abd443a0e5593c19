import Foundation

/// A form as a tree: field names in bracket notation (`user[address][city]`, `tags[]`,
/// `pets[0][name]`) become nested objects and lists.
indirect enum FormNode {
  case text(String)
  case file(FormFile)
  case object([String: FormNode])
  case list([FormNode])

  /// Indexed items (`pets[0][name]`) are kept as an object keyed by their indexes, which a list
  /// reads in index order, so they may come in any order.
  ///
  /// The path of a bracketed name: `a[b][]` is `["a", "b", ""]`; a name that is not well
  /// bracketed is one key as it is.
  static func path(of name: String) -> [String] {
    guard let open = name.firstIndex(of: "["), name.hasSuffix("]"), open > name.startIndex else {
      return [name]
    }
    var path = [String(name[..<open])]
    var rest = name[open...]
    while rest.first == "[", let close = rest.firstIndex(of: "]") {
      path.append(String(rest[rest.index(after: rest.startIndex)..<close]))
      rest = rest[rest.index(after: close)...]
    }
    return rest.isEmpty ? path : [name]
  }

  /// The tree holding every field, in order.
  static func tree(_ fields: [(name: String, value: FormNode)]) -> FormNode {
    var root = FormNode.object([:])
    for (name, value) in fields { root.insert(value, at: path(of: name)[...]) }
    return root
  }

  mutating func insert(_ value: FormNode, at path: ArraySlice<String>) {
    guard let key = path.first else {
      self = value
      return
    }
    let rest = path.dropFirst()
    if key.isEmpty {
      var items: [FormNode] = if case .list(let existing) = self { existing } else { [] }
      // `tags[]`: a new item, unless it adds a key the last item lacks (`pets[][name]`).
      if let last = items.last, case .object(let object) = last, let next = rest.first,
        object[next] == nil
      {
        var item = last
        item.insert(value, at: rest)
        items[items.count - 1] = item
      } else {
        var item = FormNode.object([:])
        item.insert(value, at: rest)
        items.append(item)
      }
      self = .list(items)
    } else {
      var object: [String: FormNode] =
        if case .object(let existing) = self { existing } else { [:] }
      var child = object[key] ?? .object([:])
      child.insert(value, at: rest)
      object[key] = child
      self = .object(object)
    }
  }
}
