#!/usr/bin/env python3
"""Fails when a file of the library uses a name defined only in a folder above its own.

The library is one stack; each folder may use only the folders below it (Docs/Architecture.md):

    Platform <- Support <- Options <- Pinyin <- Text <- Matching <- Records <- Results <- Index <- SortedSets
        <- Snapshot <- Engines

A "name" is a type, protocol, type alias or free function declared at the top level of a
file, or a member (method, property, case) declared in a type or an extension: a use of
`.member` in a lower folder is a violation when every declaration of that member name sits in
higher folders and the standard library has no member of that name (its names, such as
`append` or `contains`, are read from the toolchain's Swift.swiftinterface). Comments and
string literals are ignored. Only `Platform/` may import the C library (Glibc, Musl, Darwin).

Usage: .ci/check-layers.py [LIBRARY_FOLDER]   (default Sources/PinyinSearch)
Prints one line per violation and exits 1 if there is any; otherwise prints the stack and 0.
"""
import glob
import json
import os
import re
import subprocess
import sys

STACK = ["Platform", "Support", "Options", "Pinyin", "Text", "Matching", "Records", "Results", "Index", "SortedSets", "Snapshot", "Engines"]
C_LIBRARIES = {"Glibc", "Musl", "Darwin"}

root = sys.argv[1] if len(sys.argv) > 1 else "Sources/PinyinSearch"
level = {name: number for number, name in enumerate(STACK)}


def strip(source):
    """The source with comments and string literals (contents, including multi-line ones) blanked."""
    out = []
    index = 0
    length = len(source)
    while index < length:
        if source.startswith("//", index):
            end = source.find("\n", index)
            index = length if end < 0 else end
        elif source.startswith("/*", index):
            end = source.find("*/", index + 2)
            index = length if end < 0 else end + 2
        elif source.startswith('"""', index):
            end = source.find('"""', index + 3)
            out.append('""')
            index = length if end < 0 else end + 3
        elif source[index] == '"':
            cursor = index + 1
            while cursor < length and source[cursor] not in '"\n':
                cursor += 2 if source[cursor] == "\\" else 1
            out.append('""')
            index = cursor + 1
        else:
            out.append(source[index])
            index += 1
    return "".join(out)


files = {}  # path -> (folder, stripped source)
problems = []
for folder in sorted(os.listdir(root)):
    path = os.path.join(root, folder)
    if not os.path.isdir(path) or folder.endswith(".docc"):
        continue
    if folder not in level:
        problems.append(f"{path}: a library folder that is not in the stack {STACK}")
        continue
    for directory, _, names in os.walk(path):
        for name in names:
            if name.endswith(".swift"):
                file = os.path.join(directory, name)
                with open(file, encoding="utf-8") as handle:
                    files[file] = (folder, strip(handle.read()))
for file in os.listdir(root):
    if file.endswith(".swift"):
        problems.append(f"{os.path.join(root, file)}: a library file outside the stack's folders")

top_level = re.compile(
    r"^(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|internal|fileprivate|private|final|indirect)\s+)*"
    r"(?:struct|enum|class|protocol|typealias|actor|func)\s+([A-Za-z_]\w*)",
    re.M,
)
member = re.compile(
    r"^\s+(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|internal|fileprivate|private|static|final|mutating|"
    r"nonmutating|override|lazy|weak|unowned|(?:private|fileprivate|internal|public)\(set\))\s+)*"
    r"(?:func|var|let|case|subscript)\s+([A-Za-z_]\w*)",
    re.M,
)
type_homes = {}  # name -> folders declaring it at the top level
member_homes = {}  # name -> folders declaring such a member
for file, (folder, source) in files.items():
    for name in top_level.findall(source):
        type_homes.setdefault(name, set()).add(folder)
    for name in member.findall(source):
        member_homes.setdefault(name, set()).add(folder)

def standard_library_names():
    """Every declared name of the toolchain's standard library, from its textual interface."""
    try:
        info = json.loads(subprocess.run(["swiftc", "-print-target-info"], capture_output=True, text=True).stdout)
        pattern = os.path.join(info["paths"]["runtimeResourcePath"], "*", "Swift.swiftmodule", "*.swiftinterface")
        interfaces = glob.glob(pattern)
    except (OSError, ValueError, KeyError):
        interfaces = []
    if not interfaces:
        sys.exit("check-layers: cannot find the standard library's Swift.swiftinterface (is swiftc on PATH?)")
    with open(interfaces[0], encoding="utf-8") as handle:
        return set(re.findall(r"\b(?:func|var|let|case|init|subscript)\s+`?([A-Za-z_]\w*)", handle.read()))


standard_names = standard_library_names()
identifier = re.compile(r"(?<![\w.])([A-Za-z_]\w*)")
dotted = re.compile(r"\.([A-Za-z_]\w*)")
for file, (folder, source) in sorted(files.items()):
    mine = level[folder]
    for line_number, line in enumerate(source.split("\n"), 1):
        imported = re.match(r"\s*(?:@_?\w+\s+)?import\s+(?:\w+\s+)?(\w+)", line)
        if imported and imported.group(1) in C_LIBRARIES and folder != "Platform":
            problems.append(f"{file}:{line_number}: imports {imported.group(1)}; only Platform/ calls the C library")
        for name in set(identifier.findall(line)):
            homes = type_homes.get(name)
            if homes and min(level[home] for home in homes) > mine:
                above = ", ".join(sorted(homes, key=level.get))
                problems.append(f"{file}:{line_number}: {folder}/ uses {name}, defined in {above}/ above it")
        for name in set(dotted.findall(line)):
            homes = member_homes.get(name)
            if (
                homes
                and name not in type_homes
                and name not in standard_names
                and min(level[home] for home in homes) > mine
            ):
                above = ", ".join(sorted(homes, key=level.get))
                problems.append(f"{file}:{line_number}: {folder}/ uses .{name}, declared only in {above}/ above it")

if problems:
    print("\n".join(problems))
    print(f"{len(problems)} uses against the stack {' <- '.join(STACK)}")
    sys.exit(1)
print(f"{len(files)} files in {len(STACK)} folders; every use points down the stack: {' <- '.join(STACK)}")
