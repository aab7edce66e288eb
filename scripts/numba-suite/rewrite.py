"""Copy numba-cuda 0.30.4's tests and rewrite cudapy/*.py to use pyjit.

Usage: scripts/numba-suite/run.sh (which runs it with the work directory, where
the rewritten copies go, as the current directory).

Every `from numba... import ...` statement is rewritten by the AST (line
numbers are kept: a multi-line import becomes one line plus blank lines):
  * kernel/host API (cuda, jit, vectorize, guvectorize, libdevice, compile_ptx,
    random, transpose, args, literal_unroll, carray, driver objects) -> pyjit
  * numba type objects (float32, types, void, ...) stay numba's (pyjit takes them)
  * numba.cuda.testing -> nbshim.testing; config -> nbshim.config (proxy)
  * TypingError & co -> nbshim.errors (pyjit.CompileError, porting.md)
  * numba.cuda.tests.cudapy.X -> tests.cudapy.X (the rewritten copies)
Everything else (numba internals) stays numba's.
"""
import ast
import re
import os
import shutil
import sys

import numpy as np
np.row_stack = np.vstack

import pyjit
from pyjit import cuda as pcuda
import numba
import numba.cuda
from numba.core import types as ntypes

# numba-cuda's own tests, from the installed package; the copies go to the
# current directory (the work directory run.sh makes).
SRC = os.path.join(os.path.dirname(numba.cuda.__file__), "tests")
DST = os.path.join(os.getcwd(), "tests")

PYJIT_TOP = {"cuda", "vectorize", "guvectorize", "njit", "jit", "prange",
             "literal_unroll"}
KEEP_NUMBA_CUDA = {"types", "typing", "HAS_NUMBA", "cgutils", "utils",
                   "float16", "bfloat16"}
ERRMODS = {"numba.cuda.core.errors", "numba.core.errors", "numba.cuda.errors"}


def is_numba_type(mod, name):
    try:
        obj = getattr(mod, name)
    except AttributeError:
        return False
    return isinstance(obj, ntypes.Type) or (
        isinstance(obj, type) and issubclass(obj, ntypes.Type))


def split(names, chooser):
    """chooser(name) -> source module string. Return list of statements."""
    groups = {}
    for a in names:
        src = chooser(a.name)
        groups.setdefault(src, []).append(a)
    out = []
    for src, al in groups.items():
        parts = ", ".join(a.name + (f" as {a.asname}" if a.asname else "")
                          for a in al)
        if src.startswith("="):  # assignment form: "=expr" per name
            for a in al:
                out.append(f"{a.asname or a.name} = {chooser(a.name)[1:]}")
        else:
            out.append(f"from {src} import {parts}")
    return out


def rewrite_importfrom(node):
    m, names = node.module, node.names
    if node.level or m is None or not m.startswith("numba"):
        return None
    if m == "numba":
        def ch(n):
            if n in PYJIT_TOP:
                return "pyjit"
            if n == "errors":
                return "nbshim"
            return "numba"
        return split(names, ch)
    if m == "numba.cuda":
        def ch(n):
            if n == "config":
                return "nbshim"
            if n in KEEP_NUMBA_CUDA or is_numba_type(numba.cuda, n):
                return "numba.cuda"
            if hasattr(pcuda, n):
                return "pyjit.cuda"
            return "numba.cuda"
        return split(names, ch)
    if m in ("numba.cuda.core", "numba.core"):
        def ch(n):
            if n in ("config", "errors"):
                return "nbshim"
            return m
        return split(names, ch)
    if m == "numba.cuda.core.config":
        return split(names, lambda n: "nbshim" if n == "ENABLE_CUDASIM" else m)
    if m in ERRMODS:
        return split(names, lambda n: "nbshim.errors")
    if m == "numba.cuda.tests.support":
        return split(names, lambda n: "nbshim.testing" if n in ("run_in_subprocess", "MemoryLeakMixin", "override_config") else m)
    if m == "numba.cuda.testing":
        return split(names, lambda n: "nbshim.testing")
    if m.startswith("numba.cuda.tests.cudapy"):
        return split(names, lambda n: "tests.cudapy" + m[len("numba.cuda.tests.cudapy"):])
    if m == "numba.cuda.random":
        return split(names, lambda n: "pyjit.cuda.random")
    if m == "numba.cuda.kernels.transpose":
        return split(names, lambda n: "pyjit.cuda.kernels.transpose")
    if m == "numba.cuda.misc.special":
        return split(names, lambda n: "pyjit" if hasattr(pyjit, n) else m)
    if m == "numba.cuda.args":
        return split(names, lambda n: "pyjit.cuda.args")
    if m == "numba.cuda.dispatcher":
        return split(names, lambda n: "pyjit.cuda.dispatcher")
    if m in ("numba.cuda.api", "numba.cuda.compiler"):
        return split(names, lambda n: "pyjit.cuda" if hasattr(pcuda, n) else m)
    if m == "numba.cuda.np.numpy_support":
        return split(names, lambda n: "pyjit.cuda" if n in ("carray", "farray") else m)
    if m == "numba.cuda.cudadrv":
        return split(names, lambda n: "pyjit.cuda.cudadrv" if hasattr(pcuda.cudadrv, n) else m)
    if m == "numba.cuda.cudadrv.driver":
        def ch(n):
            if n == "CudaAPIError":
                return "=__import__('pyjit').CudaError"
            if hasattr(pcuda.cudadrv.driver, n):
                return "pyjit.cuda.cudadrv.driver"
            return m
        return split(names, ch)
    return None


EXEC_MODULES = {"test_atomics.py", "test_libdevice.py", "test_ufuncs.py"}


def rewrite_source(text, exec_ok=False):
    tree = ast.parse(text)
    lines = text.splitlines(keepends=True)
    edits = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            new = rewrite_importfrom(node)
            if new is not None:
                edits.append((node.lineno, node.end_lineno, node.col_offset, new))
    for start, end, col, new in sorted(edits, reverse=True):
        first = lines[start - 1]
        indent = first[:col]
        # statement may be followed by `; ...` or a comment on the last line
        tail = lines[end - 1]
        # keep only the import itself; the originals never share a line
        repl = [indent + "; ".join(new) + "\n"] + ["\n"] * (end - start)
        lines[start - 1:end] = repl
    out = "".join(lines)
    # code run in subprocesses (strings): kernels from pyjit, and from a file
    # (pyjit compiles source text; `python -c` has none: porting.md)
    out = out.replace("from numba import cuda\n", "from pyjit import cuda\n")
    out = out.replace('cmd = [sys.executable, "-c", code]',
                      'cmd = [sys.executable, __import__("nbshim.testing").testing.code_file(code)]')
    # generated kernels: keep their text in linecache (pyjit reads source)
    if exec_ok:
        out = re.sub(r"(?m)^(\s*)exec\(", r'\1__import__("nbshim.testing").testing.exec_src(', out)
    # numba's private nvjitlink probe: pyjit links LTO-IR itself (host-api.md)
    out = out.replace("driver._have_nvjitlink()", "True")
    return out


def main():
    if os.path.exists(DST):
        shutil.rmtree(DST)
    shutil.copytree(SRC, DST, ignore=shutil.ignore_patterns("__pycache__"))
    # package inits: no numba test loaders
    for d in ("", "cudapy", "doc_examples"):
        with open(os.path.join(DST, d, "__init__.py"), "w") as f:
            f.write("")
    for sub in ("cudapy", "doc_examples"):
        n = 0
        cud = os.path.join(DST, sub)
        for fn in sorted(os.listdir(cud)):
            if not fn.endswith(".py") or fn == "__init__.py":
                continue
            p = os.path.join(cud, fn)
            src = open(p).read()
            new = rewrite_source(src, exec_ok=fn in EXEC_MODULES)
            ast.parse(new)
            if new != src:
                n += 1
                open(p, "w").write(new)
        print(f"rewrote {n} modules in {cud}")


if __name__ == "__main__":
    main()
