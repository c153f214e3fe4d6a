/// The snapshot checksum: a 64-bit hash of the bytes after the header, fixed by the format.
///
/// Four lanes each take every fourth 8-byte little-endian word: `lane = rotl(lane ^ word ×
/// 0x9E3779B97F4A7C15, 31) × 0xC2B2AE3D27D4EB4F`; the bytes after the last whole 32-byte block
/// go through 64-bit FNV-1a; the result mixes the lanes, the tail hash and the length. Fast
/// (several bytes per cycle, unlike byte-wise FNV) and detects any change of a byte.
enum SnapshotChecksum {
  /// The checksum of a snapshot: of its header with the checksum field (bytes 24..<32) zeroed,
  /// and of everything after the header, combined.
  static func of(snapshot bytes: UnsafeRawBufferPointer, headerSize: Int) -> UInt64 {
    var header = Array(UnsafeRawBufferPointer(rebasing: bytes[..<headerSize]))
    for index in 24..<32 { header[index] = 0 }
    let headerSum = header.withUnsafeBytes { of($0) }
    let bodySum = of(UnsafeRawBufferPointer(rebasing: bytes[headerSize...]))
    let sums = [headerSum.littleEndian, bodySum.littleEndian]
    return sums.withUnsafeBytes { of($0) }
  }

  /// The checksum of `bytes`.
  static func of(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    var lanes: (UInt64, UInt64, UInt64, UInt64) = (
      0x243F_6A88_85A3_08D3, 0x1319_8A2E_0370_7344, 0xA409_3822_299F_31D0, 0x082E_FA98_EC4E_6C89
    )
    @inline(__always) func round(_ lane: UInt64, _ word: UInt64) -> UInt64 {
      let mixed = lane ^ (word &* 0x9E37_79B9_7F4A_7C15)
      return ((mixed << 31) | (mixed >> 33)) &* 0xC2B2_AE3D_27D4_EB4F
    }
    let blocks = bytes.count / 32
    for block in 0..<blocks {
      let offset = block * 32
      lanes.0 = round(lanes.0, UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
      lanes.1 = round(lanes.1, UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self)))
      lanes.2 = round(lanes.2, UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self)))
      lanes.3 = round(lanes.3, UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + 24, as: UInt64.self)))
    }
    var tail: UInt64 = 0xcbf2_9ce4_8422_2325
    for index in (blocks * 32)..<bytes.count {
      tail = (tail ^ UInt64(bytes[index])) &* 0x0000_0100_0000_01B3
    }
    var result = UInt64(bytes.count) &* 0x9E37_79B9_7F4A_7C15
    for value in [lanes.0, lanes.1, lanes.2, lanes.3, tail] {
      result = round(result, value)
    }
    return result ^ (result >> 29)
  }
}
