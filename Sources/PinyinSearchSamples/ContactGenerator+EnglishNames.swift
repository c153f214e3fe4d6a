extension ContactGenerator {
  /// A Latin-script personal name: mostly first and last name (`Tony Stark`, `Emily Zhang`), some
  /// a first name alone (`Kevin`) or with a middle initial (`John F. Miller`).
  mutating func englishName() -> String {
    var name = word(of: EnglishNamePool.firstNames)
    let variant = number(below: 100)
    if variant < 8 { return name }
    name.append(" ")
    if variant < 12 {
      name.append(word(of: EnglishNamePool.initials))
      name.append(". ")
    }
    name.append(word(of: EnglishNamePool.lastNames))
    return name
  }
}

/// The word pools of Latin-script personal names.
private enum EnglishNamePool {
  /// Common English first names, and the English names Chinese speakers often choose.
  static let firstNames = WordPool(
    """
    Tony Emily James Mary John Linda Robert Michael David Sarah Jessica Daniel Kevin Jason Eric Steven Grace Alice
    Amy Anna Bella Cindy Coco Daisy Eva Helen Iris Jack Jenny Joy Kelly Leo Lily Lucy Michelle Nancy Oliver Peter
    Rose Ryan Sam Sophia Tom Vicky Vivian William Zoe Chris Frank George Henry Ivy Judy Mike Nina Olivia Paul Sunny
    Tina Victor Wendy Allen Andy Bruce Candy Dennis Elaine Fiona Gary Hank Ian Jerry Kate Lisa Mandy
    """
  )

  /// Common English surnames, and Chinese surnames as they are written in pinyin.
  static let lastNames = WordPool(
    """
    Stark Smith Johnson Williams Brown Jones Miller Davis Garcia Wilson Anderson Taylor Thomas Moore Jackson Martin
    Lee Thompson White Harris Clark Lewis Walker Hall Allen Young King Wright Scott Green Baker Adams Nelson Hill
    Campbell Mitchell Roberts Carter Phillips Evans Turner Parker Collins Edwards Stewart Morris Murphy Cook Rogers
    Zhang Wang Li Liu Chen Yang Huang Zhao Wu Zhou Xu Sun Ma Zhu Hu Guo Lin Luo Zheng Liang Tang Chan Wong Cheung
    Lau Ng Ho Tsang Zeng Shan
    """
  )

  /// Middle initials.
  static let initials = WordPool("A B C D E F G H J K L M N P R S T W")
}
