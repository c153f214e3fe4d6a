import Testing

@testable import PinyinSearchCLI

@Suite struct LineEditorTests {
  @Test func insertsAndDeletesWholeCharacters() {
    var editor = LineEditor()
    editor.insert("刘亦e\u{301}👨‍👩‍👧")
    #expect(editor.text == "刘亦e\u{301}👨‍👩‍👧" && editor.cursor == 4)
    editor.deleteBackward()
    #expect(editor.text == "刘亦e\u{301}", "the family is one character")
    editor.deleteBackward()
    #expect(editor.text == "刘亦", "e and its accent go together")
    editor.deleteBackward()
    editor.deleteBackward()
    editor.deleteBackward()
    #expect(editor.text == "" && editor.cursor == 0)
  }

  @Test func joinsACombiningMarkToTheCharacterBeforeIt() {
    var editor = LineEditor("e")
    editor.insert("\u{301}")
    #expect(editor.text == "e\u{301}" && editor.cursor == 1)
  }

  @Test func movesTheCursorAndEditsInTheMiddle() {
    var editor = LineEditor("刘菲")
    editor.moveLeft()
    editor.insert("亦")
    #expect(editor.text == "刘亦菲" && editor.cursor == 2)
    editor.moveToStart()
    editor.moveLeft()
    #expect(editor.cursor == 0)
    editor.deleteForward()
    #expect(editor.text == "亦菲" && editor.cursor == 0)
    editor.moveToEnd()
    editor.moveRight()
    #expect(editor.cursor == 2)
    editor.deleteForward()
    #expect(editor.text == "亦菲", "nothing after the cursor")
  }

  @Test func deletesTheWordBeforeTheCursor() {
    var editor = LineEditor("wang  jing ")
    editor.deleteWordBackward()
    #expect(editor.text == "wang  " && editor.cursor == 6)
    editor.deleteWordBackward()
    #expect(editor.text == "" && editor.cursor == 0)
    editor = LineEditor("ab cd")
    editor.moveLeft()
    editor.deleteWordBackward()
    #expect(editor.text == "ab d" && editor.cursor == 3)
  }

  @Test func appliesEditingKeysOnly() {
    var editor = LineEditor()
    for key in [Key.text("lyf"), .backspace, .left, .home, .end, .right, .deleteForward, .deleteWordBackward] {
      let edits = editor.apply(key)
      #expect(edits, "\(key)")
    }
    #expect(editor.text == "")
    editor.insert("ly")
    for key in [Key.enter, .escape, .interrupt, .up, .down, .pageUp, .pageDown, .redraw] {
      let edits = editor.apply(key)
      #expect(!edits, "\(key)")
    }
    #expect(editor.text == "ly")
    let clears = editor.apply(.clearLine)
    #expect(clears && editor.text == "")
  }
}
