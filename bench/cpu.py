"""The CPU backend against numba's CUDA simulator (NUMBA_ENABLE_CUDASIM=1),
side by side in one run, on the same kernels and inputs.

    python bench/cpu.py [--n 16384] [--image 128]

Kernels (bench/cpu_src.py): saxpy on --n float32; Sobel on an --image² float32
image; a block reduction with syncthreads (128 threads a block) over --n
float32. Each is run once to compile, then timed (wall clock, median of 5 for
pyjit, of 3 for the simulator) and checked against numpy. numba-cuda must be
importable for the simulator column (pip install numba-cuda); no GPU needed.
"""
import argparse
import importlib.util
import os
import statistics
import sys
import time

os.environ.setdefault("NUMBA_ENABLE_CUDASIM", "1")  # before numba is imported
import numpy as np  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


def load_source(tag, cuda, float32):
    name = "cpu_src_" + tag
    spec = importlib.util.spec_from_file_location(name, os.path.join(HERE, "cpu_src.py"))
    mod = importlib.util.module_from_spec(spec)
    mod.cuda, mod.float32 = cuda, float32
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


def timed(fn, reps):
    fn()  # compile
    times = []
    for _ in range(reps):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1e3


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=1 << 14)
    parser.add_argument("--image", type=int, default=128)
    args = parser.parse_args()
    import pyjit
    systems = {}
    pj = load_source("pyjit", pyjit.cuda, pyjit.float32)
    systems["pyjit CPU backend"] = (
        {k: pyjit.cuda.jit(getattr(pj, k), target="cpu") for k in ("saxpy", "sobel", "block_sum")},
        5)
    try:
        import numba
        from numba import cuda as ncuda
        nb = load_source("numba", ncuda, numba.float32)
        systems["numba CUDA simulator"] = (
            {k: ncuda.jit(getattr(nb, k)) for k in ("saxpy", "sobel", "block_sum")}, 3)
    except Exception as exc:  # numba-cuda missing
        print("numba CUDA simulator unavailable: %s" % exc)

    rng = np.random.default_rng(0)
    n = args.n
    x = rng.standard_normal(n, dtype=np.float32)
    y = rng.standard_normal(n, dtype=np.float32)
    img = rng.random((args.image, args.image), dtype=np.float32)
    tpb = 128
    results = {}
    for name, (k, reps) in systems.items():
        out = np.zeros(n, dtype=np.float32)
        edges = np.zeros_like(img)
        sums = np.zeros((n + tpb - 1) // tpb, dtype=np.float32)
        grid2 = ((args.image + 15) // 16, (args.image + 15) // 16)
        row = {
            "saxpy": timed(lambda: k["saxpy"][(n + tpb - 1) // tpb, tpb](out, x, y,
                                                                        np.float32(2.0)), reps),
            "sobel": timed(lambda: k["sobel"][grid2, (16, 16)](img, edges), reps),
            "block_sum": timed(lambda: k["block_sum"][(n + tpb - 1) // tpb, tpb](x, sums), reps),
        }
        ok = (np.allclose(out, 2 * x + y, atol=1e-5)
              and np.allclose(sums, [x[b:b + tpb].sum() for b in range(0, n, tpb)], atol=1e-3))
        gx = (img[:-2, 2:] + 2 * img[1:-1, 2:] + img[2:, 2:] - img[:-2, :-2] - 2 * img[1:-1, :-2]
              - img[2:, :-2])
        gy = (img[2:, :-2] + 2 * img[2:, 1:-1] + img[2:, 2:] - img[:-2, :-2] - 2 * img[:-2, 1:-1]
              - img[:-2, 2:])
        ok = ok and np.allclose(edges[1:-1, 1:-1], np.sqrt(gx * gx + gy * gy), atol=1e-4)
        results[name] = (row, ok)

    print("saxpy n=%d, sobel %dx%d, block_sum n=%d (128-thread blocks, 8 barriers each); ms"
          % (n, args.image, args.image, n))
    print("%-24s %12s %12s %12s %5s" % ("system", "saxpy", "sobel", "block_sum", "ok"))
    base = results["pyjit CPU backend"][0]
    for name, (row, ok) in results.items():
        print("%-24s %12.3f %12.3f %12.3f %5s" % (name, row["saxpy"], row["sobel"],
                                                   row["block_sum"], "yes" if ok else "NO"))
    for name, (row, ok) in results.items():
        if name != "pyjit CPU backend":
            print("%-24s %11.0fx %11.0fx %11.0fx   (pyjit's speed-up)"
                  % ("", row["saxpy"] / base["saxpy"], row["sobel"] / base["sobel"],
                     row["block_sum"] / base["block_sum"]))


if __name__ == "__main__":
    main()
