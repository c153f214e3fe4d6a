extension ContactGenerator {
  /// A Chinese personal name: mostly a surname and one or two given-name characters.
  ///
  /// Surnames follow their real frequencies (in hundredths of a percent), except that the
  /// polyphonic ones — 曾 单 解 乐 仇 区 查 朴 盖 缪 覃 种 长孙 尉迟 万俟 — are boosted to about 5 % of
  /// surnames in all, so that searches for `zeng`/`ceng` or `shan`/`dan` find something. A few
  /// names are well-known ones (`刘亦菲`, `梁朝伟`), and a few carry a title (`张老师`), white
  /// space between surname and given name (`刘 德华`, `刘　德华`) or a note (`王芳（同事）`, `李静🌸`).
  mutating func chineseName() -> String {
    // Per thousand: 15 well-known names, 30 surnames with a title, 10 names with a space and 3 with
    // an ideographic space after the surname; of the rest, 65 % have two given-name characters.
    let variant = number(below: 1000)
    if variant < 15 { return word(of: ChineseNamePool.wellKnown) }
    var name = word(of: ChineseNamePool.surnames)
    if variant < 45 {
      name.append(word(of: ChineseNamePool.titles))
      return name
    }
    if variant < 55 {
      name.append(" ")
    } else if variant < 58 {
      name.append("\u{3000}")
    }
    name.append(word(of: ChineseNamePool.givenCharacters))
    if number(below: 100) < 65 {
      name.append(word(of: ChineseNamePool.givenCharacters))
    }
    if chance(perMille: 25) {
      name.append(word(of: ChineseNamePool.notes))
    }
    return name
  }
}

/// The word pools of Chinese personal names.
private enum ChineseNamePool {
  /// The ~100 most common surnames with their approximate share in hundredths of a percent, then
  /// the polyphonic surnames, boosted.
  static let surnames = WeightedWordPool(
    """
    王725 李719 张683 刘538 陈453 杨308 黄223 赵218 吴205 周198 徐166 孙154 马143 朱129 胡128 郭113
    何107 高107 林104 罗88 郑84 梁83 谢75 宋67 唐67 许63 韩60 冯59 邓58 曹55 彭54 肖50 田49 董46
    袁45 潘43 于42 蒋42 蔡41 余40 杜39 叶38 程37 苏35 魏35 吕34 丁33 任33 沈32 姚31 卢31 姜30 崔29
    钟29 谭28 陆27 汪26 范26 金25 石25 廖24 贾24 夏23 韦23 付22 方22 白21 邹21 孟20 熊20 秦20 邱19
    江19 尹18 薛18 闫17 段17 雷17 侯16 龙16 史16 陶15 黎15 贺15 顾14 毛14 郝14 龚13 邵13 万13 钱13
    严12 武12 戴12 莫11 孔11 向11 汤10 常10 温10 康10 施9 文9 牛9 樊9 葛9 邢9 安8 齐8 易8 乔8 伍8
    庞8 颜8 倪8 庄8 聂8 章8 鲁7 岳7 翟7 殷7 詹7 申7 欧7 耿7 关7 兰7 焦7 俞7 左7 柳7 甘6 祝6 包6
    宁6 尚6 符6 舒6 阮6 柯6 纪6 梅6 童6 凌6 毕6 单40 曾100 解30 乐30 仇25 区25 查30 朴30 盖20 缪25
    覃30 种15 长孙8 尉迟6 万俟5
    """
  )

  /// About 200 common given-name characters, among them the polyphones 乐 行 长 重 朝 会 和 觉 调 藏
  /// 传 茜 奇 员 宿 仔 朴 柏 露 强 若 盛 晟 思 家 莎 乾 蔚 单 解 曾.
  static let givenCharacters = WordPool(
    """
    伟 芳 娜 敏 静 丽 强 磊 军 洋 勇 艳 杰 娟 涛 明 超 秀 霞 平 刚 英 华 玉 萍 红 玲 芬 燕 彬 鹏 辉 浩 宇 轩
    子 涵 梓 欣 怡 萱 晨 博 文 俊 嘉 雨 诗 思 佳 琪 悦 彤 一 可 心 雪 梦 婷 晶 颖 慧 莉 倩 雅 蕾 薇 月 春 秋
    冬 夏 亮 斌 飞 云 峰 建 国 志 新 永 海 林 波 鑫 宁 成 东 凯 宏 昊 天 瑞 泽 睿 铭 哲 翔 航 煜 阳 晓 小 丹
    露 蓉 婉 清 淑 惠 珍 兰 凤 洁 琳 素 莹 岚 璐 瑶 佩 菲 亦 德 学 友 伦 家 龙 金 宝 福 贵 荣 安 康 乐 行 长
    重 朝 会 和 觉 调 藏 传 少 正 中 仁 义 智 信 忠 元 胜 利 发 达 祥 旭 星 辰 若 依 语 妍 沐 景 曦 朵 柏 松
    竹 梅 兴 盛 茜 奇 曲 员 宿 仔 相 应 朴 尚 卫 振 晟 朗 毅 坤 晖 豪 婧 妮 楠 莎 乾 蔚 单 解 曾
    """
  )

  /// Well-known names, so that demo queries such as `lyf` or `ldh` find what people expect.
  static let wellKnown = WordPool(
    """
    刘亦菲 刘德华 周杰伦 王菲 张学友 林俊杰 邓紫棋 曾小贤 单田芳 梁朝伟 周星驰 张曼玉 赵丽颖 胡歌 吴京 沈腾
    黄渤 乐嘉 曾志伟 解晓东 成龙 李连杰 杨幂 王俊凯 易烊千玺 长孙无忌 尉迟恭
    """
  )

  /// What people put after a surname instead of a given name.
  static let titles = WordPool("老师 总 经理 师傅 姐 哥 阿姨 叔 医生 律师 老板 主任 院长 会计 工")

  /// Notes after a name: full-width and ASCII brackets, dashes and emoji.
  static let notes = WordPool("（同事） (同学) （大学同学） -装修 -房东 🌸 ❤️ ★ 😊 ~ (老家) -快递 （物业）")
}
