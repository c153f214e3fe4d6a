"""Paths the tests share: the repository, the command-line tool, a C compiler."""
import os
import shutil
from pathlib import Path

#: The Swift package's root (the tests run from a clone: Bindings/python/tests).
ROOT = Path(__file__).resolve().parents[3]


def command_line_tool():
    """The pinyin-search binary: PINYIN_SEARCH_CLI, else a build in the clone's .build, else None."""
    given = os.environ.get("PINYIN_SEARCH_CLI")
    if given:
        return given
    for configuration in ("debug", "release"):
        candidate = ROOT / ".build" / configuration / "pinyin-search"
        if candidate.is_file():
            return str(candidate)
    return None


def c_compiler():
    """A C compiler: CC, else cc, else clang (which every Swift toolchain has), else gcc, else None."""
    return os.environ.get("CC") or shutil.which("cc") or shutil.which("clang") or shutil.which("gcc")
