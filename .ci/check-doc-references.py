#!/usr/bin/env python3
"""Fails when the documentation names a function that no Swift declaration has.

Read: the comments (`//` and `///`) of every .swift file under Sources/, and Docs/*.md and
README.md (outside fenced code blocks). In them, every backticked span that is a whole
function reference is checked:

    `name(label:label:)`   `Type.name(_:label:)`   `name()`   `init(label:)`   `Type(label:)`

A reference holds when some Swift file under Sources/ declares `func name(` (or, for `init`
and for a capitalised `Type(…)`, `init(`, `init?(` or `init!(`) with exactly those argument
labels, in order: `_` for an unlabelled argument, none for `()`. Only the name and the labels
are compared, not the type (`Type.name` holds if any type declares `name`); a reference names
every label, defaulted ones too. The few standard-library functions the text names are listed
in EXTERNAL.

Usage: .ci/check-doc-references.py   (from anywhere; paths are the repository's)
Prints `file:line: unknown reference name(labels:)` per miss and exits 1 if there is any.
"""
import glob
import os
import re
import sys

os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
# Standard library, C library and Foundation functions that the text names on purpose.
EXTERNAL = {"abort()", "lowercased()", "random(in:using:)", "range(of:)", "sort()", "String(decoding:as:)", "String(validating:as:)"}
IDENT = r"[A-Za-z_][A-Za-z0-9_]*"
REFERENCE = re.compile(rf"(?:{IDENT}\.)*({IDENT})\(((?:{IDENT}:)*)\)")
DECLARATION = re.compile(rf"\bfunc\s+({IDENT})\s*(?:<[^(]*?>)?\s*\(|(?<![.\w])(init)[?!]?\s*(?:<[^(]*?>)?\s*\(")


def comment_of(line):
    """The part of a Swift line after `//` that is outside a string literal, or None."""
    quoted = False
    for index, char in enumerate(line):
        if char == '"' and (index == 0 or line[index - 1] != "\\"):
            quoted = not quoted
        elif not quoted and line.startswith("//", index):
            return line[index + 2 :]
    return None


def code_of(line):
    """A Swift line without its comment."""
    comment = comment_of(line)
    return line if comment is None else line[: len(line) - len(comment) - 2]


def labels_of(parameters):
    """The argument labels of a parameter list's text (without its parentheses)."""
    labels, pieces, depth, start, quoted = [], [], 0, 0, False
    for index, char in enumerate(parameters + ","):
        if char == '"':
            quoted = not quoted
        elif quoted:
            continue
        elif char in "([{<":
            depth += 1
        elif char in ")]}" or (char == ">" and parameters[index - 1 : index] != "-"):
            depth -= 1
        elif char == "," and depth == 0:
            pieces.append(parameters[start:index])
            start = index + 1
    for piece in pieces:
        names = piece.split(":", 1)[0].split()
        if names:
            labels.append(names[0])
    return tuple(labels)


declared = set()  # (name, labels); name "init" for initialisers
for path in glob.glob("Sources/**/*.swift", recursive=True):
    with open(path, encoding="utf-8") as file:
        source = "\n".join(code_of(line) for line in file.read().split("\n"))
    for match in DECLARATION.finditer(source):
        depth, index = 1, match.end()  # the parameters end at the parenthesis that closes the first
        while depth and index < len(source):
            depth += {"(": 1, ")": -1}.get(source[index], 0)
            index += 1
        declared.add((match.group(1) or "init", labels_of(source[match.end() : index - 1])))

texts = [(path, True) for path in sorted(glob.glob("Sources/**/*.swift", recursive=True))]
texts += [(path, False) for path in sorted(glob.glob("Docs/*.md")) + ["README.md"]]
misses = 0
for path, is_swift in texts:
    fenced = False
    with open(path, encoding="utf-8") as file:
        for number, line in enumerate(file, 1):
            if not is_swift and line.lstrip().startswith("```"):
                fenced = not fenced
            text = comment_of(line) if is_swift else (None if fenced else line)
            for span in re.findall(r"`([^`]+)`", text or ""):
                reference = REFERENCE.fullmatch(span)
                if not reference or span.split(".")[-1] in EXTERNAL:
                    continue
                name, labels = reference.group(1), tuple(reference.group(2).split(":")[:-1])
                if name[0].isupper():
                    name = "init"
                if (name, labels) not in declared:
                    print(f"{path}:{number}: unknown reference {span}")
                    misses += 1
sys.exit(1 if misses else 0)
