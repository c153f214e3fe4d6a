extension ContactGenerator {
  /// A company name: a well-known one (`长沙银行`, `Apple Inc.`), a registered name built from city,
  /// trade name, line of business and legal form (`北京字节跳动科技有限公司`), a short trade name
  /// (`华腾物流`), or a Latin-script firm (`Parker Trading Co., Ltd.`).
  mutating func companyName() -> String {
    switch number(below: 100) {
    case 0..<35:
      return word(of: CompanyNamePool.wellKnown)
    case 35..<80:
      var name = word(of: CompanyNamePool.cities)
      name.append(word(of: CompanyNamePool.tradeNames))
      name.append(word(of: CompanyNamePool.businesses))
      name.append(word(of: CompanyNamePool.legalForms))
      return name
    case 80..<92:
      var name = word(of: CompanyNamePool.tradeNames)
      name.append(word(of: CompanyNamePool.shortSuffixes))
      return name
    default:
      var name = word(of: CompanyNamePool.latinNames)
      name.append(" ")
      name.append(word(of: CompanyNamePool.latinSuffixes))
      return name
    }
  }
}

/// The word pools of company names.
private enum CompanyNamePool {
  /// Well-known companies, one per line, since some names contain spaces.
  static let wellKnown = WordPool(
    """
    北京字节跳动科技有限公司
    长沙银行
    招商银行
    中国工商银行
    重庆农村商业银行
    腾讯科技（深圳）有限公司
    阿里巴巴集团
    华为技术有限公司
    小米科技有限责任公司
    重庆长安汽车股份有限公司
    长城汽车
    中国平安
    顺丰速运
    京东物流
    美团外卖
    中国移动
    中国联通
    中国电信
    国家电网
    贵州茅台
    朝阳医院
    乐视网
    长江证券
    Apple Inc.
    Google LLC
    Microsoft Corporation
    Tesla, Inc.
    IBM
    Amazon.com, Inc.
    Starbucks
    McDonald's
    KFC肯德基
    IKEA宜家家居
    Nike
    Samsung Electronics
    Sony Corporation
    3M中国有限公司
    """,
    separator: "\n"
  )

  /// Cities of registration.
  static let cities = WordPool(
    """
    北京 上海 深圳 杭州 广州 长沙 重庆 成都 武汉 南京 厦门 西安 天津 苏州
    合肥 郑州 济南 长春
    """
  )

  /// Trade names, several with polyphones (长 行 乐 重 朝 和 会 调).
  static let tradeNames = WordPool(
    """
    字节跳动 华腾 星辰 远航 银河 汇通 和信 长城 朝晖 乐行 重远 天行 中和 鼎盛 恒通 金桥 宏远 东方 蓝海 创新 博雅
    新华 瑞丰 聚源 会通 调和 长风 行健 安居 佳禾
    """
  )

  /// Lines of business.
  static let businesses = WordPool(
    """
    科技 网络 信息技术 贸易 物流 餐饮管理 文化传媒 建筑工程 医疗器械 教育咨询
    电子商务 生物医药 投资
    """
  )

  /// Legal forms.
  static let legalForms = WordPool("有限公司 股份有限公司 有限责任公司 集团有限公司")

  /// What follows a trade name when a company goes by it.
  static let shortSuffixes = WordPool("银行 集团 超市 药房 大酒店 物业 物流 律师事务所 会计师事务所 装饰 汽修 4S店")

  /// Latin-script firm names.
  static let latinNames = WordPool("Parker Morgan Sterling Apex Summit Pioneer Horizon Evergreen Golden Pacific Orient")

  /// Latin-script legal forms, one per line.
  static let latinSuffixes = WordPool(
    """
    Trading Co., Ltd.
    Consulting
    & Partners
    Group
    Holdings Ltd.
    Technology Inc.
    """,
    separator: "\n"
  )
}
