#!/usr/bin/env python3
"""Writes the symbol graph of the snippets in Snippets/, for DocC's @Snippet directives.

The Swift-DocC plugin's `snippet-extract` does this for `swift package generate-documentation`;
the project builds its documentation without package dependencies (.ci/build-docs.sh), so this
writes the same kind of file: one virtual symbol of kind `snippet` per file, at the path
Snippets/NAME of the package's module, with the file's explanation as its documentation comment
and the `snippet` mixin (language, the lines shown, the named slices as [start, end) line
ranges), as snippets.py reads them. `@Snippet(path: "PinyinSearch/Snippets/NAME")` then shows it.

Usage: .ci/snippet-symbol-graph.py OUTPUT-DIRECTORY
Writes OUTPUT-DIRECTORY/PinyinSearch-snippets.symbols.json.
"""
import json
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the scripts
import snippets  # noqa: E402

PACKAGE = "PinyinSearch"


def symbol(snippet):
    """The symbol of one snippet."""
    return {
        "identifier": {"precise": f"$snippet__{PACKAGE}.{snippet.name}", "interfaceLanguage": "swift"},
        "names": {"title": snippet.name},
        "pathComponents": ["Snippets", snippet.name],
        "docComment": {"lines": [{"text": line} for line in snippet.explanation]},
        "accessLevel": "public",
        "kind": {"identifier": "snippet", "displayName": "Snippet"},
        "snippet": {
            "language": "swift",
            "lines": snippet.lines,
            "slices": {name: list(bounds) for name, bounds in sorted(snippet.slices.items())},
        },
    }


def main():
    if len(sys.argv) != 2:
        print(__doc__.strip().split("\n\n")[-1], file=sys.stderr)
        return 2
    graph = {
        "metadata": {"formatVersion": {"major": 0, "minor": 1, "patch": 0}, "generator": "snippet-symbol-graph.py"},
        "module": {"name": PACKAGE, "platform": {}, "isVirtual": True},
        "symbols": [symbol(snippet) for snippet in snippets.all_snippets().values()],
        "relationships": [],
    }
    os.makedirs(sys.argv[1], exist_ok=True)
    with open(os.path.join(sys.argv[1], f"{PACKAGE}-snippets.symbols.json"), "w", encoding="utf-8") as file:
        json.dump(graph, file, ensure_ascii=False, indent=1)
    print(f"snippets: {len(graph['symbols'])} in {file.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
