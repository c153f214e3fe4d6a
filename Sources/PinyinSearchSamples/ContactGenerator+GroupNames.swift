extension ContactGenerator {
  /// A chat-group name of 5 to 20 characters: a well-known kind of group (`周末爬山小分队`), a
  /// class's parents' group (`2024届高三(3)班家长群`, `初二（5）班家长群`), a city's interest group
  /// (`重庆火锅吃货群`), a university class (`2019级软件工程2班`) or a family group
  /// (`老王家亲戚群`); a few end in an emoji (`亲爱的家人群❤️`, `成都爬山群🏔️`).
  mutating func groupName() -> String {
    var name: String
    switch number(below: 100) {
    case 0..<25:
      return word(of: GroupNamePool.common)
    case 25..<40:
      name = String(number(in: 2012...2026))
      name.append("届高")
      name.append(word(of: GroupNamePool.gradeNumbers))
      name.append("(")
      name.append(String(number(in: 1...12)))
      name.append(")班家长群")
    case 40..<48:
      name = "初"
      name.append(word(of: GroupNamePool.gradeNumbers))
      name.append("（")
      name.append(String(number(in: 1...9)))
      name.append("）班家长群")
    case 48..<78:
      name = word(of: GroupNamePool.places)
      name.append(word(of: GroupNamePool.interests))
      name.append(word(of: GroupNamePool.suffixes))
    case 78..<90:
      name = String(number(in: 2008...2025))
      name.append("级")
      name.append(word(of: GroupNamePool.majors))
      name.append(String(number(in: 1...6)))
      name.append("班")
    default:
      name = "老"
      name.append(word(of: GroupNamePool.familySurnames))
      name.append(word(of: GroupNamePool.familySuffixes))
    }
    if chance(perMille: 80) {
      name.append(word(of: GroupNamePool.emoji))
    }
    return name
  }
}

/// The word pools of chat-group names.
private enum GroupNamePool {
  /// Group names as people write them, each of at least five characters.
  static let common = WordPool(
    """
    周末爬山小分队 重庆火锅吃货群 相亲相爱一家人 公司年会筹备组 朝阳区业主交流群 长沙老乡会 羽毛球约球群
    宝妈育儿交流群 考研互助打卡群 单身狗联盟 亲爱的家人群❤️ 幸福一家人 研发中心全员群 行政部通知群 小区团购接龙群
    大学室友群 乐跑俱乐部 重阳节登高活动群 会计考证交流群 调音师交流群 藏书交换小组 和睦邻里群 觉醒读书会 曾氏宗亲会
    解放路商户群 朝九晚五打工人 高三冲刺加油群 五一自驾游小分队 周五下午茶 部门聚餐AA群 篮球队（周三） 家长委员会
    车友会·长安 王者荣耀开黑群
    """
  )

  /// 一 二 三, for grades of school.
  static let gradeNumbers = WordPool("一 二 三")

  /// City and district names, several with polyphonic first characters (长沙, 重庆, 朝阳, 厦门, 乐山).
  static let places = WordPool(
    "北京 上海 重庆 长沙 朝阳 海淀 浦东 成都 厦门 西安 杭州 深圳 广州 武汉 南京 乐山 长春 六安 蚌埠 天津 苏州 青岛 大连"
  )

  /// Interests and purposes of city groups.
  static let interests = WordPool(
    """
    火锅吃货 爬山 羽毛球 跑步 读书 摄影 骑行 篮球 足球 广场舞 钓鱼 自驾游 宝妈 二手闲置 拼车 团购 租房 美食 桌游 剧本杀
    露营 健身 瑜伽 品茶 书法 合唱 老乡 校友 单车 行业 银行同业 程序员 铁路
    """
  )

  /// How city-group names end.
  static let suffixes = WordPool("群 交流群 小分队 俱乐部 爱好者群 联盟 互助群 打卡群 大群 分会 同城群")

  /// University majors.
  static let majors = WordPool(
    """
    计算机 软件工程 临床医学 会计 金融 土木工程 英语 机械 电子信息 行政管理
    法学 建筑学 音乐表演
    """
  )

  /// Surnames used in family groups.
  static let familySurnames = WordPool("王 李 张 刘 陈 杨 黄 赵 周 吴 曾 单 解 乐 朴")

  /// How family-group names end after 老 and the surname.
  static let familySuffixes = WordPool("家亲戚群 家大院 家相亲相爱 家兄弟姐妹 家的群")

  /// Emoji that group names end with; ❤️ is U+2764 and the variation selector U+FE0F.
  static let emoji = WordPool("❤️ 🎉 🏔️ 🍲 🏸 👨‍👩‍👧 🌞 ✨")
}
