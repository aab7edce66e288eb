#!/usr/bin/env python3
"""Seed corpus for the frontend fuzzer (scripts/fuzz.sh): every function
definition in the given Python files, module-level or nested (the kernels
and device functions of lit tests, examples and pytest files), written alone
to OUTDIR/<file>.<n>.py, dedented and without decorators.

The fuzzer parses its input as pyjit's frontend parses one function's
source; a whole file (imports, module-level assignments) does not parse,
so whole files would only exercise the parser's error path.

    scripts/fuzz_seeds.py OUTDIR FILE.py...
"""
import ast
import os
import sys
import textwrap


def functions(path):
    """The source text of each function definition in `path`, decorators
    left out; none if the file does not parse."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return
    lines = text.splitlines(keepends=True)
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef):
            # (node.lineno is the `def` line: decorators come before it)
            body = "".join(lines[node.lineno - 1:node.end_lineno])
            yield textwrap.dedent(body)


def main(argv):
    out, paths = argv[1], argv[2:]
    os.makedirs(out, exist_ok=True)
    count = 0
    for path in paths:
        stem = os.path.normpath(path)[:-3].replace(os.sep, "_")
        for n, source in enumerate(functions(path)):
            with open(os.path.join(out, "%s.%d.py" % (stem, n)), "w", encoding="utf-8") as f:
                f.write(source)
            count += 1
    print("   seed corpus: %d functions from %d files" % (count, len(paths)))


if __name__ == "__main__":
    main(sys.argv)
