"""Where a first launch goes, step by step: a disk-cache hit (bench/compile.py's
(d)), or with --miss a compile into an empty cache ((b)).

    python bench/cache_hit_breakdown.py [--runs 7] [--miss]

One process fills a new PYJIT_CACHE_DIR with saxpy's kernel; then --runs fresh
processes each time, in ms, with the CUDA context and arrays made before the
clock starts: `cuda.jit(saxpy)`, `describe()` of the kernel (its source,
globals and attribute reads: the cache key's input), the versions part of the
key (once a process: driver, nvJitLink, device library), and the first launch
(key, disk read, cuModuleLoadData, launch) with cuda.synchronize(). With
--miss each process has a cache directory of its own, empty, and the first
launch is split into the LLVM compile (source to PTX, `compile_kernel`), the
wait for nvJitLink's background load, nvJitLink's link (PTX to SASS:
`link_ptx`) and the rest (the cache store, cuModuleLoadData, the launch).
Prints the median of each step and of the total. Needs a GPU (the CPU
backend's cache hit loads host code instead).
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile

CHILD = r'''
import json, sys, time
import numpy as np
from pyjit import cuda, _dispatcher, _ext
import pyjit
spent = {"compile_kernel": 0.0, "nvjitlink_version": 0.0, "link_ptx": 0.0}


def timed(owner, name, key):
    inner = getattr(owner, name)

    def wrapper(*args):
        start = time.perf_counter()
        try:
            return inner(*args)
        finally:
            spent[key] += (time.perf_counter() - start) * 1e3
    setattr(owner, name, wrapper)


class Ext:  # the extension module with two functions timed
    def __init__(self, module):
        self.__dict__.update({k: getattr(module, k) for k in dir(module)})


module = Ext(_ext.ext())
timed(module, "compile_kernel", "compile_kernel")
timed(module, "link_ptx", "link_ptx")
_dispatcher.ext = lambda: module
timed(_ext, "nvjitlink_version", "nvjitlink_version")
x = cuda.to_device(np.ones(1 << 20, np.float32))
y = cuda.to_device(np.ones(1 << 20, np.float32))
o = cuda.device_array(1 << 20, np.float32)
cuda.synchronize()


def saxpy(a, x, y, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a * x[i] + y[i]


t = [time.perf_counter()]
k = cuda.jit(saxpy)
t.append(time.perf_counter())
k._describe()
t.append(time.perf_counter())
_dispatcher._versions(_dispatcher.current_device())
t.append(time.perf_counter())
k[4096, 256](np.float32(2.0), x, y, o)
cuda.synchronize()
t.append(time.perf_counter())
steps = [(b - a) * 1e3 for a, b in zip(t, t[1:])]
if sys.argv[1:] == ["--miss"]:
    parts = [spent["compile_kernel"], spent["nvjitlink_version"], spent["link_ptx"]]
    steps = steps[:3] + parts + [steps[3] - sum(parts)]
print(json.dumps({"steps": steps, "hits": pyjit.cache_info()["hits"]}))
'''
STEPS = ["cuda.jit(saxpy)", "describe()", "versions key", "first launch + sync"]
MISS_STEPS = STEPS[:3] + ["LLVM: compile_kernel", "wait for nvJitLink load",
                          "nvJitLink: link_ptx", "store, load, launch + sync"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--miss", action="store_true",
                        help="an empty cache in each process: the compile's steps")
    args = parser.parse_args()
    import json
    cache = tempfile.mkdtemp(prefix="pyjit-bench-cache-")
    path = os.path.join(cache, "child.py")
    with open(path, "w") as f:
        f.write(CHILD)
    env = dict(os.environ, PYJIT_CACHE_DIR=cache, PYJIT_CACHE="1", CUDA_CACHE_DISABLE="1")
    rows = []
    for run in range(args.runs + 1):
        if args.miss:
            env["PYJIT_CACHE_DIR"] = tempfile.mkdtemp(prefix="run%d-" % run, dir=cache)
        out = subprocess.run([sys.executable, "-W", "ignore", path] + ["--miss"] * args.miss,
                             env=env, capture_output=True, text=True)
        if out.returncode:
            sys.exit("the child failed:\n" + out.stderr[-2000:])
        result = json.loads(out.stdout.strip().splitlines()[-1])
        if run == 0:
            continue  # it filled the cache (with --miss: a warm-up)
        if result["hits"] != (0 if args.miss else 1):
            sys.exit("a timed process %s the disk cache" % ("hit" if args.miss else "missed"))
        rows.append(result["steps"])
    print("%s to the first launch, ms (median of %d fresh processes)"
          % ("empty disk cache" if args.miss else "disk-cache hit", len(rows)))
    for k, name in enumerate(MISS_STEPS if args.miss else STEPS):
        print("%-24s %8.2f" % (name, statistics.median(r[k] for r in rows)))
    print("%-24s %8.2f" % ("total", statistics.median(sum(r) for r in rows)))


if __name__ == "__main__":
    main()
