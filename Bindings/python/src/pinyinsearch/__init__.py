"""Chinese search-as-you-type in Python: PinyinSearch's engine in-process, through its C interface.

    >>> import pinyinsearch
    >>> engine = pinyinsearch.Engine([("c1", "刘亦菲"), ("c2", "张三", 5)], mixed=True)
    >>> [(r.id, r.kind, r.text[r.py_start:r.py_end]) for r in engine.search("lyf")]
    [('c1', 'initials', '刘亦菲')]

Every answer is the library's (the search semantics of the PinyinSearch repository's
Docs/Semantics.md). Only the standard library is used at run time (ctypes).
"""
from __future__ import annotations

import ctypes
import threading
import struct
from typing import Iterable, List, NamedTuple, Optional, Sequence, Tuple, Union

from . import _native

__all__ = ["Engine", "SearchResult", "PinyinSearchError", "library_version"]
__version__ = "0.3.0"

RecordTuple = Union[Tuple[str, str], Tuple[str, str, int]]
_OPTION_NAMES = ("mixed", "fuzzy", "traditional", "keypad", "keyboard")
# pinyinsearch_result as `struct` reads it, in the platform's C layout: id, id_length, text,
# text_length, then rank, start, end, utf16_start, utf16_end, utf8_start, utf8_end, scalar_start,
# scalar_end, then kind and is_fuzzy.
_RESULT_LAYOUT = struct.Struct("@PNPN9q2i")


class PinyinSearchError(Exception):
    """An error of the library, with its message; `status` is its name ("invalid options", …)."""

    def __init__(self, status: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


class SearchResult(NamedTuple):
    """One result: the record's `id`, `text` and `rank`, the match's `kind` ("literal",
    "fullPinyin", "initials", "mixed", "keypad") and `fuzzy` flag, and the matched range of the
    text in characters (`start`, `end`: grapheme clusters, the contract's units), in UTF-16 code
    units (`utf16_start`, `utf16_end`) and as indices of the Python string (`py_start`, `py_end`:
    `text[py_start:py_end]` is what to highlight). A named tuple: cheap to make, immutable."""

    id: str
    text: str
    rank: int
    kind: str
    fuzzy: bool
    start: int
    end: int
    utf16_start: int
    utf16_end: int
    py_start: int
    py_end: int


_errors = threading.local()


def _error() -> _native.Error:
    """This thread's error buffer (the library fills it on failure)."""
    error = getattr(_errors, "buffer", None)
    if error is None:
        error = _errors.buffer = _native.Error()
    return error


def _check(status: int, error: _native.Error) -> None:
    if status != 0:
        name = _native.library.pinyinsearch_status_name(status).decode()
        raise PinyinSearchError(name, error.message.decode("utf-8", "replace"))


def _options_string(
    mixed: bool = False,
    fuzzy: Union[None, str, Sequence[str]] = None,
    traditional: bool = False,
    keypad: bool = False,
    keyboard: Optional[str] = None,
) -> bytes:
    """The C interface's options string: "mixed,fuzzy=z-zh,n-l,…", or "none"."""
    items = []
    if mixed:
        items.append("mixed")
    if fuzzy:
        items.append("fuzzy=" + (fuzzy if isinstance(fuzzy, str) else ",".join(fuzzy)))
    if traditional:
        items.append("traditional")
    if keypad:
        items.append("keypad")
    if keyboard is not None:
        items.append(f"keyboard={keyboard}")
    return ",".join(items).encode() if items else b"none"


def _records(records: Iterable[RecordTuple]) -> Tuple[ctypes.Array, list]:
    """The records as an array of pinyinsearch_record, and the bytes it points to (kept alive)."""
    keep: list = []
    structs = []
    for index, record in enumerate(records):
        if not isinstance(record, tuple) or len(record) not in (2, 3):
            raise TypeError(f"record {index}: expected an (id, text) or (id, text, rank) tuple, got {record!r}")
        identifier, text = record[0].encode(), record[1].encode()
        rank = record[2] if len(record) == 3 else 0
        keep += (identifier, text)
        structs.append(_native.Record(identifier, len(identifier), text, len(text), rank))
    array = (_native.Record * len(structs))(*structs)
    return array, keep


class Engine:
    """An engine holding records, searchable at once and indexed in the background; safe to use
    from several threads (searches run in parallel: the library releases the GIL's hold, as
    ctypes calls do). `fuzzy` is None, "all", or rule names ("z-zh,n-l" or a list of them)."""

    def __init__(
        self,
        records: Iterable[RecordTuple] = (),
        *,
        mixed: bool = False,
        fuzzy: Union[None, str, Sequence[str]] = None,
        traditional: bool = False,
        keypad: bool = False,
        keyboard: Optional[str] = None,
    ) -> None:
        self._handle = 0
        self._options = dict(mixed=mixed, fuzzy=fuzzy, traditional=traditional, keypad=keypad, keyboard=keyboard)
        array, keep = _records(records)
        handle = ctypes.c_uint64()
        error = _error()
        options = _options_string(**self._options)
        _check(_native.library.pinyinsearch_engine_create(array, len(array), options, handle, error), error)
        del keep
        self._handle = handle.value

    @classmethod
    def open(cls, path: str) -> "Engine":
        """The engine saved at `path` by `save`, searching with the options it was built for."""
        engine = cls.__new__(cls)
        engine._handle = 0
        handle = ctypes.c_uint64()
        error = _error()
        _check(_native.library.pinyinsearch_engine_open(path.encode(), None, handle, error), error)
        engine._handle = handle.value
        engine._options = engine._built_options()
        return engine

    def _built_options(self) -> dict:
        """The engine's options, read from the library (a snapshot says which it was built for)."""
        buffer = ctypes.create_string_buffer(256)
        length = ctypes.c_size_t()
        error = _error()
        _check(_native.library.pinyinsearch_engine_options(self._handle, buffer, 256, length, error), error)
        options: dict = dict(mixed=False, fuzzy=None, traditional=False, keypad=False, keyboard=None)
        rules = []
        for item in buffer.value.decode().split(","):
            if item.startswith("fuzzy="):
                rules.append(item[len("fuzzy=") :])
            elif item in ("mixed", "traditional", "keypad"):
                options[item] = True
            elif item.startswith("keyboard="):
                options["keyboard"] = item[len("keyboard=") :]
            elif item != "none":
                rules.append(item)  # a rule name continuing the fuzzy list
        options["fuzzy"] = ",".join(rules) or None
        return options

    def save(self, path: str) -> None:
        """Saves every record and the index to `path` (a snapshot), replacing it atomically."""
        error = _error()
        _check(_native.library.pinyinsearch_engine_save(self._handle, path.encode(), error), error)

    def add(self, id: str, text: str, rank: int = 0) -> None:
        """Adds a record, or replaces the one with the same id; the next search sees it."""
        self.extend([(id, text, rank)])

    def extend(self, records: Iterable[RecordTuple]) -> None:
        """Adds (or replaces) each record, in order."""
        array, keep = _records(records)
        error = _error()
        _check(_native.library.pinyinsearch_engine_add(self._handle, array, len(array), error), error)
        del keep

    def remove(self, id: str) -> bool:
        """Removes the record with `id`; returns whether there was one."""
        data = id.encode()
        removed = ctypes.c_int32()
        error = _error()
        _check(_native.library.pinyinsearch_engine_remove(self._handle, data, len(data), removed, error), error)
        return bool(removed.value)

    def __len__(self) -> int:
        count = ctypes.c_size_t()
        error = _error()
        _check(_native.library.pinyinsearch_engine_count(self._handle, count, error), error)
        return count.value

    def wait_until_indexed(self) -> None:
        """Blocks until the background index build is done (searches never wait for it)."""
        error = _error()
        _check(_native.library.pinyinsearch_engine_wait_until_indexed(self._handle, error), error)

    def search(self, query: str, limit: int = 20, offset: int = 0, **options) -> List[SearchResult]:
        """The records matching `query`, best first, from `offset` on, at most `limit` of them.
        Keyword options (mixed, fuzzy, traditional, keypad, keyboard) override the engine's for this search;
        the result must be a subset of the engine's options."""
        if limit < 0 or offset < 0:
            raise ValueError("limit and offset must not be negative")
        data = query.encode()
        page = ctypes.c_uint64()
        error = _error()
        search = _native.library.pinyinsearch_engine_search
        _check(search(self._handle, data, len(data), limit, offset, self._search_options(options), page, error), error)
        try:
            return self._results(page.value, error)
        finally:
            _native.library.pinyinsearch_page_free(page.value, None)

    def _search_options(self, options: dict) -> Optional[bytes]:
        if not options:
            return None
        unknown = set(options) - set(_OPTION_NAMES)
        if unknown:
            raise TypeError(f"search() got unexpected keyword arguments: {', '.join(sorted(unknown))}")
        merged = dict(self._options)
        merged.update(options)
        return _options_string(**merged)

    @staticmethod
    def _results(page: int, error: _native.Error) -> List[SearchResult]:
        """The page's results, read with one copy of its memory: the array of pinyinsearch_result
        unpacked by `struct`, then each id and text sliced from the strings after it."""
        pointer = ctypes.c_void_p()
        count = ctypes.c_size_t()
        _check(_native.library.pinyinsearch_page_results(page, ctypes.byref(pointer), count, error), error)
        if not count.value:
            return []
        base = pointer.value
        rows = list(_RESULT_LAYOUT.iter_unpack(ctypes.string_at(base, count.value * _RESULT_LAYOUT.size)))
        last = rows[-1]
        memory = ctypes.string_at(base, last[2] + last[3] - base)
        kinds = _native.KINDS
        new = tuple.__new__  # SearchResult's fields in order, without its __new__'s keyword handling
        return [
            new(
                SearchResult,
                (
                    memory[row[0] - base : row[0] - base + row[1]].decode(),
                    memory[row[2] - base : row[2] - base + row[3]].decode(),
                    row[4],
                    kinds[row[13]],
                    row[14] != 0,
                    row[5],
                    row[6],
                    row[7],
                    row[8],
                    row[11],
                    row[12],
                ),
            )
            for row in rows
        ]

    def close(self) -> None:
        """Ends the engine; later calls raise PinyinSearchError ("invalid handle")."""
        if self._handle:
            _native.library.pinyinsearch_engine_close(self._handle, None)
            self._closed, self._handle = self._handle, 0

    def __enter__(self) -> "Engine":
        return self

    def __exit__(self, *exception: object) -> None:
        self.close()

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:
            pass


def library_version() -> str:
    """The version of the C library loaded."""
    return _native.library.pinyinsearch_version().decode()
