"""Launch overhead: pyjit against numba-cuda, CuPy, cuda.core, Triton and a raw
cuLaunchKernel loop in C++, for four argument lists, side by side.

    python bench/launch.py [--launches 10000] [--json PATH] [--only pyjit,raw]
                           [--raw-binary build/bench/raw_launch]

Measures the host cost of a launch: the wall time of --launches back-to-back
launches of an empty kernel (it does nothing with its arguments) on 1 block
of 32 threads, synchronised once at the end of each run, divided by the
number of launches; the median of 5 runs, µs. The runs are interleaved in
rounds: each round runs the C++ loop once (in its own process), then every
system on every argument list once, so that a slow spell of the machine
falls on all of them alike. One warm-up launch (which compiles) precedes
the rounds. The argument lists:
  * 0 arguments;
  * 3 arrays + 1 scalar (float32);
  * 16 arrays (16 distinct 1-element float32 arrays);
  * 64 scalars (float32).
Arrays are each system's own device arrays, or CuPy arrays / torch tensors
where the row says so; scalars are np.float32 values (Python floats for
Triton, which types them as fp32). Every launch is written the way a user
writes it, each argument spelled out in the call (`k[grid, block](a0, a1,
...)`, `k[grid](a0, ...)`, `launch(stream, config, k, a0, ...)`; CuPy's
RawKernel takes them as one tuple, `k((1,), (32,), args)`), on the legacy
default stream.

Systems: pyjit (with pyjit DeviceArrays, CuPy arrays and torch tensors);
numba-cuda (its device arrays, CuPy arrays; the low-occupancy warning for the
1-block grid, numba's and pyjit's, is switched off with
NUMBA_CUDA_LOW_OCCUPANCY_WARNINGS=0 unless set, so numba issuing a warning at
every launch is not timed); CuPy RawKernel and cuda.core's `launch`
with the same kernels as CUDA C++ (NVRTC); Triton (@triton.jit kernels with
the same parameter lists, torch tensors); the Python call alone (the same
arguments passed to a C function that ignores them: the part of every
Python launcher's time that no launcher can remove); and build/bench/raw_launch
(bench/raw_launch.cpp: cuLaunchKernel from C++ on hand-written PTX, the
floor). The Python kernels are generated source, written to a temporary
file so that every JIT can read it. A peer that is missing or fails shows
n/a, with the reason below the table.

Prints one table: µs per launch for each argument list, and each as a
multiple of the raw cuLaunchKernel loop. --json writes every result (for
bench/plot_launch.py).

Build the C++ loop where g++ is (the GPU machine may have none) and carry
build/bench/raw_launch along: bench/build_raw_launch.sh. Without the binary
this script builds it when g++ is on PATH.
"""
import argparse
import atexit
import datetime
import importlib.util
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np

from _common import print_notes, write_json

os.environ.setdefault("NUMBA_CUDA_LOW_OCCUPANCY_WARNINGS", "0")  # read at import
import pyjit  # before CuPy and PyTorch (see pyjit/__init__.py on static TLS)

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
RAW_BINARY = os.path.join(ROOT, "build", "bench", "raw_launch")

# (key, label, arrays, scalars); the keys name the kernels everywhere (Python,
# CUDA C++, the PTX of raw_launch.cpp).
SETS = [
    ("args0", "0 args", 0, 0),
    ("arrays3_scalar1", "3 arrays + 1 scalar", 3, 1),
    ("arrays16", "16 arrays", 16, 0),
    ("scalars64", "64 scalars", 0, 64),
]
RUNS = 5
GRID, BLOCK = 1, 32
REFERENCE = "raw cuLaunchKernel (C++)"
PYTHON_CALL = "Python call alone (no launch)"


def params(arrays, scalars):
    return ["a%d" % i for i in range(arrays)] + ["s%d" % i for i in range(scalars)]


def python_source():
    """The empty kernels as plain Python functions (each JIT decorates them)."""
    out = ['"""Empty kernels for bench/launch.py (generated)."""\n']
    for key, _, arrays, scalars in SETS:
        out.append("\n\ndef %s(%s):\n    pass\n" % (key, ", ".join(params(arrays, scalars))))
    return "".join(out)


def cuda_source():
    """The same kernels in CUDA C++ (CuPy RawModule, cuda.core Program)."""
    out = []
    for key, _, arrays, scalars in SETS:
        decl = (["float* a%d" % i for i in range(arrays)]
                + ["float s%d" % i for i in range(scalars)])
        out.append('extern "C" __global__ void %s(%s) {}\n' % (key, ", ".join(decl)))
    return "".join(out)


_source_path = None


def load_kernels(tag):
    """A fresh module of the generated Python kernels, backed by a real file
    (pyjit and Triton read a kernel's source through inspect)."""
    global _source_path
    if _source_path is None:
        tmp = tempfile.mkdtemp(prefix="pyjit_launch_")
        atexit.register(shutil.rmtree, tmp, True)
        _source_path = os.path.join(tmp, "launch_kernels.py")
        with open(_source_path, "w") as f:
            f.write(python_source())
    name = "launch_kernels_" + tag
    spec = importlib.util.spec_from_file_location(name, _source_path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


def one_run_us(fn, sync, launches):
    """µs per launch of one run: `launches` launches of fn, one sync at the end."""
    t0 = time.perf_counter()
    for _ in range(launches):
        fn()
    sync()
    return (time.perf_counter() - t0) / launches * 1e6


def reason(exc):
    text = str(exc).strip().splitlines()
    return "%s: %s" % (type(exc).__name__, text[0][:200] if text else "")


def prepare(make_launch, sync):
    """The launch function of every argument set, each launched once (which
    compiles) and synchronised; a failing set is recorded, the rest go on."""
    fns, errors = {}, {}
    for key, _, arrays, scalars in SETS:
        try:
            fn = make_launch(key, arrays, scalars)
            fn()
            sync()
            fns[key] = fn
        except Exception as exc:
            errors[key] = reason(exc)
    return fns, errors


F32 = [np.float32(i) for i in range(64)]


def spelled_out(callee, args, **names):
    """A function of no arguments that calls `callee` (an expression over
    `names`, e.g. "k[grid, block]") with `args`, each spelled out in the call
    as a user writes `k[grid, block](a, x, y, out)`; `f(*args)` would add a
    list-to-tuple copy that a written call has not (and which would hide what
    a vectorcall-capable callee saves)."""
    arg_names = ["a%d" % i for i in range(len(args))]
    namespace = dict(zip(arg_names, args), **names)
    exec("def fn():\n    return %s(%s)\n" % (callee, ", ".join(arg_names)), namespace)
    return namespace["fn"]


# -- the systems: each returns (make_launch(key, arrays, scalars) -> fn, sync) --

def setup_pyjit(kind, versions, notes):
    from pyjit import cuda
    versions["pyjit"] = pyjit.__version__
    if kind == "pyjit":
        bufs = [cuda.device_array(1, dtype=np.float32) for _ in range(16)]
    elif kind == "cupy":
        import cupy as cp
        bufs = [cp.zeros(1, dtype=cp.float32) for _ in range(16)]
    else:
        import torch
        if not torch.cuda.is_available():
            raise RuntimeError("torch sees no GPU")
        bufs = [torch.zeros(1, dtype=torch.float32, device="cuda") for _ in range(16)]
    if not cuda.is_available():
        note = "pyjit ran on its CPU backend (no usable GPU): not a GPU launch"
        if note not in notes:
            notes.append(note)
    return jit_launchers(cuda, load_kernels("pyjit_" + kind), bufs), cuda.synchronize


def jit_launchers(cuda, mod, bufs):
    """make(key, arrays, scalars) for a numba.cuda-style module: the kernel
    `key` of `mod` compiled with cuda.jit, launched as users write it."""
    def make(key, arrays, scalars):
        k = cuda.jit(getattr(mod, key))
        args = bufs[:arrays] + F32[:scalars]
        return spelled_out("k[grid, block]", args, k=k, grid=GRID, block=BLOCK)
    return make


def setup_numba(kind, versions, notes):
    np.row_stack = np.vstack  # numba-cuda 0.30 with numpy 2.x
    import numba
    from numba import cuda
    versions["numba"] = numba.__version__
    try:
        from importlib.metadata import version
        versions["numba-cuda"] = version("numba-cuda")
    except Exception:
        pass
    if not cuda.is_available():
        raise RuntimeError("numba.cuda sees no GPU")
    if kind == "cupy":
        import cupy as cp
        bufs = [cp.zeros(1, dtype=cp.float32) for _ in range(16)]
    else:
        bufs = [cuda.device_array(1, dtype=np.float32) for _ in range(16)]
    return jit_launchers(cuda, load_kernels("numba_" + kind), bufs), cuda.synchronize


def setup_cupy(versions, notes):
    import cupy as cp
    versions["cupy"] = cp.__version__
    module = cp.RawModule(code=cuda_source())
    bufs = [cp.zeros(1, dtype=cp.float32) for _ in range(16)]

    def make(key, arrays, scalars):
        k = module.get_function(key)
        args = tuple(bufs[:arrays] + F32[:scalars])
        return lambda: k((GRID,), (BLOCK,), args)
    return make, cp.cuda.Device().synchronize


def import_cuda_core():
    """cuda.core's API module: `cuda.core` (0.4 on) or `cuda.core.experimental`."""
    try:
        import cuda.core as cc
        if hasattr(cc, "launch") and hasattr(cc, "Program"):
            return cc
    except ImportError:
        pass
    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the experimental namespace may warn it is deprecated
        import cuda.core.experimental as cc
    return cc


def setup_cuda_core(versions, notes):
    cc = import_cuda_core()
    try:
        import cuda.core
        versions["cuda.core"] = getattr(cuda.core, "__version__", "?")
    except Exception:
        pass
    dev = cc.Device(0)
    dev.set_current()
    arch = "sm_%s" % dev.arch
    if hasattr(cc, "ProgramOptions"):
        program = cc.Program(cuda_source(), "c++", options=cc.ProgramOptions(arch=arch))
        module = program.compile("cubin")
    else:  # cuda.core 0.1: options at compile()
        module = cc.Program(cuda_source(), "c++").compile("cubin", options=("-arch=" + arch,))
    stream = dev.default_stream
    config = cc.LaunchConfig(grid=GRID, block=BLOCK)
    try:  # cuda.core Buffers; newer releases take the stream as a keyword
        bufs = [dev.allocate(4, stream=stream) for _ in range(16)]
    except TypeError:
        bufs = [dev.allocate(4) for _ in range(16)]
    launch = cc.launch

    def make(key, arrays, scalars):
        k = module.get_kernel(key)
        args = bufs[:arrays] + F32[:scalars]
        return spelled_out("launch", [stream, config, k] + args, launch=launch)
    return make, dev.sync


def setup_triton(versions, notes):
    import torch
    import triton
    versions["triton"] = triton.__version__
    versions["torch"] = torch.__version__
    if not torch.cuda.is_available():
        raise RuntimeError("torch sees no GPU")
    bufs = [torch.zeros(1, dtype=torch.float32, device="cuda") for _ in range(16)]
    floats = [float(i) for i in range(64)]  # Triton types a Python float as fp32
    mod = load_kernels("triton")

    def make(key, arrays, scalars):
        k = triton.jit(getattr(mod, key))
        args = bufs[:arrays] + floats[:scalars]
        return spelled_out("k[grid]", args, k=k, grid=(GRID,))
    return make, torch.cuda.synchronize


def find_raw_binary(path):
    """The prebuilt raw_launch, or one built now with g++; raises if neither."""
    if os.path.isfile(path) and os.access(path, os.X_OK):
        return path
    if path != RAW_BINARY:
        raise FileNotFoundError("no executable at %s" % path)
    gxx = shutil.which("g++")
    if gxx is None:
        raise FileNotFoundError("%s is missing and there is no g++ to build it (build it "
                                "elsewhere with bench/build_raw_launch.sh and copy it here)"
                                % os.path.relpath(path, ROOT))
    cuda_home = os.environ.get("CUDA_HOME", "/usr/local/cuda")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    build = subprocess.run([gxx, "-O2", "-std=c++17", "-I" + os.path.join(cuda_home, "include"),
                            os.path.join(HERE, "raw_launch.cpp"), "-ldl", "-o", path],
                           capture_output=True, text=True)
    if build.returncode != 0:
        raise RuntimeError("g++ failed: %s" % (build.stderr.strip().splitlines() or ["?"])[0])
    return path


def run_raw(launches, binary, versions, runs=1):
    """bench/raw_launch.cpp in its own process, `runs` runs of every set;
    returns {"us": {set: median}, "runs_us": ..., "errors": ...}."""
    path = find_raw_binary(binary)
    proc = subprocess.run([path, "--launches", str(launches), "--runs", str(runs)],
                          capture_output=True, text=True, timeout=900)
    if proc.returncode != 0:
        raise RuntimeError("exit %d: %s" % (proc.returncode,
                                           (proc.stderr.strip().splitlines() or ["?"])[-1]))
    out = {"us": {}, "runs_us": {}, "errors": {}}
    for line in proc.stdout.splitlines():
        fields = line.split()
        if not fields:
            continue
        if fields[0] == "device":
            versions["raw_launch"] = line[len("device "):]
        if fields[0] != "result":
            continue
        kv = dict(f.split("=", 1) for f in fields[1:] if "=" in f)
        out["us"][kv["set"]] = float(kv["median_us"])
        out["runs_us"][kv["set"]] = [float(v) for v in kv["runs_us"].split(",")]
    for key, _, _, _ in SETS:
        if key not in out["us"]:
            out["errors"][key] = "raw_launch printed no result for it"
    return out


def setup_python_call(versions, notes):
    """Not a launch: the cost of the Python call alone, `f(a0, ..., an)` with
    the same arguments (pyjit DeviceArrays and NumPy scalars) to a C function
    that ignores them (str.format of an empty string). What any Python
    launcher pays before it reads an argument."""
    from pyjit import cuda
    bufs = [cuda.device_array(1, dtype=np.float32) for _ in range(16)]
    ignore = "".format

    def make(key, arrays, scalars):
        return spelled_out("f", bufs[:arrays] + F32[:scalars], f=ignore)
    return make, lambda: None


def systems():
    """(name, setup(versions, notes) -> (make_launch, sync)), in table order;
    the reference (the C++ loop) is not among them."""
    return [
        ("pyjit (DeviceArray)", lambda v, n: setup_pyjit("pyjit", v, n)),
        ("pyjit (CuPy arrays)", lambda v, n: setup_pyjit("cupy", v, n)),
        ("pyjit (torch tensors)", lambda v, n: setup_pyjit("torch", v, n)),
        ("numba-cuda (DeviceNDArray)", lambda v, n: setup_numba("numba", v, n)),
        ("numba-cuda (CuPy arrays)", lambda v, n: setup_numba("cupy", v, n)),
        ("CuPy RawKernel", setup_cupy),
        ("cuda.core launch", setup_cuda_core),
        ("Triton (torch tensors)", setup_triton),
        (PYTHON_CALL, setup_python_call),
    ]


def run_rounds(selected, want_raw, args, versions, notes):
    """Sets every selected system up, then times RUNS rounds; each round runs
    the C++ loop once (its own process) and then every system and argument
    set once, so that a slow spell of the machine (seen on the H200 host:
    the same build 1.5x slower for a minute) falls on every system alike.
    Returns {name: {"us": {set: median}, "runs_us": {set: [...]}, "errors": {...}}}."""
    results, prepared = {}, []
    if want_raw:
        results[REFERENCE] = {"us": {}, "runs_us": {}, "errors": {}}
    for name, setup in selected:
        try:
            make, sync = setup(versions, notes)
            fns, errors = prepare(make, sync)
        except Exception as exc:  # a peer missing or failing on this machine
            results[name] = {"error": reason(exc)}
            continue
        if not fns:
            results[name] = {"error": "every argument list failed: "
                                      + "; ".join(sorted(set(errors.values())))}
            continue
        results[name] = {"us": {}, "runs_us": {key: [] for key in fns}, "errors": errors}
        prepared.append((name, fns, sync))
    for _ in range(RUNS):
        if want_raw and "error" not in results[REFERENCE]:
            try:
                raw = run_raw(args.launches, args.raw_binary, versions)
            except Exception as exc:
                results[REFERENCE] = {"error": reason(exc)}
            else:
                for key, runs in raw["runs_us"].items():
                    results[REFERENCE]["runs_us"].setdefault(key, []).extend(runs)
                results[REFERENCE]["errors"].update(raw["errors"])
            if prepared:
                # Untimed: the first system measured after the C++ loop's
                # process ended was the noisiest (the GPU switching back to
                # this process's context); a short burst settles it.
                _, fns, sync = prepared[0]
                one_run_us(next(iter(fns.values())), sync, max(1, args.launches // 5))
        for name, fns, sync in prepared:
            for key, fn in fns.items():
                results[name]["runs_us"][key].append(one_run_us(fn, sync, args.launches))
    for r in results.values():
        if "error" not in r:
            r["us"] = {key: statistics.median(runs) for key, runs in r["runs_us"].items() if runs}
            for key in r["us"]:
                r["errors"].pop(key, None)
    return results


def print_table(results, launches, notes):
    ref_name = REFERENCE
    if not results.get(REFERENCE, {}).get("us"):  # no C++ loop: ratios to pyjit instead
        ref_name = "pyjit (DeviceArray)"
    ref = results.get(ref_name, {}).get("us", {})
    short = ["0 args", "3a + 1s", "16 arrays", "64 scal."]
    print("launch overhead: µs per launch of an empty kernel (%d block x %d threads), "
          "median of %d interleaved rounds of %d back-to-back launches, one sync per run"
          % (GRID, BLOCK, RUNS, launches))
    print("3a + 1s = 3 arrays + 1 float32 scalar; 64 scal. = 64 float32 scalars; "
          "arrays are 1-element float32")
    width = 28
    cols = len(SETS) * 11 - 1
    print("%-*s %-*s | %s" % (width, "", cols, "µs per launch", "ratio to " + ref_name))
    print("%-*s %s | %s" % (width, "system", " ".join("%10s" % s for s in short),
                            " ".join("%10s" % s for s in short)))
    print("-" * (width + 1 + cols + 3 + cols))
    missing = []
    for name, r in results.items():
        if "error" in r:
            na = " ".join("%10s" % "n/a" for _ in SETS)
            print("%-*s %s | %s" % (width, name, na, na))
            missing.append("%s: %s" % (name, r["error"]))
            continue
        cells, ratios = [], []
        for key, label, _, _ in SETS:
            us = r["us"].get(key)
            if us is None:
                cells.append("%10s" % "n/a")
                ratios.append("%10s" % "n/a")
                missing.append("%s, %s: %s" % (name, label, r["errors"].get(key, "?")))
                continue
            cells.append("%10.2f" % us)
            ratios.append(("%10.2f" % (us / ref[key])) if ref.get(key) else "%10s" % "n/a")
        print("%-*s %s | %s" % (width, name, " ".join(cells), " ".join(ratios)))
    # The host's noise (other tenants, clock changes) only adds time: the best
    # round of each is the other estimate of its own cost.
    ref_best = {k: min(v) for k, v in results.get(ref_name, {}).get("runs_us", {}).items() if v}
    print("\nbest round of each, as a ratio to the best round of %s:" % ref_name)
    for name, r in results.items():
        if "error" in r:
            continue
        cells = []
        for key, _, _, _ in SETS:
            runs = r["runs_us"].get(key)
            cells.append("%10.2f" % (min(runs) / ref_best[key]) if runs and ref_best.get(key)
                         else "%10s" % "n/a")
        print("%-*s %s" % (width, name, " ".join(cells)))
    print_notes(missing, notes)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--launches", type=int, default=10000,
                        help="launches per timed run (default 10000)")
    parser.add_argument("--json", metavar="PATH", help="write every result to PATH")
    parser.add_argument("--only", metavar="WORDS",
                        help="comma-separated words; run only systems whose name contains one "
                             "(case-insensitive), e.g. pyjit,raw")
    parser.add_argument("--raw-binary", default=RAW_BINARY,
                        help="the raw_launch executable (default build/bench/raw_launch)")
    args = parser.parse_args()
    if args.launches < 1:
        parser.error("--launches must be positive")
    words = [w.strip().lower() for w in (args.only or "").split(",") if w.strip()]

    versions, notes = {}, []
    chosen = lambda name: not words or any(w in name.lower() for w in words)
    results = run_rounds([(name, setup) for name, setup in systems() if chosen(name)],
                         chosen(REFERENCE), args, versions, notes)
    print_table(results, args.launches, notes)

    if args.json:
        device = None
        try:
            from pyjit import cuda
            if cuda.is_available():
                device = cuda.get_current_device().name
        except Exception:
            pass
        doc = {
            "benchmark": "launch overhead",
            "date": datetime.datetime.now().isoformat(timespec="seconds"),
            "host": platform.node(),
            "python": sys.version.split()[0],
            "device": device,
            "launches": args.launches,
            "runs": RUNS,
            "grid": GRID,
            "block": BLOCK,
            "reference": REFERENCE,  # the ratios: to it when it ran, else to pyjit (DeviceArray)
            "sets": [{"key": k, "label": l, "nargs": a + s, "arrays": a, "scalars": s}
                     for k, l, a, s in SETS],
            "systems": [dict(name=name, **r) for name, r in results.items()],
            "versions": versions,
            "notes": notes,
        }
        write_json(args.json, doc)


if __name__ == "__main__":
    main()
