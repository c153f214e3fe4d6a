import Testing

@testable import RedisCluster

@Suite struct RESPValueTests {
  @Test func commandIsAnArrayOfBulkStrings() {
    var buffer: [UInt8] = []
    RESPValue.appendCommand([Array("SET".utf8), Array("k".utf8), Array("v\r\n".utf8)], to: &buffer)
    #expect(buffer == Array("*3\r\n$3\r\nSET\r\n$1\r\nk\r\n$3\r\nv\r\n\r\n".utf8))
  }

  @Test func commandArgumentsMayBeEmptyOrAnyBytes() {
    var buffer: [UInt8] = []
    RESPValue.appendCommand([Array("GET".utf8), [], [0, 255]], to: &buffer)
    #expect(buffer == Array("*3\r\n$3\r\nGET\r\n$0\r\n\r\n$2\r\n".utf8) + [0, 255, 13, 10])
  }

  @Test func longCommandsCountInDecimal() {
    var buffer: [UInt8] = [42]
    let arguments = [Array("ZADD".utf8)] + (0..<11).map { [UInt8](repeating: 0x61, count: $0 * 10) }
    RESPValue.appendCommand(arguments, to: &buffer)
    let expected =
      "**12\r\n$4\r\nZADD\r\n"
      + (0..<11).map { "$\($0 * 10)\r\n" + String(repeating: "a", count: $0 * 10) + "\r\n" }.joined()
    #expect(buffer == Array(expected.utf8))
  }

  @Test func valuesEncodeAsAServerSendsThem() {
    #expect(RESPValue.simpleString("OK").encoded == Array("+OK\r\n".utf8))
    #expect(RESPValue.error("ERR x").encoded == Array("-ERR x\r\n".utf8))
    #expect(RESPValue.integer(-3).encoded == Array(":-3\r\n".utf8))
    #expect(RESPValue.integer(10).encoded == Array(":10\r\n".utf8))
    #expect(RESPValue.integer(.max).encoded == Array(":9223372036854775807\r\n".utf8))
    #expect(RESPValue.integer(.min).encoded == Array(":-9223372036854775808\r\n".utf8))
    #expect(RESPValue.bulkString(nil).encoded == Array("$-1\r\n".utf8))
    #expect(RESPValue.array(nil).encoded == Array("*-1\r\n".utf8))
    #expect(
      RESPValue.array([.bulkString(Array("a".utf8)), .array([])]).encoded == Array("*2\r\n$1\r\na\r\n*0\r\n".utf8)
    )
  }
}
