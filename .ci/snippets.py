"""The SwiftPM snippets of Snippets/ as DocC presents them: shared by check-readme-snippets.py
and snippet-symbol-graph.py, so that the README is compared with what the documentation shows.

A snippet is a Swift file of top-level code. Its leading `//` comment lines, up to the first
blank or code line, are its explanation (DocC's text above the code). Of the rest, the lines
between `// snippet.hide` and `// snippet.show` are compiled but not shown; `// snippet.NAME`
starts a named slice, which `// snippet.end` or the next slice ends. The lines shown lose their
common indentation and the blank lines at either end (a slice's too).
"""
import glob
import os
import re

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
MARKER = re.compile(r"^\s*//\s*snippet\.(\S+)")


class Snippet:
    """One file of Snippets/: `name`, `path`, `explanation` and `lines` (both lists of str),
    and `slices`, a dict from a slice's name to its (start, end) in `lines`."""

    def __init__(self, path):
        self.path = path
        self.name = os.path.splitext(os.path.basename(path))[0]
        with open(path, encoding="utf-8") as file:
            source = file.read().split("\n")
        while source and not source[0].strip():
            source.pop(0)
        self.explanation = []
        while source and source[0].strip().startswith("//") and not MARKER.match(source[0]):
            self.explanation.append(source.pop(0).strip()[2:])
        self.explanation = dedent(trim(self.explanation))
        self.lines, self.slices = presentation(source)

    def text(self, slice_name=None):
        """The lines shown, all or those of one slice, as one string."""
        if slice_name is None:
            return "\n".join(self.lines)
        start, end = self.slices[slice_name]
        return "\n".join(dedent(self.lines[start:end]))


def presentation(source):
    """The lines of `source` that are shown, and the slices among them."""
    lines, slices, visible, current = [], {}, True, None

    def end_slice():
        if current is not None and current[1] < len(lines):
            slices[current[0]] = (current[1], len(lines))

    for line in source:
        marker = MARKER.match(line)
        word = marker.group(1).lower() if marker else None
        if word in ("hide", "show"):
            visible = word == "show"
        elif word == "end":
            end_slice()
            current = None
        elif marker:
            if visible:
                end_slice()
                current = (marker.group(1), len(lines))
        elif visible and (lines or line.strip()):
            lines.append(line)
    end_slice()
    while lines and not lines[-1].strip():
        lines.pop()
    for name, (start, end) in slices.items():
        while start < end and not lines[start].strip():
            start += 1
        while end > start and not lines[end - 1].strip():
            end -= 1
        slices[name] = (start, end)
    return dedent(lines), slices


def trim(lines):
    """`lines` without the blank lines at either end."""
    start, end = 0, len(lines)
    while start < end and not lines[start].strip():
        start += 1
    while end > start and not lines[end - 1].strip():
        end -= 1
    return lines[start:end]


def dedent(lines):
    """`lines` without the indentation they all share (blank lines aside)."""
    widths = [len(line) - len(line.lstrip(" ")) for line in lines if line.strip()]
    cut = min(widths, default=0)
    return [line[cut:] if line.strip() else "" for line in lines]


def all_snippets():
    """Every snippet of Snippets/ (and of its folders one level down), by name."""
    paths = glob.glob(os.path.join(ROOT, "Snippets", "*.swift"))
    paths += glob.glob(os.path.join(ROOT, "Snippets", "*", "*.swift"))
    return {snippet.name: snippet for snippet in map(Snippet, sorted(paths))}
