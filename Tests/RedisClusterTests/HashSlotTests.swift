import Testing

@testable import RedisCluster

@Suite struct HashSlotTests {
  @Test func crc16MatchesTheXmodemCheckValue() {
    #expect(CRC16.checksum(Array("123456789".utf8)) == 0x31C3, "the check value of CRC-16/XMODEM")
    #expect(CRC16.checksum([UInt8]()) == 0)
  }

  @Test func slotsMatchTheRedisCluster() {
    #expect(HashSlot(key: "foo").rawValue == 12_182, "CLUSTER KEYSLOT foo")
    #expect(HashSlot(key: "bar").rawValue == 5061, "CLUSTER KEYSLOT bar")
    #expect(HashSlot(key: "").rawValue == 0)
    #expect(HashSlot(key: "123456789").rawValue == 0x31C3 % 16_384)
  }

  @Test func keysWithTheSameHashTagShareASlot() {
    #expect(HashSlot(key: "{user1000}.following") == HashSlot(key: "{user1000}.followers"))
    #expect(HashSlot(key: "{user1000}.following") == HashSlot(key: "user1000"))
  }

  static let hashedParts: [(key: String, hashed: String)] = [
    ("foo{}{bar}", "foo{}{bar}"),
    ("foo{{bar}}zap", "{bar"),
    ("foo{bar}{zap}", "bar"),
    ("{}", "{}"),
    ("{a}", "a"),
    ("no braces", "no braces"),
    ("open{only", "open{only"),
    ("close}only{", "close}only{"),
    ("}{x}", "x"),
  ]

  @Test(arguments: hashedParts)
  func hashTagRule(_ key: String, _ hashed: String) {
    #expect(Array(HashSlot.hashedPart(of: Array(key.utf8))) == Array(hashed.utf8))
    #expect(HashSlot(key: key) == HashSlot(key: hashed), "the slot is that of the hashed part")
  }

  @Test func emptyHashTagHashesTheWholeKey() {
    let key = Array("foo{}{bar}".utf8)
    #expect(HashSlot(key: key).rawValue == CRC16.checksum(key) % 16_384)
  }

  @Test func rawValuesAreBelowTheSlotCount() {
    #expect(HashSlot(rawValue: 16_383)?.rawValue == 16_383)
    #expect(HashSlot(rawValue: 16_384) == nil)
  }
}
