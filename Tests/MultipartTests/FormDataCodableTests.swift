import Foundation
import Multipart
import Testing

@Suite struct FormDataCodableTests {
  struct Address: Codable, Equatable {
    var street: String
    var city: String
  }
  struct Pet: Codable, Equatable {
    var name: String
    var age: Int
  }
  enum Plan: String, Codable { case free, pro }
  struct Signup: Codable, Equatable {
    var name: String
    var age: Int
    var score: Double
    var newsletter: Bool
    var plan: Plan
    var tags: [String]
    var address: Address
    var pets: [Pet]
    var nickname: String?
    var avatar: FormFile?
    var attachments: [FormFile]
  }

  static let signup = Signup(
    name: "Ada \"Countess\"\r\nLovelace", age: 36, score: 9.5, newsletter: true, plan: .pro,
    tags: ["math", "engines", ""], address: Address(street: "12 St James's Sq", city: "London"),
    pets: [Pet(name: "Cat", age: 3), Pet(name: "Dog", age: 5)], nickname: nil,
    avatar: FormFile(
      filename: "ada.png", contentType: "image/png", data: Data([0x89, 0x50, 0x4E, 0x47])),
    attachments: [
      FormFile(filename: "notes.txt", data: Data("notes".utf8)),
      FormFile(filename: "b.bin", contentType: "application/octet-stream", data: Data()),
    ])

  @Test func nestedValuesRoundTripThroughABody() throws {
    let form = try FormDataEncoder().encode(Self.signup)
    let body = form.makeBody()
    var decoded = try FormDataDecoder().decode(
      Signup.self, from: body, boundary: form.boundary.value)
    // A file's type comes back from its extension when none was given.
    #expect(decoded.attachments.first?.contentType == "text/plain")
    decoded.attachments[0].contentType = nil
    #expect(decoded == Self.signup)
    let names = try MultipartParser.parts(of: body, boundary: form.boundary.value).compactMap(
      \.head.name)
    #expect(
      names.contains("address[city]") && names.contains("pets[1][age]") && names.contains("tags[]"))
    #expect(names.contains("attachments[]") && !names.contains("nickname"))
  }

  @Test func browserStyleNamesDecode() throws {
    let fields = [
      ("name", "Grace"), ("pets[][name]", "Rex"), ("pets[][age]", "4"), ("pets[][name]", "Tom"),
      ("pets[][age]", "2"), ("tags[]", "a"), ("tags[]", "b"), ("address[city]", "Arlington"),
      ("address[street]", "1 Navy Way"), ("flags[1]", "off"), ("flags[0]", "on"),
    ]
    let body = Array(
      (fields.map { "--b\r\nContent-Disposition: form-data; name=\"\($0.0)\"\r\n\r\n\($0.1)\r\n" }
        .joined() + "--b--").utf8)
    struct Person: Codable, Equatable {
      var name: String
      var pets: [Pet]
      var tags: [String]
      var address: Address
      var flags: [Bool]
      var missing: Int?
    }
    let person = try FormDataDecoder().decode(Person.self, from: Data(body), boundary: "b")
    #expect(
      person
        == Person(
          name: "Grace", pets: [Pet(name: "Rex", age: 4), Pet(name: "Tom", age: 2)],
          tags: ["a", "b"],
          address: Address(street: "1 Navy Way", city: "Arlington"), flags: [true, false],
          missing: nil))
  }

  @Test func wrongValuesNameTheField() throws {
    let form = try FormDataEncoder().encode(["age": "thirty"])
    #expect {
      _ = try FormDataDecoder().decode(
        Pet.self, from: form.makeBody(), boundary: form.boundary.value)
    } throws: { error in
      "\(error)".contains("name") || "\(error)".contains("age")
    }
  }
}
