"""Compile time against kernel size: pyjit against numba-cuda, no GPU needed.

    python bench/compile_scaling.py [--calls 1,2,4,8] [--depths 4,8,12,16] [--runs 3]
                                    [--only pyjit|numba] [--shapes chain,float,tree]
                                    [--json PATH]

The chain and float kernels inline one device function of 100 statements N
times (`v = f(v, c)`, c = 0..N-1, N from --calls), so the compiler sees N
times the code:
  chain  integer updates, branches, short constant loops, xor with floor
         modulo and min, drawn by a seeded generator (the shape that made
         LLVM 22's IndVarSimplify re-expand a long chain at every loop,
         codegen/lib/ExitValueGuard.h); int64 values.
  float  float64 arithmetic with math.sqrt/exp/sin, branches and short
         loops, same generator; float64 values.
The tree kernel calls f_N (N from --depths), where f_d calls f_(d-1) twice
and f_0 is one line: 2^N calls of f_0 if every call is inlined (pyjit
calls a large function called again as a function of its own: IRGen's
kOutlineInstructions); int64 values.
Each cell is cuda.compile_ptx(k, (array, array), cc=(9, 0)) of a kernel
written to a temporary file and imported, in a fresh process that first
compiles a one-line kernel (so start-up and first-use costs such as numba's
typing registry are not counted): median of --runs processes, in seconds.
numba-cuda's device-function calls ask the driver for the compute
capability; without a GPU the child answers (9, 0) for it. The table gives
pyjit, numba-cuda and numba-cuda / pyjit per cell, and each system's growth
from the smallest to the largest N against N's.
"""
import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile


HERE = os.path.abspath(__file__)
SYSTEMS = ["pyjit", "numba-cuda"]


# Per shape, the statements a draw r in [0, 1) picks: (the bound r stays
# under, a function of (rng, i) giving the statement's lines).
SHAPES = {
    "chain": [
        (0.3, lambda rng, i: ["    acc = acc * %d + y - %d" % (rng.randint(1, 5), i)]),
        (0.5, lambda rng, i: ["    if acc > %d:" % rng.randint(-50, 50),
                              "        acc = acc - y * %d" % rng.randint(1, 3)]),
        (0.6, lambda rng, i: ["    for j in range(%d):" % rng.randint(1, 4),
                              "        acc += j * y"]),
        (0.8, lambda rng, i: ["    y = (y ^ acc) %% 97 + %d" % i]),
        (1.0, lambda rng, i: ["    acc = min(acc, y + %d)" % (i * 3)]),
    ],
    "float": [
        (0.3, lambda rng, i: ["    acc = acc * %.3f + y - %d.5" % (rng.uniform(0.5, 1.5), i)]),
        (0.5, lambda rng, i: ["    if acc > %d.0:" % rng.randint(-50, 50),
                              "        acc = math.sqrt(acc * acc + y * y)"]),
        (0.6, lambda rng, i: ["    for j in range(%d):" % rng.randint(1, 4),
                              "        acc += math.sin(j * y)"]),
        (0.8, lambda rng, i: ["    y = math.exp(-abs(y - acc) * 0.01) + %d.0" % i]),
        (1.0, lambda rng, i: ["    acc = min(acc, y + %d.0)" % (i * 3)]),
    ],
}


def device_function(shape):
    """Source of `f(x, y)`: 100 statements of `shape`, seeded so every run
    and both systems compile the same text (tests/python/test_compile_time.py
    compiles the `chain` kernel too)."""
    rng = random.Random(0)
    lines = ["def f(x, y):", "    acc = x"]
    for i in range(100):
        r = rng.random()
        lines += next(make for bound, make in SHAPES[shape] if r < bound)(rng, i)
    lines.append("    return acc + y")
    return "\n".join(lines) + "\n"


def tree_source(depth):
    """Source of f_0 .. f_depth, f_d calling f_(d-1) twice, and the kernel `k`
    calling f_depth; the tests compute its values in Python from the same
    text."""
    lines = ["def f0(x, y):", "    return x * 3 + y", "", "device_f0 = cuda.jit(device=True)(f0)"]
    for d in range(1, depth + 1):
        lines += ["", "def f%d(x, y):" % d,
                  "    a = device_f%d(x, y + %d)" % (d - 1, d),
                  "    b = device_f%d(a ^ %d, x)" % (d - 1, d),
                  "    return (a + b) % 1000003",
                  "", "device_f%d = cuda.jit(device=True)(f%d)" % (d, d)]
    lines += ["", "def k(out, a):", "    i = cuda.grid(1)", "    if i < a.size:",
              "        out[i] = device_f%d(a[i], i)" % depth]
    return "\n".join(lines) + "\n"


def module_source(shape, calls):
    if shape == "tree":
        return tree_source(calls)
    body = "".join("        v = device_f(v, %d)\n" % c for c in range(calls))
    return ("import math\n\n" + device_function(shape)
            + "\ndevice_f = cuda.jit(device=True)(f)\n\n"
            + "def k(out, a):\n    i = cuda.grid(1)\n    if i < a.size:\n        v = a[i]\n"
            + body + "        out[i] = v\n")


# -- the child process ----------------------------------------------------------

def child(system, path, shape):
    import importlib.util
    import time
    import numpy as np
    if system == "pyjit":
        from pyjit import cuda, float64, int64
    else:
        np.row_stack = np.vstack  # numba-cuda 0.30 with numpy 2.x
        from numba import cuda, float64, int64
        if not cuda.is_available():
            import numba.cuda.dispatcher as dispatcher

            class Device:  # what a device-function call asks the driver
                compute_capability = (9, 0)
            dispatcher.get_current_device = lambda: Device
    t = float64 if shape == "float" else int64
    sig = (t[:], t[:])

    def warm(out, a):
        out[0] = a[0]
    cuda.compile_ptx(warm, sig, cc=(9, 0))
    spec = importlib.util.spec_from_file_location("scaling_kernel", path)
    module = importlib.util.module_from_spec(spec)
    module.cuda = cuda
    spec.loader.exec_module(module)
    t0 = time.perf_counter()
    ptx, _ = cuda.compile_ptx(module.k, sig, cc=(9, 0))
    seconds = time.perf_counter() - t0
    print("RESULT " + json.dumps({"s": seconds, "ptx_lines": ptx.count("\n")}))


# -- the parent -------------------------------------------------------------------

def run_child(system, path, shape, timeout):
    proc = subprocess.run([sys.executable, HERE, "--child", system, path, shape],
                          capture_output=True, text=True, timeout=timeout,
                          env=dict(os.environ, PYTHONWARNINGS="ignore"))
    for line in proc.stdout.splitlines():
        if line.startswith("RESULT "):
            return json.loads(line[len("RESULT "):])
    lines = [l for l in proc.stderr.strip().splitlines() if l.strip()]
    raise RuntimeError(lines[-1][:200] if lines else "exit %d" % proc.returncode)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", default="1,2,4,8")
    parser.add_argument("--depths", default="4,8,12,16")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--shapes", default="chain,float")
    parser.add_argument("--only", choices=["pyjit", "numba"])
    parser.add_argument("--timeout", type=float, default=600.0, help="seconds a cell may take")
    parser.add_argument("--json")
    parser.add_argument("--child", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        return child(*args.child)
    calls = [int(c) for c in args.calls.split(",")]
    depths = [int(d) for d in args.depths.split(",")]
    sizes = lambda shape: depths if shape == "tree" else calls
    systems = [s for s in SYSTEMS if not args.only or s.startswith(args.only)]
    results, notes = {}, []
    with tempfile.TemporaryDirectory() as tmp:
        for shape in args.shapes.split(","):
            for n in sizes(shape):
                path = os.path.join(tmp, "k_%s_%d.py" % (shape, n))
                with open(path, "w") as f:
                    f.write(module_source(shape, n))
                for system in systems:
                    key = "%s/%d/%s" % (shape, n, system)
                    try:
                        runs = [run_child(system, path, shape, args.timeout)["s"]
                                for _ in range(args.runs)]
                        results[key] = statistics.median(runs)
                    except Exception as exc:  # a missing peer or a timeout: n/a, with why
                        results[key] = None
                        notes.append("%s: %s" % (key, exc))
                        print("  %s failed: %s" % (key, exc), file=sys.stderr)
    fmt = lambda v: "n/a" if v is None else "%.2f" % v
    print("Compile time (s, median of %d fresh processes): N calls of a 100-statement "
          "device function (chain, float), or a call tree N deep (tree)" % args.runs)
    print("%-6s %4s %10s %12s %14s" % ("shape", "N", "pyjit", "numba-cuda", "numba / pyjit"))
    for shape in args.shapes.split(","):
        for n in sizes(shape):
            p = results.get("%s/%d/pyjit" % (shape, n))
            q = results.get("%s/%d/numba-cuda" % (shape, n))
            ratio = "%.1fx" % (q / p) if p and q else "n/a"
            print("%-6s %4d %10s %12s %14s" % (shape, n, fmt(p), fmt(q), ratio))
        for system in systems:
            first, last = sizes(shape)[0], sizes(shape)[-1]
            a = results.get("%s/%d/%s" % (shape, first, system))
            b = results.get("%s/%d/%s" % (shape, last, system))
            growth = 2 ** (last - first) if shape == "tree" else last // first
            if a and b:
                print("  %s %s: %.1fx the time for %dx the code (inlined)"
                      % (shape, system, b / a, growth))
    for note in notes:
        print("note: " + note)
    if args.json:
        from _common import write_json  # (here: tests import this file for its kernels)
        write_json(args.json, {"results": results, "notes": notes, "calls": calls,
                               "depths": depths, "runs": args.runs})


if __name__ == "__main__":
    main()
