/// A keyboard scheme: how people who type Chinese on a plain keyboard, with no input method in
/// between, type a syllable (Docs/Semantics.md, "keyboard").
///
/// The four double-pinyin (双拼) schemes type each syllable with two keys, its initial's and its
/// final's; zhuyin types its bopomofo (注音) symbols on the Dachen (大千) layout of Taiwan.
/// Tones are not typed.
///
///     Pinyin.codes(of: "刘", keyboard: .xiaohe)  // ["lq"]
///     Pinyin.codes(of: "菲", keyboard: .zhuyin)  // ["zo"]
public enum Keyboard: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
  /// Xiaohe (小鹤双拼), the most used double pinyin today: 菲 is `fw`, 张 `vh`, 安 `an`.
  case xiaohe
  /// Ziranma (自然码), the oldest of the four: 菲 is `fz`, 安 `an`.
  case ziranma
  /// Microsoft double pinyin (微软双拼), the scheme of Windows' Microsoft Pinyin: `ing` on
  /// `;`, 安 `oj`, 吕 `ly`.
  case microsoft
  /// Sogou double pinyin (搜狗双拼): Microsoft's but `ve` on `t`; 安 `oj`.
  case sogou
  /// Zhuyin (注音, bopomofo) on the Dachen (大千) layout: 刘 is `xu.` (ㄌㄧㄡ), 张 `5;` (ㄓㄤ).
  case zhuyin

  /// The scheme's name as the command line writes it (`xiaohe`).
  public var description: String { rawValue }
}
