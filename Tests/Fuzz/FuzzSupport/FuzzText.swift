/// The byte code in which fuzz inputs write texts: dense in what the matcher finds hard, so
/// that libFuzzer's byte mutations keep producing such texts.
///
/// - A printable ASCII byte (0x20–0x7E) is itself: letters, digits, space, phone separators.
/// - A byte from 0x80 is one of 128 `pieces`: polyphonic and other Han characters, Han with
///   variation selectors or combining marks, supplementary-plane Han, white space other than the
///   space (tab, line breaks, U+3000, U+00A0, …), full-width forms, CJK punctuation, emoji,
///   letters with combining marks and letters whose case mapping changes their length, other
///   digits, control and special scalars.
/// - 0x1C and the next byte are one of `morePieces` (the byte modulo their count): traditional
///   characters and their simplified twins, and Han characters whose readings the fuzzy rules
///   swap or that have no vowel, for the search options.
/// - 0x1B and the next three bytes are any scalar: the bytes' big-endian value modulo 0x110000
///   (U+FFFD for a surrogate), so that every text can be written (`encode(_:)`).
/// - Another control byte is that control character, unless the reader of the input reserves
///   it (`FuzzReader`): to end a record or a query, or 0x05 and the next five bytes for a
///   spelling (`Spelling`).
///
///     FuzzText.decode([0x80, 0x81, 0x20, 0x31])  // "长行 1"
public enum FuzzText {
  /// What the bytes 0x80 through 0xFF stand for.
  public static let pieces: [String] = [
    // Polyphones (28).
    "长", "行", "单", "曾", "重", "乐", "会", "和", "大", "解", "仇", "朝", "传", "都",
    "还", "了", "着", "卡", "西", "安", "先", "黄", "王", "刘", "亦", "菲", "银", "音",
    // Other Han, mostly of one reading, and more polyphones (27).
    "我", "爱", "你", "中", "国", "张", "李", "手", "机", "经", "沧", "海", "吕", "女",
    "葛", "德", "华", "尉", "迟", "率", "薄", "便", "差", "调", "觉", "数", "只",
    // Han with a variation selector or a combining mark, supplementary-plane Han, U+3007 (9).
    "葛\u{E0100}", "长\u{FE00}", "行\u{E0101}", "\u{274BD}", "\u{20000}", "长\u{301}", "安\u{FE0F}",
    "\u{3007}", "\u{3400}",
    // White space other than the space, and a zero-width space, which is none (10).
    "\u{3000}", "\t", "\n", "\r\n", "\r", "\u{A0}", "\u{2028}", "\u{85}", "\u{200B}", "\u{2003}",
    // Full-width forms (14).
    "Ａ", "ｂ", "１", "２", "９", "Ｚ", "ｘ", "（", "）", "－", "＋", "．", "／", "＃",
    // Punctuation and symbols (6).
    "\u{B7}", "、", "。", "，", "～", "％",
    // Emoji: with a skin tone, a ZWJ sequence, flags, a keycap (7).
    "👍", "👍🏽", "👨‍👩‍👧", "🇨🇳", "❤️", "🇺🇸", "#\u{FE0F}\u{20E3}",
    // Combining marks, and letters whose lowercase differs in length or form (16).
    "e\u{301}", "\u{E9}", "E\u{301}", "\u{130}", "\u{DF}", "\u{3A3}", "\u{FC}", "u\u{308}", "\u{301}",
    "\u{1D6}", "\u{FB01}", "\u{1E9E}", "\u{C5}", "\u{2126}", "\u{1C5}", "\u{390}",
    // Other digits (4).
    "\u{2460}", "\u{B2}", "\u{663}", "\u{216B}",
    // Control and special scalars (7).
    "\u{0}", "\u{7F}", "\u{FFFD}", "\u{FEFF}", "\u{200D}", "\u{10FFFF}", "\u{E000}",
  ]

  /// What 0x1C and a byte stand for, each a single scalar.
  public static let morePieces: [String] = [
    // Traditional characters with their simplified twins (薴 → 苧 → 苎 in two steps, 髮 and 發 both 发),
    // characters left alone (乾, 著, 裡, 裏), and U+9FAD, which has no reading but a simplified variant (48).
    "劉", "華", "發", "髮", "薴", "苧", "苎", "乾", "著", "長", "東", "國", "愛", "會", "发", "东",
    "干", "幹", "單", "樂", "還", "傳", "黃", "銀", "張", "機", "經", "滄", "呂", "遲", "調", "覺",
    "數", "隻", "臺", "台", "後", "后", "裡", "裏", "里", "麵", "面", "鐘", "鍾", "钟", "\u{9FAD}", "\u{29A0E}",
    // Readings the fuzzy rules swap: lve, nve, lu, nu, ru, ri, fu, hu, san, shan, cai, chai, zi, zhi,
    // nan, lan, jin, jing, gen, geng, xiang, guan, guang, neng, leng, ran, shuang, zhuang, chuan,
    // ning, lin; and readings without a vowel: n/ng, m, heng/hng, hm (35).
    "略", "虐", "路", "怒", "如", "日", "福", "胡", "三", "山", "才", "柴", "资", "知", "南", "兰",
    "金", "京", "根", "耕", "香", "关", "光", "能", "冷", "然", "双", "庄", "船", "宁", "林", "嗯",
    "呣", "哼", "噷",
  ]

  /// The byte that starts a scalar written in full.
  public static let escape: UInt8 = 0x1B
  /// The byte that starts one of `morePieces`.
  public static let morePiecesMark: UInt8 = 0x1C
  /// The byte that starts a spelling, where a `FuzzReader` is given one.
  public static let spellingMark: UInt8 = 0x05

  /// The text that all of `bytes` write, with no byte reserved.
  public static func decode(_ bytes: some Collection<UInt8>) -> String {
    var reader = FuzzReader(bytes)
    return reader.text(until: []).text
  }

  /// Bytes that `decode(_:)` turns into `text`, with no control byte but `escape`, so that no
  /// reader takes them for its own.
  public static func encode(_ text: String) -> [UInt8] {
    var bytes: [UInt8] = []
    for scalar in text.unicodeScalars {
      if (0x20...0x7E).contains(scalar.value) {
        bytes.append(UInt8(scalar.value))
      } else if let piece = pieceBytes[String(scalar)] {
        bytes.append(piece)
      } else if let piece = morePieceBytes[String(scalar)] {
        bytes += [morePiecesMark, piece]
      } else {
        bytes.append(escape)
        bytes += [16, 8, 0].map { UInt8(truncatingIfNeeded: scalar.value >> $0) }
      }
    }
    return bytes
  }

  /// The byte of each piece that is a single scalar.
  private static let pieceBytes: [String: UInt8] = {
    var bytes: [String: UInt8] = [:]
    for (index, piece) in pieces.enumerated() where piece.unicodeScalars.count == 1 && index < 128 {
      bytes[piece] = UInt8(0x80 + index)
    }
    return bytes
  }()

  /// The byte after `morePiecesMark` of each of `morePieces`.
  private static let morePieceBytes: [String: UInt8] = {
    var bytes: [String: UInt8] = [:]
    for (index, piece) in morePieces.enumerated() where piece.unicodeScalars.count == 1 && index < 256 {
      bytes[piece] = UInt8(index)
    }
    return bytes
  }()
}
