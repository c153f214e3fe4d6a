/// CRC-16/XMODEM (CCITT polynomial 0x1021, initial value 0, no reflection, no final XOR): the
/// checksum Redis Cluster hashes keys with.
///
/// The check value of the catalogue of CRC algorithms holds: `checksum("123456789") == 0x31C3`.
enum CRC16 {
  /// The checksum of each byte value with a zero register, for table-driven updates.
  private static let table: [UInt16] = (0...255).map { byte in
    var crc = UInt16(byte) << 8
    for _ in 0..<8 {
      crc = crc & 0x8000 != 0 ? (crc << 1) ^ 0x1021 : crc << 1
    }
    return crc
  }

  /// The CRC-16/XMODEM checksum of `bytes`.
  ///
  /// - Complexity: O(*n*), where *n* is the number of bytes.
  static func checksum(_ bytes: some Sequence<UInt8>) -> UInt16 {
    var crc: UInt16 = 0
    for byte in bytes {
      crc = (crc << 8) ^ table[Int(UInt8(truncatingIfNeeded: crc >> 8) ^ byte)]
    }
    return crc
  }
}
