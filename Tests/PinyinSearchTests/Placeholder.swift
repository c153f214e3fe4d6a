import Testing
@testable import PinyinSearch

@Test func smoke() {
  let e = LinearScanEngine([Record(id: "1", text: "刘亦菲"), Record(id: "2", text: "西安"), Record(id: "3", text: "先"), Record(id: "4", text: "黄安"), Record(id: "5", text: "我 爱你 中   国"), Record(id: "6", text: "曾经沧海"), Record(id: "7", text: "138 0013 8000")])
  for q in ["lyf", "xian", "an", "nzg", "zengji ng cang", "1380013", "liuyf", "l"] {
    print(q, e.search(q))
  }
  print(Pinyin.units(of: "长大行"))
}
