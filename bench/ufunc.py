"""CUDA ufunc benchmark: pyjit's @vectorize and @guvectorize against numba-cuda's, with
CuPy's and torch's elementwise add beside.

    python bench/ufunc.py [--sizes 1000,10000000] [--reps 200]

For each size, float32 a*x + y of device-resident arrays into a given device
output: the wall time of one call, which launches and returns without
waiting (median of --reps calls after a warm-up, the device synchronized
after each call outside the timed part), and the time of one call including
the wait for its kernel (call + synchronize). The ufunc is the same Python
function for pyjit and numba-cuda (`@vectorize(["float32(float32, float32,
float32)"], target="cuda")`); the gufunc is a row-wise `(n),(n)->(n)` add of
a (rows, 100) array. CuPy's ElementwiseKernel and torch's
`torch.add(y, x, alpha=a)` are what a library elementwise call costs. Ratios
are over pyjit's time (> 1: slower than pyjit). Every result is checked
against numpy's.
"""
import argparse
import statistics
import time

import numpy as np

from _common import print_notes


def timed(call, sync, reps):
    """(median µs of call(), median µs of call() + sync()), after a warm-up."""
    call()
    sync()
    issue, full = [], []
    for _ in range(reps):
        t0 = time.perf_counter()
        call()
        t1 = time.perf_counter()
        sync()
        t2 = time.perf_counter()
        issue.append((t1 - t0) * 1e6)
        full.append((t2 - t0) * 1e6)
    return statistics.median(issue), statistics.median(full)


def axpy(a, x, y):
    return a * x + y


def row_add(x, y, out):
    for i in range(x.shape[0]):
        out[i] = x[i] + y[i]


def device_calls(to_device, like, sync, ufunc, gufunc):
    """For a numba.cuda-style API (pyjit's or numba-cuda's): the makers of
    the ufunc call (a, x, y) and of the gufunc call (x, y) on its own device
    arrays, as make_peers lists them."""
    def ufunc_call(a, x, y):
        dx, dy, out = to_device(x), to_device(y), like(x)
        return (lambda: ufunc(a, dx, dy, out=out)), sync, out.copy_to_host

    def gufunc_call(x, y):
        dx, dy, out = to_device(x), to_device(y), like(x)
        return (lambda: gufunc(dx, dy, out=out)), sync, out.copy_to_host

    return ufunc_call, gufunc_call


def make_peers(missing):
    """[(name, kind, make)]: make(host arrays) -> (call, sync, result getter)."""
    from pyjit import cuda, guvectorize, vectorize
    pj_axpy = vectorize(["float32(float32, float32, float32)"], target="cuda")(axpy)
    pj_rows = guvectorize(["void(float32[:], float32[:], float32[:])"], "(n),(n)->(n)",
                          target="cuda")(row_add)

    pyjit_ufunc, pyjit_gufunc = device_calls(cuda.to_device, cuda.device_array_like,
                                             cuda.synchronize, pj_axpy, pj_rows)

    peers = [("pyjit vectorize", "ufunc", pyjit_ufunc),
             ("pyjit guvectorize", "gufunc", pyjit_gufunc)]
    try:
        np.row_stack = np.vstack  # (numba-cuda 0.30 reads it; NumPy 2.x dropped it)
        from numba import cuda as ncuda, guvectorize as nguv, vectorize as nvec
        nb_axpy = nvec(["float32(float32, float32, float32)"], target="cuda")(axpy)
        nb_rows = nguv(["void(float32[:], float32[:], float32[:])"], "(n),(n)->(n)",
                       target="cuda")(row_add)

        numba_ufunc, numba_gufunc = device_calls(ncuda.to_device, ncuda.device_array_like,
                                                 ncuda.synchronize, nb_axpy, nb_rows)

        peers += [("numba-cuda vectorize", "ufunc", numba_ufunc),
                  ("numba-cuda guvectorize", "gufunc", numba_gufunc)]
    except Exception as exc:  # not installed, or no driver for it
        missing.append("numba-cuda: %s" % exc)
    try:
        import cupy
        kernel = cupy.ElementwiseKernel("float32 a, float32 x, float32 y", "float32 out",
                                        "out = a * x + y", "pyjit_bench_axpy")

        def cupy_ufunc(a, x, y):
            dx, dy = cupy.asarray(x), cupy.asarray(y)
            out = cupy.empty_like(dx)
            return ((lambda: kernel(a, dx, dy, out)), cupy.cuda.Device().synchronize,
                    lambda: cupy.asnumpy(out))

        def cupy_rows(x, y):
            dx, dy = cupy.asarray(x), cupy.asarray(y)
            out = cupy.empty_like(dx)
            return ((lambda: cupy.add(dx, dy, out=out)), cupy.cuda.Device().synchronize,
                    lambda: cupy.asnumpy(out))

        peers += [("cupy ElementwiseKernel", "ufunc", cupy_ufunc),
                  ("cupy add", "gufunc", cupy_rows)]
    except Exception as exc:
        missing.append("cupy: %s" % exc)
    try:
        import torch
        if not torch.cuda.is_available():
            raise RuntimeError("no CUDA device")

        def torch_ufunc(a, x, y):
            dx, dy = torch.from_numpy(x).cuda(), torch.from_numpy(y).cuda()
            out = torch.empty_like(dx)
            return ((lambda: torch.add(dy, dx, alpha=float(a), out=out)), torch.cuda.synchronize,
                    lambda: out.cpu().numpy())

        def torch_rows(x, y):
            dx, dy = torch.from_numpy(x).cuda(), torch.from_numpy(y).cuda()
            out = torch.empty_like(dx)
            return ((lambda: torch.add(dx, dy, out=out)), torch.cuda.synchronize,
                    lambda: out.cpu().numpy())

        peers += [("torch add", "ufunc", torch_ufunc), ("torch add", "gufunc", torch_rows)]
    except Exception as exc:
        missing.append("torch: %s" % exc)
    return peers


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="1000,10000000")
    ap.add_argument("--reps", type=int, default=200)
    args = ap.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    missing = []
    peers = make_peers(missing)
    rows = []
    rng = np.random.default_rng(0)
    a = np.float32(2.5)
    for n in sizes:
        x = rng.standard_normal(n).astype(np.float32)
        y = rng.standard_normal(n).astype(np.float32)
        want = {"ufunc": a * x + y}
        xr, yr = x[:n // 100 * 100].reshape(-1, 100), y[:n // 100 * 100].reshape(-1, 100)
        want["gufunc"] = xr + yr
        base = {}
        for name, kind, make in peers:
            call, sync, result = make(a, x, y) if kind == "ufunc" else make(xr, yr)
            issue, full = timed(call, sync, args.reps)
            ok = np.allclose(result(), want[kind], rtol=1e-6, atol=1e-6)
            base.setdefault(kind, full)
            rows.append((n, kind, name, issue, full, full / base[kind], ok))
    print("%-10s %-7s %-24s %10s %12s %8s %4s" % ("n", "kind", "system", "call µs",
                                                  "call+sync µs", "/pyjit", "ok"))
    for n, kind, name, issue, full, ratio, ok in rows:
        print("%-10d %-7s %-24s %10.1f %12.1f %8.2f %4s" % (n, kind, name, issue, full, ratio,
                                                           "yes" if ok else "NO"))
    print_notes(missing, [
        "ufunc: float32 a*x + y of n elements into a given device output",
        "gufunc: (n),(n)->(n) row add of a (n/100, 100) float32 array (CuPy and torch: their "
        "elementwise add of the same arrays)",
        "ratios over pyjit's call+sync time; ok: equal to numpy's result within 1e-6"])


if __name__ == "__main__":
    main()
