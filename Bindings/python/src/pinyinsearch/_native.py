"""The C interface (include/pinyinsearch.h of the Swift package) through ctypes: its structs,
its functions' signatures, and the library loaded from beside this file."""
from __future__ import annotations

import ctypes
import os
import sys
from pathlib import Path

_LIBRARY_NAME = {"darwin": "libPinyinSearchC.dylib", "win32": "PinyinSearchC.dll"}.get(
    sys.platform, "libPinyinSearchC.so"
)

#: The shared library's path: PINYINSEARCH_LIBRARY when set (tests of a fresh build), else the copy
#: the wheel installed beside this file.
LIBRARY_PATH = os.environ.get("PINYINSEARCH_LIBRARY") or str(Path(__file__).with_name(_LIBRARY_NAME))

MESSAGE_CAPACITY = 500
KINDS = ("literal", "fullPinyin", "initials", "mixed", "keypad")
INVALID_OPTIONS = 4
INVALID_HANDLE = 6


class Error(ctypes.Structure):
    """pinyinsearch_error."""

    _fields_ = [("status", ctypes.c_int32), ("message", ctypes.c_char * MESSAGE_CAPACITY)]


class Record(ctypes.Structure):
    """pinyinsearch_record."""

    _fields_ = [
        ("id", ctypes.c_char_p),
        ("id_length", ctypes.c_size_t),
        ("text", ctypes.c_char_p),
        ("text_length", ctypes.c_size_t),
        ("rank", ctypes.c_int64),
    ]


class Result(ctypes.Structure):
    """pinyinsearch_result."""

    _fields_ = [
        ("id", ctypes.c_void_p),
        ("id_length", ctypes.c_size_t),
        ("text", ctypes.c_void_p),
        ("text_length", ctypes.c_size_t),
        ("rank", ctypes.c_int64),
        ("start", ctypes.c_int64),
        ("end", ctypes.c_int64),
        ("utf16_start", ctypes.c_int64),
        ("utf16_end", ctypes.c_int64),
        ("utf8_start", ctypes.c_int64),
        ("utf8_end", ctypes.c_int64),
        ("scalar_start", ctypes.c_int64),
        ("scalar_end", ctypes.c_int64),
        ("kind", ctypes.c_int32),
        ("is_fuzzy", ctypes.c_int32),
    ]


def _load() -> ctypes.CDLL:
    library = ctypes.CDLL(LIBRARY_PATH)
    handle = ctypes.c_uint64
    status = ctypes.c_int32
    error = ctypes.POINTER(Error)
    text = ctypes.c_char_p
    size = ctypes.c_size_t
    records = ctypes.POINTER(Record)
    signatures = {
        "pinyinsearch_version": (text, []),
        "pinyinsearch_status_name": (text, [status]),
        "pinyinsearch_engine_create": (status, [records, size, text, ctypes.POINTER(handle), error]),
        "pinyinsearch_engine_open": (status, [text, text, ctypes.POINTER(handle), error]),
        "pinyinsearch_engine_save": (status, [handle, text, error]),
        "pinyinsearch_engine_close": (status, [handle, error]),
        "pinyinsearch_engine_add": (status, [handle, records, size, error]),
        "pinyinsearch_engine_remove": (status, [handle, text, size, ctypes.POINTER(ctypes.c_int32), error]),
        "pinyinsearch_engine_count": (status, [handle, ctypes.POINTER(size), error]),
        "pinyinsearch_engine_options": (status, [handle, ctypes.c_char_p, size, ctypes.POINTER(size), error]),
        "pinyinsearch_engine_wait_until_indexed": (status, [handle, error]),
        "pinyinsearch_engine_search": (
            status,
            [handle, text, size, size, size, text, ctypes.POINTER(handle), error],
        ),
        "pinyinsearch_page_results": (
            status,
            [handle, ctypes.POINTER(ctypes.c_void_p), ctypes.POINTER(size), error],
        ),
        "pinyinsearch_page_free": (status, [handle, error]),
    }
    for name, (result, arguments) in signatures.items():
        function = getattr(library, name)
        function.restype = result
        function.argtypes = arguments
    return library


library = _load()
