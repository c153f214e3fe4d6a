// The keyboard schemes' tables (Docs/Semantics.md, "keyboard"), as data: the keys of double
// pinyin's finals (from the published layouts of Xiaohe, Ziranma, Microsoft and Sogou double
// pinyin), and the bopomofo of pinyin syllables with the Dachen (大千) key of each symbol (from
// the zhuyin–pinyin correspondence of the Taiwanese Ministry of Education's tables).

extension KeyboardCodes {
  /// Each final with its key in xiaohe, ziranma, microsoft and sogou, separated by spaces; `-`
  /// where a scheme has no key for it (`er` after an initial).
  static let doublePinyinFinals = """
    a aaaa e eeee i iiii o oooo u uuuu uo oooo ai dlll an jjjj ang hhhh ao ckkk ei wzzz en ffff \
    eng gggg ia xwww ua xwww ian mmmm iang lddd uang lddd iao nccc ie pxxx in bnnn ing ky;; \
    iong ssss ong ssss iu qqqq ou zbbb uai kyyy uan rrrr ue tttt ui vvvv un yppp v vvyy ve ttvt \
    er --rr
    """

  /// The bopomofo of each initial, then of each final after an initial, then of each syllable
  /// in `y` or `w`, as `pinyin=bopomofo` separated by spaces.
  static let zhuyinInitials = """
    b=ㄅ p=ㄆ m=ㄇ f=ㄈ d=ㄉ t=ㄊ n=ㄋ l=ㄌ g=ㄍ k=ㄎ h=ㄏ j=ㄐ q=ㄑ x=ㄒ zh=ㄓ ch=ㄔ sh=ㄕ r=ㄖ z=ㄗ c=ㄘ s=ㄙ
    """
  static let zhuyinFinals = """
    a=ㄚ o=ㄛ e=ㄜ ai=ㄞ ei=ㄟ ao=ㄠ ou=ㄡ an=ㄢ en=ㄣ ang=ㄤ eng=ㄥ er=ㄦ ong=ㄨㄥ i=ㄧ ia=ㄧㄚ io=ㄧㄛ \
    ie=ㄧㄝ iao=ㄧㄠ iu=ㄧㄡ ian=ㄧㄢ in=ㄧㄣ iang=ㄧㄤ ing=ㄧㄥ iong=ㄩㄥ u=ㄨ ua=ㄨㄚ uo=ㄨㄛ uai=ㄨㄞ \
    ui=ㄨㄟ uan=ㄨㄢ un=ㄨㄣ uang=ㄨㄤ ue=ㄨㄝ v=ㄩ ve=ㄩㄝ
    """
  static let zhuyinSyllablesInYW = """
    yi=ㄧ ya=ㄧㄚ yo=ㄧㄛ ye=ㄧㄝ yao=ㄧㄠ you=ㄧㄡ yan=ㄧㄢ yin=ㄧㄣ yang=ㄧㄤ ying=ㄧㄥ yong=ㄩㄥ yu=ㄩ \
    yue=ㄩㄝ yuan=ㄩㄢ yun=ㄩㄣ yuang=ㄩㄤ wu=ㄨ wa=ㄨㄚ wo=ㄨㄛ wai=ㄨㄞ wei=ㄨㄟ wan=ㄨㄢ wen=ㄨㄣ \
    wang=ㄨㄤ weng=ㄨㄥ wong=ㄨㄥ
    """
  /// Each bopomofo symbol followed by its Dachen key.
  static let dachenKeys = """
    ㄅ1ㄆqㄇaㄈzㄉ2ㄊwㄋsㄌxㄍeㄎdㄏcㄐrㄑfㄒvㄓ5ㄔtㄕgㄖbㄗyㄘhㄙnㄧuㄨjㄩmㄚ8ㄛiㄜkㄝ,ㄞ9ㄟoㄠlㄡ.ㄢ0ㄣpㄤ;ㄥ/ㄦ-
    """
}
