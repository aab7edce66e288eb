"""Where a kernel's compile time goes after LLVM: PTX to SASS, by every route CUDA offers.

    python bench/ptx_to_sass.py [--reps 11]

pyjit makes saxpy's PTX (and an empty kernel's) for the GPU present; each
measurement then makes the PTX unique (a comment with a counter) so that no
cache can answer, and times, median of --reps:
  * nvJitLink (the library pyjit links with), split into create / add the
    PTX / complete, with -arch only, with -O0 and with -Xptxas=-O1;
  * nvJitLink given an empty kernel's PTX first, then saxpy's, in one handle
    (does a handle that has run ptxas once make the next input cheaper?);
  * the driver's own JIT: cuModuleLoadDataEx of the PTX, and the driver's
    linker (cuLinkAddData, a cubin back), with the driver's JIT cache off
    (CUDA_CACHE_DISABLE=1, set here before the driver loads);
  * pyjit's whole second-signature compile in a warm process, split by the
    extension call (cProfile): compile_kernel (LLVM) and link_ptx (nvJitLink).
Needs a GPU, CUDA's libnvJitLink and the driver; prints one table in ms.
"""
import argparse
import cProfile
import ctypes
import ctypes.util
import glob
import os
import pstats
import statistics
import sys
import tempfile
import time

os.environ["CUDA_CACHE_DISABLE"] = "1"
os.environ.setdefault("PYJIT_CACHE_DIR", tempfile.mkdtemp(prefix="pyjit-ptx-to-sass-"))

import numpy as np  # noqa: E402

from pyjit import cuda  # noqa: E402

NVJITLINK_INPUT_PTX = 2  # nvJitLink.h's nvJitLinkInputType


@cuda.jit
def saxpy(a, x, y, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a * x[i] + y[i]


@cuda.jit
def empty():
    pass


def load_nvjitlink():
    """CUDA's libnvJitLink: from CUDA_HOME (or /usr/local/cuda), else the loader's path."""
    home = os.environ.get("CUDA_HOME", "/usr/local/cuda")
    for path in sorted(glob.glob(os.path.join(home, "lib64", "libnvJitLink.so*")), reverse=True):
        return ctypes.CDLL(path)
    name = ctypes.util.find_library("nvJitLink")
    if not name:
        sys.exit("libnvJitLink not found (set CUDA_HOME)")
    return ctypes.CDLL(name)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=11)
    args = parser.parse_args()
    dev = cuda.get_current_device()
    arch = "sm_%d%d" % dev.compute_capability
    x = cuda.to_device(np.ones(1024, np.float32))
    saxpy[4, 256](np.float32(2), x, x, x)          # also makes the CUDA context current
    empty[1, 1]()
    cuda.synchronize()
    ptx = {"saxpy": saxpy.inspect_asm(saxpy.signatures[0]),
           "empty kernel": empty.inspect_asm(empty.signatures[0])}
    nj = load_nvjitlink()
    cu = ctypes.CDLL("libcuda.so.1")
    counter = [0]

    def unique(text):
        counter[0] += 1
        return ("%s\n// %d %.9f\n" % (text, counter[0], time.time())).encode()

    def add(h, text):
        data = unique(text)
        t0 = time.perf_counter()
        rc = nj.nvJitLinkAddData(h, NVJITLINK_INPUT_PTX, data, len(data), b"ptx")
        if rc:
            sys.exit("nvJitLinkAddData: error %d" % rc)
        return (time.perf_counter() - t0) * 1e3

    def link(inputs, options):
        """ms: (create, add per input..., complete)."""
        h = ctypes.c_void_p()
        opts = (ctypes.c_char_p * len(options))(*[o.encode() for o in options])
        t0 = time.perf_counter()
        if nj.nvJitLinkCreate(ctypes.byref(h), len(options), opts):
            sys.exit("nvJitLinkCreate failed with %s" % options)
        create = (time.perf_counter() - t0) * 1e3
        adds = [add(h, text) for text in inputs]
        t0 = time.perf_counter()
        rc = nj.nvJitLinkComplete(h)
        complete = (time.perf_counter() - t0) * 1e3
        nj.nvJitLinkDestroy(ctypes.byref(h))
        if rc:
            sys.exit("nvJitLinkComplete: error %d" % rc)
        return [create] + adds + [complete]

    def driver_jit(text):
        data = unique(text)
        module = ctypes.c_void_p()
        t0 = time.perf_counter()
        rc = cu.cuModuleLoadDataEx(ctypes.byref(module), ctypes.c_char_p(data), 0, None, None)
        ms = (time.perf_counter() - t0) * 1e3
        if rc:
            sys.exit("cuModuleLoadDataEx: error %d" % rc)
        cu.cuModuleUnload(module)
        return ms

    def driver_link(text):
        """The driver's linker (cuLinkCreate / AddData / Complete): a cubin back."""
        data = unique(text)
        state = ctypes.c_void_p()
        cubin, size = ctypes.c_void_p(), ctypes.c_size_t()
        t0 = time.perf_counter()
        rc = cu.cuLinkCreate_v2(0, None, None, ctypes.byref(state))
        rc = rc or cu.cuLinkAddData_v2(state, 1, ctypes.c_char_p(data), len(data), b"ptx",
                                       0, None, None)  # 1 = CU_JIT_INPUT_PTX
        rc = rc or cu.cuLinkComplete(state, ctypes.byref(cubin), ctypes.byref(size))
        ms = (time.perf_counter() - t0) * 1e3
        cu.cuLinkDestroy(state)
        if rc:
            sys.exit("cuLink*: error %d" % rc)
        return ms

    # Every route once per round, rounds repeated: drift in the machine's speed
    # falls on all of them alike.
    routes = [
        ("nvJitLink, saxpy: create / add PTX / complete",
         lambda: link([ptx["saxpy"]], ["-arch=" + arch])),
        ("nvJitLink -O0, saxpy: create / add PTX / complete",
         lambda: link([ptx["saxpy"]], ["-arch=" + arch, "-O0"])),
        ("nvJitLink -Xptxas=-O1, saxpy: create / add PTX / complete",
         lambda: link([ptx["saxpy"]], ["-arch=" + arch, "-Xptxas=-O1"])),
        ("nvJitLink, empty kernel: create / add PTX / complete",
         lambda: link([ptx["empty kernel"]], ["-arch=" + arch])),
        ("nvJitLink, one handle: add empty kernel, then saxpy",
         lambda: link([ptx["empty kernel"], ptx["saxpy"]], ["-arch=" + arch])),
        ("driver JIT, cuModuleLoadDataEx(saxpy PTX)", lambda: [driver_jit(ptx["saxpy"])]),
        ("driver linker, cuLinkAddData(saxpy PTX) to a cubin",
         lambda: [driver_link(ptx["saxpy"])]),
    ]
    for _, fn in routes:
        fn()  # warm-up
    runs = {name: [] for name, _ in routes}
    for _ in range(args.reps):
        for name, fn in routes:
            runs[name].append(fn())
    rows = []
    for name, _ in routes:
        parts = [statistics.median(r[k] for r in runs[name]) for k in range(len(runs[name][0]))]
        if len(parts) == 1:
            shown = ""
        elif len(parts) == 3:
            shown = "%.2f / %.2f / %.2f" % tuple(parts)
        else:
            shown = "%.2f, then %.2f" % (parts[1], parts[2])
        rows.append((name, shown, sum(parts)))

    # pyjit's second signature in this warm process, by extension call.
    xd = cuda.to_device(np.ones(1024))
    profile = cProfile.Profile()
    t0 = time.perf_counter()
    profile.enable()
    saxpy[4, 256](2.0, xd, xd, xd)
    cuda.synchronize()
    profile.disable()
    total = (time.perf_counter() - t0) * 1e3
    stats = pstats.Stats(profile).stats
    by_name = {}
    for (_, _, name), (_, _, tottime, _, _) in stats.items():
        by_name[name] = by_name.get(name, 0.0) + tottime * 1e3
    llvm = sum(v for k, v in by_name.items() if "compile_kernel" in k)
    sass = sum(v for k, v in by_name.items() if "link_ptx" in k)
    rows.append(("pyjit second signature (float64): compile_kernel / link_ptx",
                 "%.2f / %.2f" % (llvm, sass), total))

    print("PTX to SASS on %s (%s), ms, median of %d; every PTX made unique"
          % (dev.name, arch, args.reps))
    print("%-62s %22s %9s" % ("route", "parts", "total"))
    print("-" * 95)
    for name, parts, total_ms in rows:
        print("%-62s %22s %9.2f" % (name, parts, total_ms))


if __name__ == "__main__":
    main()
