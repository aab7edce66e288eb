"""Where a disk-cache hit's first launch goes (bench/compile.py's (d)), step by step.

    python bench/cache_hit_breakdown.py [--runs 7]

One process fills a new PYJIT_CACHE_DIR with saxpy's kernel; then --runs fresh
processes each time, in ms, with the CUDA context and arrays made before the
clock starts: `cuda.jit(saxpy)`, `describe()` of the kernel (its source,
globals and attribute reads: the cache key's input), the versions part of the
key (once a process: driver, nvJitLink, device library), and the first launch
(key, disk read, cuModuleLoadData, launch) with cuda.synchronize(). Prints the
median of each step and of the total. Needs a GPU (the CPU backend's cache
hit loads host code instead).
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
from pyjit import cuda, _dispatcher
import pyjit
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
print(json.dumps({"steps": steps, "hits": pyjit.cache_info()["hits"]}))
'''
STEPS = ["cuda.jit(saxpy)", "describe()", "versions key", "first launch + sync"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    import json
    cache = tempfile.mkdtemp(prefix="pyjit-bench-cache-")
    path = os.path.join(cache, "child.py")
    with open(path, "w") as f:
        f.write(CHILD)
    env = dict(os.environ, PYJIT_CACHE_DIR=cache, PYJIT_CACHE="1", CUDA_CACHE_DISABLE="1")
    rows = []
    for run in range(args.runs + 1):
        out = subprocess.run([sys.executable, "-W", "ignore", path], env=env,
                             capture_output=True, text=True)
        if out.returncode:
            sys.exit("the child failed:\n" + out.stderr[-2000:])
        result = json.loads(out.stdout.strip().splitlines()[-1])
        if run == 0:
            continue  # it filled the cache
        if result["hits"] != 1:
            sys.exit("a timed process missed the disk cache")
        rows.append(result["steps"])
    print("disk-cache hit to the first launch, ms (median of %d fresh processes)" % len(rows))
    for k, name in enumerate(STEPS):
        print("%-24s %8.2f" % (name, statistics.median(r[k] for r in rows)))
    print("%-24s %8.2f" % ("total", statistics.median(sum(r) for r in rows)))


if __name__ == "__main__":
    main()
