"""The Python API: results and ranges, records, options, snapshots, errors, threads."""
import itertools
import tempfile
import threading
import unittest
from pathlib import Path

import pinyinsearch
from pinyinsearch import Engine, PinyinSearchError


def one(engine, query, **options):
    """(kind, fuzzy, start, end) of each result."""
    return [(r.id, r.kind, r.fuzzy, r.start, r.end) for r in engine.search(query, **options)]


class TwentyFiveQueriesTests(unittest.TestCase):
    """The contract: exactly 25 white-space-free queries match 刘亦菲, with these kinds."""

    literal = "刘 亦 菲 刘亦 亦菲 刘亦菲".split()
    full_pinyin = "l li liu liuy liuyi liuyif liuyife liuyifei y yi yif yife yifei f fe fei".split()
    initials = "ly yf lyf".split()

    def test_exactly_the_25_queries_match(self):
        engine = Engine([("c1", "刘亦菲")])
        pieces = ["刘", "亦", "菲", "liu", "yi", "fei", "l", "y", "f", "i", "u", "e", "lyf", "liuyifei"]
        candidates = set()
        for length in range(1, 4):
            for combination in itertools.product(pieces, repeat=length):
                query = "".join(combination)
                candidates.update(query[:end] for end in range(1, len(query) + 1))
        expected = {q: "literal" for q in self.literal}
        expected.update({q: "fullPinyin" for q in self.full_pinyin})
        expected.update({q: "initials" for q in self.initials})
        self.assertEqual(len(expected), 25)
        self.assertTrue(set(expected) <= candidates)
        found = {}
        for query in candidates:
            results = engine.search(query)
            if results:
                self.assertEqual(len(results), 1, query)
                found[query] = results[0].kind
        self.assertEqual(found, expected)

    def test_each_match_covers_the_characters_it_names(self):
        engine = Engine([("c1", "刘亦菲")])
        self.assertEqual(one(engine, "yif"), [("c1", "fullPinyin", False, 1, 3)])
        self.assertEqual(one(engine, "亦"), [("c1", "literal", False, 1, 2)])


class ResultTests(unittest.TestCase):
    def test_ranges_in_characters_utf16_units_and_python_indices(self):
        text = "👨‍👩‍👧‍👦 Xi An 西安"
        engine = Engine([("c1", text, 7)])
        [result] = engine.search("xian")
        self.assertEqual((result.id, result.text, result.rank, result.kind), ("c1", text, 7, "fullPinyin"))
        self.assertEqual((result.start, result.end), (2, 7))
        self.assertEqual((result.utf16_start, result.utf16_end), (12, 17))
        self.assertEqual((result.py_start, result.py_end), (8, 13))
        self.assertEqual(text[result.py_start : result.py_end], "Xi An")
        [literal] = engine.search("西安")
        self.assertEqual(text[literal.py_start : literal.py_end], "西安")

    def test_order_limit_and_offset(self):
        engine = Engine([("b", "刘亦菲"), ("a", "刘亦菲"), ("c", "李四 刘亦菲", 9), ("d", "刘亦菲", 1)])
        everything = [r.id for r in engine.search("lyf")]
        self.assertEqual(everything, ["d", "a", "b", "c"])
        self.assertEqual([r.id for r in engine.search("lyf", limit=2, offset=1)], ["a", "b"])
        self.assertEqual(engine.search("lyf", offset=10), [])
        self.assertEqual(engine.search("lyf", limit=0), [])
        self.assertEqual(engine.search("   "), [])
        with self.assertRaises(ValueError):
            engine.search("lyf", limit=-1)


class RecordTests(unittest.TestCase):
    def test_later_ids_replace_add_remove_and_len(self):
        engine = Engine([("c1", "张三"), ("c1", "刘亦菲", 2), ("c2", "李四")])
        self.assertEqual(len(engine), 2)
        self.assertEqual([(r.id, r.rank) for r in engine.search("lyf")], [("c1", 2)])
        engine.add("c3", "刘一飞")
        engine.add("c2", "刘亦菲")
        engine.extend([("c4", "王五", 1), ("c5", "刘亦菲")])
        self.assertEqual(len(engine), 5)
        self.assertEqual([r.id for r in engine.search("lyf")], ["c1", "c2", "c3", "c5"])
        self.assertTrue(engine.remove("c3"))
        self.assertFalse(engine.remove("c3"))
        engine.wait_until_indexed()
        self.assertEqual([r.id for r in engine.search("lyf")], ["c1", "c2", "c5"])
        self.assertEqual(len(engine), 4)

    def test_bad_records_are_errors_that_add_nothing(self):
        engine = Engine([("c1", "刘亦菲")])
        with self.assertRaises(PinyinSearchError) as caught:
            engine.extend([("c2", "李四"), ("", "王五")])
        self.assertEqual(caught.exception.status, "invalid argument")
        self.assertEqual(str(caught.exception), "pinyinsearch_engine_add: the id of record 1 is empty")
        self.assertEqual(len(engine), 1)
        with self.assertRaises(TypeError):
            Engine([("c1",)])
        with self.assertRaises(UnicodeEncodeError):
            engine.add("c3", "\ud800")


class OptionTests(unittest.TestCase):
    def test_options_and_subsets(self):
        engine = Engine([("c1", "张三"), ("c2", "刘亦菲")], mixed=True, fuzzy="z-zh,n-l", keypad=True)
        self.assertEqual(one(engine, "zangsan"), [("c1", "fullPinyin", True, 0, 2)])
        self.assertEqual(one(engine, "nyf"), [("c2", "initials", True, 0, 3)])
        self.assertEqual(one(engine, "liuyf"), [("c2", "mixed", False, 0, 3)])
        self.assertEqual(one(engine, "593"), [("c2", "keypad", False, 0, 3)])
        self.assertEqual(one(engine, "zangsan", fuzzy=["n-l"]), [])
        self.assertEqual(one(engine, "nyf", fuzzy=None), [])
        self.assertEqual(one(engine, "liuyf", mixed=False), [])
        self.assertEqual(one(engine, "593", keypad=False, mixed=False, fuzzy=None), [])
        self.assertEqual(Engine([("c1", "张三")], fuzzy="all").search("zangsan")[0].fuzzy, True)

    def test_options_not_built_unknown_and_the_keyboard(self):
        engine = Engine([("c1", "刘亦菲")], mixed=True)
        with self.assertRaises(PinyinSearchError) as caught:
            engine.search("lyf", traditional=True)
        self.assertEqual(caught.exception.status, "option not built")
        self.assertIn("traditional", caught.exception.message)
        with self.assertRaises(PinyinSearchError) as caught:
            Engine([("c1", "刘亦菲")], fuzzy="z-zh,zz")
        self.assertEqual(caught.exception.status, "invalid options")
        self.assertIn('"zz"', caught.exception.message)
        with self.assertRaises(PinyinSearchError) as caught:
            Engine([("c1", "刘亦菲")], keyboard="qwerty")
        self.assertEqual(caught.exception.status, "invalid options")
        self.assertIn('"qwerty"', caught.exception.message)
        with self.assertRaises(PinyinSearchError) as caught:
            engine.search("lyf", keyboard="zhuyin")
        self.assertEqual(caught.exception.status, "option not built")
        self.assertIn("keyboard zhuyin", caught.exception.message)
        keyed = Engine([("c1", "刘亦菲"), ("c2", "张三")], keyboard="xiaohe")
        self.assertEqual(one(keyed, "lqyifw"), [("c1", "fullPinyin", False, 0, 3)])
        self.assertEqual(one(keyed, "lqyifw", keyboard=None), [])
        self.assertEqual(one(keyed, "vhsj"), [("c2", "fullPinyin", False, 0, 2)])
        with self.assertRaises(TypeError):
            engine.search("lyf", colour=True)


class SnapshotTests(unittest.TestCase):
    def test_save_and_open(self):
        with tempfile.TemporaryDirectory() as directory:
            path = str(Path(directory) / "contacts.snapshot")
            engine = Engine([("c1", "刘亦菲"), ("c2", "张三")], mixed=True, fuzzy="z-zh,n-l")
            engine.add("c3", "刘德华")
            engine.save(path)
            opened = Engine.open(path)
            self.assertEqual(len(opened), 3)
            self.assertEqual(one(opened, "刘dh"), [("c3", "mixed", False, 0, 3)])
            self.assertEqual(one(opened, "ldh", mixed=False), [("c3", "initials", False, 0, 3)])
            # The snapshot's options are the engine's: a search that turns one off keeps the others.
            self.assertEqual(opened._built_options()["fuzzy"], "z-zh,n-l")
            self.assertEqual(one(opened, "zangsan", mixed=False), [("c2", "fullPinyin", True, 0, 2)])
            self.assertEqual(one(opened, "zangsan", fuzzy="n-l"), [])
            with self.assertRaises(PinyinSearchError) as caught:
                Engine.open(str(Path(directory) / "missing.snapshot"))
            self.assertEqual(caught.exception.status, "snapshot error")
            self.assertIn("missing.snapshot", caught.exception.message)


class HandleTests(unittest.TestCase):
    def test_a_closed_engine_is_an_error(self):
        engine = Engine([("c1", "刘亦菲")])
        engine.close()
        engine.close()
        for call in (lambda: engine.search("lyf"), lambda: len(engine), lambda: engine.add("c2", "x")):
            with self.assertRaises(PinyinSearchError) as caught:
                call()
            self.assertEqual(caught.exception.status, "invalid handle")
        with Engine([("c1", "刘亦菲")]) as scoped:
            self.assertEqual(len(scoped), 1)
        with self.assertRaises(PinyinSearchError):
            len(scoped)
        self.assertEqual(pinyinsearch.library_version(), pinyinsearch.__version__)


class ThreadTests(unittest.TestCase):
    def test_searches_from_several_threads_while_another_adds(self):
        engine = Engine([("always", "刘亦菲", 1)])
        problems = []

        def search():
            for _ in range(200):
                results = engine.search("lyf", limit=1)
                if [r.id for r in results] != ["always"]:
                    problems.append(results)

        def add():
            for index in range(2000):
                engine.add(f"w{index}", "刘一飞" if index % 2 else "李逸凡")

        threads = [threading.Thread(target=search) for _ in range(4)] + [threading.Thread(target=add)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        self.assertEqual(problems, [])
        self.assertEqual(len(engine), 2001)
        self.assertEqual(len(engine.search("lyf", limit=5000)), 2001)


if __name__ == "__main__":
    unittest.main()
