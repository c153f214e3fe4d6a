extension ContactGenerator {
  /// A text that mixes scripts, digits and Han: a common one (`QQ音乐会员`, `B超检查`), a Latin
  /// name with a Chinese role (`Tony测试`), a product and model (`iPhone 15 手机`, `小米14 Pro`) or
  /// a surname and title with a Latin tag (`王总 VIP`).
  mutating func mixedText() -> String {
    switch number(below: 100) {
    case 0..<40:
      return word(of: MixedTextPool.common)
    case 40..<60:
      var text = word(of: MixedTextPool.latinNames)
      if chance(perMille: 200) { text.append(" ") }
      text.append(word(of: MixedTextPool.roles))
      return text
    case 60..<85:
      var text = word(of: MixedTextPool.brands)
      text.append(String(number(in: 8...16)))
      if chance(perMille: 500) { text.append(word(of: MixedTextPool.models)) }
      if chance(perMille: 300) { text.append(word(of: MixedTextPool.productSuffixes)) }
      return text
    default:
      var text = word(of: MixedTextPool.surnames)
      text.append(word(of: MixedTextPool.titles))
      text.append(word(of: MixedTextPool.tags))
      return text
    }
  }
}

/// The word pools of mixed-script texts.
private enum MixedTextPool {
  /// Mixed texts as people write them, one per line, since some contain spaces.
  static let common = WordPool(
    """
    iPhone 15 手机
    QQ音乐会员
    B超检查
    小米14 Pro
    Tony测试
    4S店王经理
    KTV订包厢
    Wi-Fi密码
    AirPods Pro 2代
    PPT模板
    T恤团购
    X光片
    卡拉OK
    AA制聚餐
    CEO办公室
    HR小王
    iPad维修
    Mac mini
    MacBook Air 13寸
    华为Mate 60
    OPPO售后
    vivo X100
    12306客服
    3号楼物业
    A4纸批发
    NBA中国
    CCTV-5
    双11快递
    VIP客服
    App Store
    U盘
    e袋洗
    GPS定位器
    DIY手工
    2号线地铁
    """,
    separator: "\n"
  )

  /// Latin names that precede a Chinese role.
  static let latinNames = WordPool("Tony Emily Kevin Jack Lucy Amy Leo Coco Eric Grace Jason Vivian Mike Lily")

  /// Chinese roles after a Latin name.
  static let roles = WordPool("测试 老师 房东 同事 经理 设计 产品 前台 客服 司机 教练 (健身房) -销售")

  /// Product brands, Latin and Han, some followed by a space before the model number.
  static let brands = WordPool(
    "iPhone |iPhone|小米|小米 |华为P|荣耀|红米Note |三星S|一加|iPad Pro |Galaxy S|vivo X|OPPO Reno",
    separator: "|"
  )

  /// Model suffixes.
  static let models = WordPool("| Pro| Max| Pro Max| Ultra| Plus| mini|s|SE", separator: "|")

  /// What follows a product.
  static let productSuffixes = WordPool("| 手机| 充电器| 保护壳|屏幕维修| 以旧换新", separator: "|")

  /// Surnames before a title.
  static let surnames = WordPool("王 李 张 刘 陈 杨 黄 赵 曾 单 解 乐 周 吴")

  /// Titles after a surname.
  static let titles = WordPool("总 经理 老师 哥 姐 律师 医生 师傅")

  /// Latin tags after a surname and title.
  static let tags = WordPool("| VIP| CEO|-HR|(IT)| PM| QA|-BD| 4S店", separator: "|")
}
