"""The package against the command line's `batch` on random records and queries: the same
results, in the same order, with the same ranges, for several option sets."""
import json
import os
import random
import subprocess
import tempfile
import unittest
from pathlib import Path

from pinyinsearch import Engine

from .support import command_line_tool

HAN = "刘亦菲张三李四王五长行单曾吕西安中国重庆银行乐发髮劉華德"
LATIN = "abcdefghijklmnopqrstuvwxyzXY"
OTHER = " 0123456789-'👨‍👩‍👧‍👦é"
SYLLABLES = "liu yi fei zhang san li si wang wu chang zhang hang xing dan shan ceng zeng lv xi an zhong guo".split()


def random_text(generator):
    alphabet = generator.choice([HAN, HAN + LATIN, HAN + OTHER, LATIN + OTHER])
    return "".join(generator.choice(alphabet) for _ in range(generator.randint(1, 8)))


def random_query(generator, texts):
    choice = generator.random()
    if choice < 0.3:
        text = generator.choice(texts)
        start = generator.randrange(len(text))
        return text[start : start + generator.randint(1, 3)]
    if choice < 0.6:
        query = "".join(generator.choice(SYLLABLES) for _ in range(generator.randint(1, 3)))
        return query[: generator.randint(1, len(query))]
    if choice < 0.8:
        return "".join(generator.choice("lyfzsxwdcg") for _ in range(generator.randint(1, 4)))
    return "".join(generator.choice("23456789") for _ in range(generator.randint(1, 4)))


class BatchDifferentialTests(unittest.TestCase):
    def test_the_same_answers_as_batch(self):
        tool = command_line_tool()
        if tool is None:
            self.skipTest("no pinyin-search binary: set PINYIN_SEARCH_CLI or run swift build")
        scale = int(os.environ.get("PINYIN_SEARCH_TEST_SCALE", "1"))
        generator = random.Random(35)
        option_sets = [{}, {"mixed": True}, {"fuzzy": "all", "traditional": True}, {"mixed": True, "keypad": True}]
        for round_number in range(2 * scale):
            records = [(f"r{index}", random_text(generator)) for index in range(150)]
            texts = [text for _, text in records]
            queries = [random_query(generator, texts) for _ in range(60)]
            for options in option_sets:
                with self.subTest(round=round_number, options=options):
                    self.compare(tool, records, queries, options)

    def compare(self, tool, records, queries, options):
        engine = Engine(records, **options)
        flags = []
        if options.get("mixed"):
            flags.append("--mixed")
        if options.get("fuzzy"):
            flags += ["--fuzzy", options["fuzzy"]]
        if options.get("traditional"):
            flags.append("--traditional")
        if options.get("keypad"):
            flags.append("--keypad")
        with tempfile.TemporaryDirectory() as directory:
            data = Path(directory) / "records.tsv"
            data.write_text("".join(f"{i}\t{t}\n" for i, t in records), encoding="utf-8")
            run = subprocess.run(
                [tool, "batch", "--data", str(data), "--limit", "30"] + flags,
                input="".join(q + "\n" for q in queries).encode(),
                capture_output=True,
                check=True,
            )
        answers = [json.loads(line) for line in run.stdout.decode().splitlines()]
        self.assertEqual(len(answers), len(queries))
        for query, answer in zip(queries, answers):
            expected = [
                (r["id"], r["text"], r["kind"], r["fuzzy"], r["start"], r["end"], r["utf16Start"], r["utf16End"])
                for r in answer["results"]
            ]
            found = [
                (r.id, r.text, r.kind, r.fuzzy, r.start, r.end, r.utf16_start, r.utf16_end)
                for r in engine.search(query, limit=30)
            ]
            self.assertEqual(found, expected, f"query {query!r}")


if __name__ == "__main__":
    unittest.main()
