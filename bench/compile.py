"""Compile latency: pyjit against numba-cuda, each measurement in fresh processes.

    python bench/compile.py [--runs 5] [--only pyjit|numba] [--json PATH] [--n 1048576]

Measures, for pyjit and (when importable) numba-cuda:
  (a) import: `import numpy` + `import pyjit` (numba: `from numba import
      cuda`) in a fresh process, timed inside it (interpreter start-up not
      counted); median of --runs processes.
  (b) first call: saxpy (bench/compile.py's `saxpy`, --n float32) in a
      fresh process with an empty disk cache (a new PYJIT_CACHE_DIR, and
      NUMBA_CACHE_DIR, per process): wall time from before `cuda.jit(saxpy)`
      to after the first launch and `cuda.synchronize()`; the device arrays
      are made before the clock starts, so creating the CUDA context is not
      counted. Median of --runs processes.
  (c) second signature: in each process of (b), after the float32 call, the
      first call with float64 arrays and scalar (compile, load, launch,
      synchronize); median over those processes.
  (d) disk-cache hit: one process fills a new cache directory (pyjit's default
      disk cache; numba with cache=True), then --runs fresh processes time
      decoration -> first launch done as in (b), loading from it. pyjit's
      cache_info() (numba's dispatcher stats) says whether they hit.
The driver's own PTX JIT cache is switched off in every child
(CUDA_CACHE_DISABLE=1) and PYJIT_CACHE=1 is set, so an environment that
disables pyjit's cache does not turn (d) into a compile. Prints one table
with pyjit's targets, (b) <= 25 ms, (c) <= 8 ms, (d) <= 2 ms, beside the
results and numba-cuda's ratio to pyjit. A peer that is missing or fails
shows n/a, with the reason below the table. Without a GPU pyjit runs (and is
timed) on its CPU backend, which the table says.
"""
import argparse
import datetime
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

from _common import print_notes, write_json

HERE = os.path.abspath(__file__)
N = 1 << 20
TARGETS_MS = {"b": 25.0, "c": 8.0, "d": 2.0}
ROWS = [
    ("a", "(a) import, fresh process"),
    ("b", "(b) first call, empty disk cache"),
    ("c", "(c) second signature (float64), warm"),
    ("d", "(d) disk-cache hit, fresh process"),
]
SYSTEMS = ["pyjit", "numba-cuda"]


def saxpy(a, x, y, out):
    # `cuda` is this module's global, set by child() to pyjit's or numba's.
    i = cuda.grid(1)  # noqa: F821
    if i < out.size:
        out[i] = a * x[i] + y[i]


# -- the child processes ------------------------------------------------------

IMPORT_CODE = {
    "pyjit": ("import time; t0 = time.perf_counter(); import numpy; import pyjit; "
              "print('RESULT {\"import_ms\": %r}' % ((time.perf_counter() - t0) * 1e3))"),
    "numba-cuda": ("import time; t0 = time.perf_counter(); import numpy; "
                   "numpy.row_stack = numpy.vstack; from numba import cuda; "
                   "print('RESULT {\"import_ms\": %r}' % ((time.perf_counter() - t0) * 1e3))"),
}


def child(system, mode):
    """One fresh process of (b)+(c) (mode 'first'), the cache fill ('fill')
    or (d) ('hit'); prints one RESULT line of JSON."""
    import numpy as np
    if system == "pyjit":
        import pyjit
        from pyjit import cuda as jit_cuda
    else:
        np.row_stack = np.vstack  # numba-cuda 0.30 with numpy 2.x
        from numba import cuda as jit_cuda
    globals()["cuda"] = jit_cuda  # what saxpy's `cuda` means in this process

    rng = np.random.default_rng(0)
    host = {}
    for dt in (np.float32, np.float64):
        x = rng.standard_normal(N).astype(dt)
        y = rng.standard_normal(N).astype(dt)
        host[dt] = (x, y)
    dev = {dt: (jit_cuda.to_device(x), jit_cuda.to_device(y),
                jit_cuda.device_array(N, dtype=dt)) for dt, (x, y) in host.items()}
    jit_cuda.synchronize()  # the context exists and the copies are done
    blocks = (N + 255) // 256
    options = {"cache": True} if system == "numba-cuda" and mode in ("fill", "hit") else {}
    a32, a64 = np.float32(2.0), np.float64(2.0)
    dx, dy, dout = dev[np.float32]

    t0 = time.perf_counter()
    kernel = jit_cuda.jit(saxpy, **options)
    kernel[blocks, 256](a32, dx, dy, dout)
    jit_cuda.synchronize()
    result = {"first_ms": (time.perf_counter() - t0) * 1e3}

    t0 = time.perf_counter()
    kernel[blocks, 256](a32, dx, dy, dout)
    jit_cuda.synchronize()
    result["cached_call_ms"] = (time.perf_counter() - t0) * 1e3
    ok = np.allclose(dout.copy_to_host(), a32 * host[np.float32][0] + host[np.float32][1],
                     rtol=1e-5, atol=1e-5)

    if mode == "first":
        dx, dy, dout = dev[np.float64]
        t0 = time.perf_counter()
        kernel[blocks, 256](a64, dx, dy, dout)
        jit_cuda.synchronize()
        result["second_sig_ms"] = (time.perf_counter() - t0) * 1e3
        ok = ok and np.allclose(dout.copy_to_host(), 2.0 * host[np.float64][0]
                                + host[np.float64][1], rtol=1e-12, atol=1e-12)
    result["ok"] = bool(ok)

    if system == "pyjit":
        result["target"] = kernel.target
        if hasattr(pyjit, "cache_info"):  # the disk cache's counters
            info = pyjit.cache_info()
            result["cache"] = {k: info.get(k) for k in ("hits", "misses", "stores", "entries")}
        if jit_cuda.is_available():
            result["device"] = jit_cuda.get_current_device().name
    else:
        try:
            stats = kernel.stats
            result["cache"] = {"hits": sum(stats.cache_hits.values()),
                               "misses": sum(stats.cache_misses.values())}
        except Exception:
            pass
    print("RESULT " + json.dumps(result))


# -- the parent ---------------------------------------------------------------

def reason(exc):
    text = str(exc).strip().splitlines()
    return "%s: %s" % (type(exc).__name__, text[0][:200] if text else "")


class ChildError(RuntimeError):
    pass


def run_child(argv, env):
    proc = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=600)
    for line in proc.stdout.splitlines():
        if line.startswith("RESULT "):
            return json.loads(line[len("RESULT "):])
    lines = [l for l in proc.stderr.strip().splitlines() if l.strip()]
    raise ChildError("child exited %d: %s" % (proc.returncode, lines[-1] if lines else "no output"))


def child_env(cache_dir):
    env = dict(os.environ)
    env.update(PYJIT_CACHE_DIR=os.path.join(cache_dir, "pyjit"), PYJIT_CACHE="1",
               NUMBA_CACHE_DIR=os.path.join(cache_dir, "numba"), CUDA_CACHE_DISABLE="1",
               PYTHONWARNINGS="ignore")
    return env


def bench_system(system, runs, tmp):
    """{'a': ms, 'b': ms, 'c': ms, 'd': ms, ...}; a failing measurement is
    recorded in 'errors', the others go on."""
    out = {"runs_ms": {}, "errors": {}, "notes": []}
    me = [sys.executable, HERE, "--n", str(N), "--child", system]

    def measure(row, fn):
        try:
            values = fn()
            out["runs_ms"][row] = values
            out[row] = statistics.median(values)
        except Exception as exc:
            out["errors"][row] = reason(exc)

    def imports():
        return [run_child([sys.executable, "-c", IMPORT_CODE[system]],
                          child_env(tempfile.mkdtemp(dir=tmp)))["import_ms"]
                for _ in range(runs)]
    measure("a", imports)
    if "No module named" in out["errors"].get("a", ""):
        return {"error": out["errors"]["a"].split(": ", 2)[-1]}  # not installed here

    firsts = []

    def first():
        for _ in range(runs):
            firsts.append(run_child(me + ["first"], child_env(tempfile.mkdtemp(dir=tmp))))
        return [r["first_ms"] for r in firsts]
    measure("b", first)
    if "b" in out["errors"]:
        out["errors"]["c"] = "measured in the processes of (b), which failed"
    else:
        measure("c", lambda: [r["second_sig_ms"] for r in firsts])
        out["cached_call_ms"] = statistics.median(r["cached_call_ms"] for r in firsts)
        out["target"] = firsts[0].get("target")
        out["device"] = firsts[0].get("device")
        if not all(r["ok"] for r in firsts):
            out["notes"].append("%s: a (b)/(c) result was wrong" % system)
        hits = sum((r.get("cache") or {}).get("hits") or 0 for r in firsts)
        if hits:
            out["notes"].append("%s (b): %d disk-cache hits in fresh directories (expected 0)"
                                % (system, hits))

    hit_results = []

    def hit():
        cache_dir = tempfile.mkdtemp(dir=tmp)
        fill = run_child(me + ["fill"], child_env(cache_dir))
        out["fill_ms"] = fill["first_ms"]
        for _ in range(runs):
            hit_results.append(run_child(me + ["hit"], child_env(cache_dir)))
        return [r["first_ms"] for r in hit_results]
    measure("d", hit)
    if "d" not in out["errors"]:
        counted = [r["cache"] for r in hit_results if r.get("cache")]
        if counted:
            hit_runs = sum(1 for c in counted if (c.get("hits") or 0) > 0
                           and not (c.get("misses") or 0))
            out["notes"].append("%s (d): %d of %d processes hit the disk cache without a miss"
                                % (system, hit_runs, len(counted)))
        if not all(r["ok"] for r in hit_results):
            out["notes"].append("%s: a (d) result was wrong" % system)
    return out


def fmt(value, width, spec="%.1f"):
    return ("%" + str(width) + "s") % (spec % value if value is not None else "n/a")


def print_table(results, runs):
    print("compile latency of saxpy (%d float32), ms; median of %d fresh processes (- = not run)"
          % (N, runs))
    pj = results.get("pyjit", {})
    nb = results.get("numba-cuda", {})
    print("%-40s %10s %11s %8s %8s %7s" % ("measurement", "pyjit", "numba-cuda", "numba/",
                                           "target", "pyjit"))
    print("%-40s %10s %11s %8s %8s %7s" % ("", "", "", "pyjit", "pyjit", "meets"))
    print("-" * 89)
    for row, label in ROWS:
        p = pj.get(row) if "error" not in pj else None
        n = nb.get(row) if "error" not in nb else None
        cells = [fmt(p, 10) if pj else "%10s" % "-", fmt(n, 11) if nb else "%11s" % "-"]
        target = TARGETS_MS.get(row)
        meets = "" if target is None or p is None else ("yes" if p <= target else "NO")
        ratio = n / p if (p and n) else None
        print("%-40s %s %s %s %8s %7s" % (label, cells[0], cells[1], fmt(ratio, 8, "%.1f"),
                                        ("<= %g" % target) if target else "", meets))
    missing, notes = [], []
    for system in SYSTEMS:
        r = results.get(system)
        if r is None:
            continue
        if "error" in r:
            missing.append("%s: %s" % (system, r["error"]))
            continue
        for row, label in ROWS:
            if row in r["errors"]:
                missing.append("%s %s: %s" % (system, label.split()[0], r["errors"][row]))
        notes += r["notes"]
    if pj.get("target") == "cpu":
        notes.insert(0, "pyjit ran on its CPU backend (no usable GPU): not GPU compile times")
    if pj.get("cached_call_ms") is not None:
        notes.append("a cached call (launch + synchronize) after (b): pyjit %.2f ms%s"
                     % (pj["cached_call_ms"], "" if nb.get("cached_call_ms") is None
                        else ", numba-cuda %.2f ms" % nb["cached_call_ms"]))
    for system, r in results.items():
        if r.get("fill_ms") is not None:
            notes.append("%s: the run that filled the cache for (d) took %.1f ms"
                         % (system, r["fill_ms"]))
    print_notes(missing, notes)


def main():
    global N
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5,
                        help="fresh processes per measurement (default 5)")
    parser.add_argument("--only", choices=["pyjit", "numba"], help="one system only")
    parser.add_argument("--json", metavar="PATH", help="write every result to PATH")
    parser.add_argument("--n", type=int, default=N, help="saxpy's length (default 2^20)")
    parser.add_argument("--child", nargs=2, metavar=("SYSTEM", "MODE"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    N = args.n
    if N < 1:
        parser.error("--n must be positive")
    if args.child:
        system, mode = args.child
        if system not in SYSTEMS or mode not in ("first", "fill", "hit"):
            parser.error("--child SYSTEM MODE: %s, first|fill|hit" % "|".join(SYSTEMS))
        child(system, mode)
        return
    if args.runs < 1:
        parser.error("--runs must be positive")

    tmp = tempfile.mkdtemp(prefix="pyjit_compile_")
    results = {}
    try:
        for system in SYSTEMS:
            if args.only and not system.startswith(args.only):
                continue
            try:
                results[system] = bench_system(system, args.runs, tmp)
            except Exception as exc:  # a peer missing or failing on this machine
                results[system] = {"error": reason(exc)}
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print_table(results, args.runs)

    if args.json:
        doc = {"benchmark": "compile latency",
               "date": datetime.datetime.now().isoformat(timespec="seconds"),
               "host": platform.node(), "python": sys.version.split()[0], "n": N,
               "runs": args.runs, "targets_ms": TARGETS_MS, "rows": dict(ROWS),
               "results": results}
        write_json(args.json, doc)


if __name__ == "__main__":
    main()
