#!/usr/bin/env python3
"""Fails when a Swift example of the README is not a copy of a snippet, or shows another output.

The README's Swift code blocks (```swift) are copies of the SwiftPM snippets in Snippets/, which
`swift build` compiles: each block must be, line for line, the code a snippet shows (what DocC's
@Snippet shows: hidden lines left out, common indentation removed; see snippets.py) or one of its
named slices; a block that starts with the line `// Package.swift` is a fragment of a manifest,
not an example, and is left out. A text block (```text) right after a block that copies a whole
snippet is the output of that snippet; with --run, each such snippet is built and run (`swift
build`, then the executable) and its standard output must be that text. The DocC catalog
(Sources/PinyinSearch/PinyinSearch.docc) has no Swift code blocks of its own: its examples are
@Snippet directives, which the documentation build resolves (.ci/build-docs.sh).

Usage: .ci/check-readme-snippets.py [--run]   (from anywhere; paths are the repository's)
Prints `file:line: reason` per problem and exits 1 if there is any.
"""
import difflib
import glob
import os
import subprocess
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the scripts
import snippets  # noqa: E402

FENCE = "```"
# The first line of a Swift block that shows a part of a package manifest.
MANIFEST = "// Package.swift\n"


def fenced_blocks(path):
    """The fenced code blocks of the Markdown file at `path`: (language, first line number of
    the code, code as one string, the line number after the closing fence)."""
    with open(path, encoding="utf-8") as file:
        lines = file.read().split("\n")
    blocks, index = [], 0
    while index < len(lines):
        stripped = lines[index].strip()
        if not stripped.startswith(FENCE):
            index += 1
            continue
        indent = lines[index][: len(lines[index]) - len(lines[index].lstrip())]
        language = stripped[len(FENCE) :].strip()
        end = index + 1
        while end < len(lines) and lines[end].strip() != FENCE:
            end += 1
        code = [line[len(indent) :] if line.startswith(indent) else line.lstrip() for line in lines[index + 1 : end]]
        blocks.append((language, index + 2, "\n".join(code), end + 1))
        index = end + 1
    return blocks, lines


def source_of(code, all_snippets):
    """The snippet (and slice name, or None) whose shown code is `code`, or None."""
    for snippet in all_snippets.values():
        if snippet.text() == code:
            return snippet, None
        for name in snippet.slices:
            if snippet.text(name) == code:
                return snippet, name
    return None


def closest(code, all_snippets):
    """A diff of `code` against the snippet text most like it, to show what differs."""
    candidates = [(s.name, s.text()) for s in all_snippets.values()]
    candidates += [(f"{s.name} (slice {n})", s.text(n)) for s in all_snippets.values() for n in s.slices]
    if not candidates:
        return "  (Snippets/ holds no snippet)"
    ratio = lambda candidate: difflib.SequenceMatcher(None, code, candidate[1]).ratio()
    name, text = max(candidates, key=ratio)
    diff = difflib.unified_diff(text.split("\n"), code.split("\n"), f"Snippets: {name}", "README", lineterm="", n=1)
    return "\n".join("  " + line for line in diff)


def output_after(blocks, position, lines):
    """The ```text block right after blocks[position] (only blank lines between), or None."""
    if position + 1 >= len(blocks):
        return None
    language, first, code, _ = blocks[position + 1]
    between = lines[blocks[position][3] : first - 2]
    return (first, code) if language == "text" and not any(line.strip() for line in between) else None


def run_snippet(name):
    """The standard output of the built snippet `name`."""
    binaries = subprocess.run(["swift", "build", "--show-bin-path"], capture_output=True, text=True, check=True)
    result = subprocess.run([os.path.join(binaries.stdout.strip(), name)], capture_output=True, text=True)
    if result.returncode != 0:
        return f"(exit status {result.returncode}; standard error:\n{result.stderr})"
    return result.stdout


def check_readme(all_snippets, runs):
    """The problems of README.md's Swift blocks and of their outputs."""
    problems = []
    blocks, lines = fenced_blocks("README.md")
    for position, (language, first, code, _) in enumerate(blocks):
        if language != "swift" or code.startswith(MANIFEST):
            continue
        found = source_of(code, all_snippets)
        if found is None:
            problems.append(
                f"README.md:{first}: this Swift block is not the code of a snippet in Snippets/ nor of a "
                f"slice of one; copy it from the snippet (closest first):\n{closest(code, all_snippets)}"
            )
            continue
        snippet, slice_name = found
        output = output_after(blocks, position, lines)
        if output is None:
            continue
        if slice_name is not None:
            problems.append(f"README.md:{output[0]}: an output after a slice ({slice_name} of {snippet.name})")
        elif runs:
            printed = run_snippet(snippet.name).rstrip("\n")
            if printed != output[1]:
                diff = difflib.unified_diff(printed.split("\n"), output[1].split("\n"), snippet.name, "README", lineterm="")
                problems.append(f"README.md:{output[0]}: not what {snippet.name} prints:\n" + "\n".join(diff))
    return problems


def check_catalog():
    """The Swift code blocks written into the DocC catalog instead of a @Snippet."""
    problems = []
    for path in sorted(glob.glob("Sources/PinyinSearch/PinyinSearch.docc/**/*.md", recursive=True)):
        blocks, _ = fenced_blocks(path)
        for language, first, _, _ in blocks:
            if language == "swift":
                problems.append(f"{path}:{first}: a Swift block of its own; show a snippet with @Snippet")
    return problems


def main():
    os.chdir(snippets.ROOT)
    arguments = sys.argv[1:]
    if arguments not in ([], ["--run"]):
        print(__doc__.strip().split("\n\n")[-1], file=sys.stderr)
        return 2
    if arguments == ["--run"]:
        subprocess.run(["swift", "build"], check=True, stdout=subprocess.DEVNULL)
    all_snippets = snippets.all_snippets()
    problems = check_readme(all_snippets, runs=arguments == ["--run"]) + check_catalog()
    for problem in problems:
        print(problem)
    count = sum(1 for block in fenced_blocks("README.md")[0] if block[0] == "swift" and not block[2].startswith(MANIFEST))
    if not problems:
        checked = "and their outputs " if arguments else ""
        print(f"README: {count} Swift blocks {checked}match the {len(all_snippets)} snippets; DocC: snippets only")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
