/// The kinds of text in generated contact-like records, with the weight of each in percent.
enum ContactKind: CaseIterable, Sendable {
  /// `刘亦菲`, `曾小贤`, `王 芳`, `张老师`.
  case chineseName
  /// `周末爬山小分队`, `2024届高三(3)班家长群`, `亲爱的家人群❤️`.
  case groupName
  /// `Tony Stark`, `Emily Zhang`.
  case englishName
  /// `北京字节跳动科技有限公司`, `长沙银行`, `Apple Inc.`.
  case companyName
  /// `13800138000`, `138 0013 8000`, `+86 138 0013 8000`, `(010) 6552-8899`.
  case phoneNumber
  /// `iPhone 15 手机`, `Tony测试`, `QQ音乐会员`, `小米14 Pro`.
  case mixedText

  /// The share of records of this kind, in percent; the shares sum to 100.
  var percentage: Int {
    switch self {
    case .chineseName: 55
    case .groupName: 10
    case .englishName: 10
    case .companyName: 8
    case .phoneNumber: 10
    case .mixedText: 7
    }
  }

  /// The kind whose share contains `value`, which must be in `0 ..< 100`; the shares are laid out
  /// in declaration order.
  init(percentile value: Int) {
    precondition((0..<100).contains(value), "A percentile lies in 0 ..< 100, not \(value)")
    var upperBound = 0
    for kind in ContactKind.allCases {
      upperBound += kind.percentage
      if value < upperBound {
        self = kind
        return
      }
    }
    preconditionFailure("The kinds' percentages sum to \(upperBound), not 100")
  }
}
