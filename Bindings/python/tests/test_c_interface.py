"""Compiles Tests/CInterface/interface_test.c against the header with the system's C compiler
(C11, -Wall -Werror), links the library this package loads, and runs it."""
import subprocess
import tempfile
import unittest
from pathlib import Path

from pinyinsearch import _native

from .support import ROOT, c_compiler


class CInterfaceTests(unittest.TestCase):
    def test_the_c_program_passes(self):
        compiler = c_compiler()
        if compiler is None:
            self.skipTest("no C compiler (cc): the C interface test needs one")
        library = Path(_native.LIBRARY_PATH)
        with tempfile.TemporaryDirectory() as directory:
            program = str(Path(directory) / "interface_test")
            subprocess.run(
                [compiler, "-std=c11", "-Wall", "-Werror", "-I", str(ROOT / "Sources/PinyinSearchC/include"),
                 str(ROOT / "Tests/CInterface/interface_test.c"), str(library), f"-Wl,-rpath,{library.parent}",
                 "-pthread", "-o", program],
                check=True,
            )
            run = subprocess.run([program, directory], capture_output=True, text=True, timeout=300)
            self.assertEqual(run.returncode, 0, run.stdout + run.stderr)
            self.assertRegex(run.stdout, r"^c interface: \d+ checks, 0 failed\n$")


if __name__ == "__main__":
    unittest.main()
