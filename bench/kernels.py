"""Generated-code speed: pyjit against the same kernels in CUDA C++ (nvcc -O3),
with numba-cuda and library baselines beside them, in one run.

    python bench/kernels.py [--reps 30] [--only saxpy,stencil,...]

Kernels (bench/kernels_src.py for pyjit and numba-cuda, bench/kernels.cu for
nvcc): saxpy on 2^26 float32; a 2-D 5-point stencil on 8192 x 8192 float32;
a 4096^3 SGEMM with 16 x 16 shared-memory tiles; a 256-bin histogram of
2^28 bytes with shared-memory atomics; Black-Scholes on 2^24 options; the sum of
2^26 float32 with warp shuffles; an 8192 x 8192 float32 transpose through a padded
shared-memory tile; a 4096 x 4096 Mandelbrot set (float32, up to 256 iterations).

All arrays are CuPy arrays (pyjit and numba take them through
__cuda_array_interface__), so every system reads the same memory. Each
kernel is timed with CUDA events around batches of 10 back-to-back launches
queued behind a busy GPU (median of --reps batches), so host launch
overhead is excluded; the systems are timed in two rounds (forward, then
reversed) and each keeps its better median. Results are checked against
numpy or against nvcc's output. Prints the kernel time, the throughput, and pyjit's throughput as a
fraction of nvcc's (target >= 0.95) and of the library baseline.
"""
import argparse
import importlib.util
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

import numpy as np

import pyjit  # before CuPy and PyTorch (see pyjit/__init__.py on static TLS)

HERE = os.path.dirname(os.path.abspath(__file__))


def load_source(tag, cuda, float32, int32):
    """bench/kernels_src.py as a module whose cuda/float32/int32 are `tag`'s."""
    name = "kernels_src_" + tag
    spec = importlib.util.spec_from_file_location(name, os.path.join(HERE, "kernels_src.py"))
    mod = importlib.util.module_from_spec(spec)
    mod.cuda, mod.float32, mod.int32 = cuda, float32, int32
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


def nvcc_module(cp):
    nvcc = shutil.which("nvcc") or "/usr/local/cuda/bin/nvcc"
    out = os.path.join(tempfile.mkdtemp(), "kernels.cubin")
    subprocess.run([nvcc, "-O3", "-arch=sm_90", "-cubin", "-o", out,
                    os.path.join(HERE, "kernels.cu")], check=True)
    return cp.RawModule(path=out)


def median_ms(launch, reps, batch=10):
    """Kernel time in ms: the median over `reps` batches of `batch`
    back-to-back launches timed by CUDA events. A launch is queued before
    the start event, so the GPU stays busy and the host's launch overhead
    (which differs between systems and is measured by bench/saxpy.py) is
    not counted."""
    import cupy as cp
    launch()
    cp.cuda.Device().synchronize()
    times = []
    for _ in range(reps):
        start, stop = cp.cuda.Event(), cp.cuda.Event()
        launch()  # keeps the GPU busy while the batch is queued
        start.record()
        for _ in range(batch):
            launch()
        stop.record()
        stop.synchronize()
        times.append(cp.cuda.get_elapsed_time(start, stop) / batch)
    return statistics.median(times)


def cases(cp, pj, nb, nv, sms):
    """(name, unit, amount per launch, {system: launch}, check) per kernel."""
    rng = np.random.default_rng(0)
    out = []

    # saxpy
    n = 1 << 26
    x = cp.asarray(rng.standard_normal(n, dtype=np.float32))
    y = cp.asarray(rng.standard_normal(n, dtype=np.float32))
    o = cp.empty(n, dtype=cp.float32)
    a = np.float32(2.0)
    blocks = (n + 255) // 256
    systems = {
        "pyjit": lambda: pj.saxpy[blocks, 256](o, x, y, a),
        "nvcc": lambda: nv.get_function("saxpy")((blocks,), (256,), (o, x, y, a, np.int32(n))),
        "torch.add": _torch_saxpy(x, y, o),
    }
    if nb:
        systems["numba-cuda"] = lambda: nb.saxpy[blocks, 256](o, x, y, a)
    out.append(("saxpy", "GB/s", 12 * n / 1e9, systems,
                lambda: np.allclose(o.get(), 2 * x.get() + y.get(), rtol=1e-5, atol=1e-5)))
    blocks4 = (n + 1023) // 1024
    systems = {
        "pyjit": lambda: pj.saxpy_ilp4[blocks4, 256](o, x, y, a),
        "nvcc": lambda: nv.get_function("saxpy_ilp4")((blocks4,), (256,), (o, x, y, a, np.int32(n))),
        "torch.add": systems["torch.add"],
    }
    if nb:
        systems["numba-cuda"] = lambda: nb.saxpy_ilp4[blocks4, 256](o, x, y, a)
    out.append(("saxpy 4/thread", "GB/s", 12 * n / 1e9, systems,
                lambda: np.allclose(o.get(), 2 * x.get() + y.get(), rtol=1e-5, atol=1e-5)))

    # 2-D 5-point stencil
    rows = cols = 8192
    g = cp.asarray(rng.standard_normal((rows, cols), dtype=np.float32))
    s = cp.zeros_like(g)
    c0, c1 = np.float32(0.5), np.float32(0.125)
    grid2 = ((cols + 31) // 32, (rows + 7) // 8)
    systems = {
        "pyjit": lambda: pj.stencil[grid2, (32, 8)](g, s, c0, c1),
        "nvcc": lambda: nv.get_function("stencil")(grid2, (32, 8),
                                                   (g, s, c0, c1, np.int32(rows), np.int32(cols))),
    }
    if nb:
        systems["numba-cuda"] = lambda: nb.stencil[grid2, (32, 8)](g, s, c0, c1)

    def check_stencil():
        h = g.get()
        want = 0.5 * h[1:-1, 1:-1] + 0.125 * (h[:-2, 1:-1] + h[2:, 1:-1] + h[1:-1, :-2] + h[1:-1, 2:])
        return np.allclose(s.get()[1:-1, 1:-1], want, rtol=1e-5, atol=1e-5)
    out.append(("stencil 5-pt", "GB/s", 8 * rows * cols / 1e9, systems, check_stencil))

    # SGEMM, 16 x 16 tiles
    m = 4096
    A = cp.asarray(rng.standard_normal((m, m), dtype=np.float32))
    B = cp.asarray(rng.standard_normal((m, m), dtype=np.float32))
    C = cp.zeros((m, m), dtype=cp.float32)
    grid_mm = (m // 16, m // 16)
    systems = {
        "pyjit": lambda: pj.sgemm[grid_mm, (16, 16)](A, B, C),
        "nvcc": lambda: nv.get_function("sgemm")(grid_mm, (16, 16), (A, B, C, np.int32(m))),
        "cuBLAS (cupy.matmul)": lambda: cp.matmul(A, B),
    }
    if nb:
        systems["numba-cuda"] = lambda: nb.sgemm[grid_mm, (16, 16)](A, B, C)

    def check_sgemm():
        want = (A[:64].astype(cp.float64) @ B.astype(cp.float64)).get()
        return np.allclose(C[:64].get(), want, rtol=1e-3, atol=1e-2)
    out.append(("sgemm 4096 tiled", "GFLOP/s", 2 * m ** 3 / 1e9, systems, check_sgemm))

    # 256-bin histogram
    nbytes = 1 << 28
    data = cp.asarray(rng.integers(0, 256, nbytes, dtype=np.uint8))
    hist = cp.zeros(256, dtype=cp.int32)
    hblocks = sms * 8
    systems = {
        "pyjit": _zeroed(hist, lambda: pj.histogram[hblocks, 256](data, hist)),
        "nvcc": _zeroed(hist, lambda: nv.get_function("histogram")(
            (hblocks,), (256,), (data, hist, np.int64(nbytes)))),
        "cupy.bincount": lambda: cp.bincount(data, minlength=256),
    }
    if nb:
        systems["numba-cuda"] = _zeroed(hist, lambda: nb.histogram[hblocks, 256](data, hist))
    counts = np.bincount(data.get(), minlength=256)
    out.append(("histogram 256", "GB/s", nbytes / 1e9, systems,
                lambda: np.array_equal(hist.get(), counts)))

    # Black-Scholes
    nopt = 1 << 24
    S = cp.asarray(rng.uniform(5.0, 30.0, nopt).astype(np.float32))
    X = cp.asarray(rng.uniform(1.0, 100.0, nopt).astype(np.float32))
    T = cp.asarray(rng.uniform(0.25, 10.0, nopt).astype(np.float32))
    call, put = cp.zeros_like(S), cp.zeros_like(S)
    ref_call, ref_put = cp.zeros_like(S), cp.zeros_like(S)
    R, V = np.float32(0.02), np.float32(0.30)
    bblocks = (nopt + 127) // 128
    nv_bs = nv.get_function("black_scholes")
    systems = {
        "pyjit": lambda: pj.black_scholes[bblocks, 128](call, put, S, X, T, R, V),
        "nvcc": lambda: nv_bs((bblocks,), (128,), (ref_call, ref_put, S, X, T, R, V,
                                                   np.int32(nopt))),
    }
    if nb:
        systems["numba-cuda"] = lambda: nb.black_scholes[bblocks, 128](call, put, S, X, T, R, V)

    def check_bs():
        pj.black_scholes[bblocks, 128](call, put, S, X, T, R, V)
        nv_bs((bblocks,), (128,), (ref_call, ref_put, S, X, T, R, V, np.int32(nopt)))
        return (np.allclose(call.get(), ref_call.get(), rtol=1e-4, atol=1e-4)
                and np.allclose(put.get(), ref_put.get(), rtol=1e-4, atol=1e-4))
    out.append(("black-scholes", "Mopt/s", nopt / 1e6, systems, check_bs))

    # Sum of 2^26 float32: warp shuffles, one atomic per block
    total = cp.zeros(1, dtype=cp.float32)
    rblocks = sms * 8
    systems = {
        "pyjit": _zeroed(total, lambda: pj.reduce_sum[rblocks, 256](x, total)),
        "nvcc": _zeroed(total, lambda: nv.get_function("reduce_sum")(
            (rblocks,), (256,), (x, total, np.int64(n)))),
        "cupy.sum": lambda: cp.sum(x),
    }
    if nb:
        systems["numba-cuda"] = _zeroed(total, lambda: nb.reduce_sum[rblocks, 256](x, total))
    xh = x.get().astype(np.float64)
    # float32 partial sums in another order than numpy's: within 1e-5 of sum(|x|)
    out.append(("sum (shuffles)", "GB/s", 4 * n / 1e9, systems,
                lambda: abs(float(total.get()[0]) - xh.sum()) <= 1e-5 * np.abs(xh).sum()))

    # Transpose of 8192 x 8192 float32 through a padded shared-memory tile
    tin = g
    tout = cp.zeros_like(g)
    grid_t = (cols // 32, rows // 32)
    systems = {
        "pyjit": lambda: pj.transpose[grid_t, (32, 8)](tin, tout),
        "nvcc": lambda: nv.get_function("transpose")(grid_t, (32, 8),
                                                     (tin, tout, np.int32(rows), np.int32(cols))),
        "cupy .T copy": lambda: cp.ascontiguousarray(tin.T),
    }
    if nb:
        systems["numba-cuda"] = lambda: nb.transpose[grid_t, (32, 8)](tin, tout)
    out.append(("transpose 8192", "GB/s", 8 * rows * cols / 1e9, systems,
                lambda: np.array_equal(tout.get(), tin.get().T)))

    # Mandelbrot, 4096 x 4096 pixels, up to 256 float32 iterations each
    side, max_iter = 4096, np.int32(256)
    pix = cp.zeros((side, side), dtype=cp.int32)
    ref_pix = cp.zeros_like(pix)
    mx0, my0 = np.float32(-2.0), np.float32(-1.5)
    step = np.float32(3.0 / side)
    grid_m = (side // 32, side // 8)
    nv_m = nv.get_function("mandelbrot")
    systems = {
        "pyjit": lambda: pj.mandelbrot[grid_m, (32, 8)](pix, mx0, my0, step, step, max_iter),
        "nvcc": lambda: nv_m(grid_m, (32, 8), (ref_pix, mx0, my0, step, step, max_iter,
                                               np.int32(side), np.int32(side))),
    }
    if nb:
        systems["numba-cuda"] = lambda: nb.mandelbrot[grid_m, (32, 8)](pix, mx0, my0, step,
                                                                       step, max_iter)

    def check_mandelbrot():
        pj.mandelbrot[grid_m, (32, 8)](pix, mx0, my0, step, step, max_iter)
        nv_m(grid_m, (32, 8), (ref_pix, mx0, my0, step, step, max_iter, np.int32(side),
                               np.int32(side)))
        # Pixels on the set's edge may part ways where one compiler contracts
        # a multiply-add into an fma and the other does not: a few per 1000.
        return float(cp.mean(pix != ref_pix)) < 5e-3
    out.append(("mandelbrot 4096", "Mpix/s", side * side / 1e6, systems, check_mandelbrot))
    return out


def _zeroed(array, launch):
    """A launch that first zeroes `array` (a kernel accumulating into it with
    atomics); the fill is timed with it, for every system alike."""
    def go():
        array.fill(0)
        launch()
    return go


def _torch_saxpy(x, y, o):
    try:
        import torch
    except ImportError:
        return None
    tx, ty, to = (torch.as_tensor(v, device="cuda") for v in (x, y, o))
    return lambda: torch.add(ty, tx, alpha=2.0, out=to)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=15)
    parser.add_argument("--only", default="")
    parser.add_argument("--no-numba", action="store_true")
    args = parser.parse_args()
    import cupy as cp
    pj = load_source("pyjit", pyjit.cuda, pyjit.float32, pyjit.int32)
    names = ("saxpy", "saxpy_ilp4", "stencil", "sgemm", "histogram", "black_scholes",
             "reduce_sum", "transpose", "mandelbrot")
    for name in names:
        setattr(pj, name, pyjit.cuda.jit(getattr(pj, name)))
    nb = None
    if not args.no_numba:
        try:
            np.row_stack = getattr(np, "row_stack", np.vstack)  # numba-cuda 0.30, numpy 2.5
            import numba
            from numba import cuda as ncuda
            nb = load_source("numba", ncuda, numba.float32, numba.int32)
            for name in names:
                setattr(nb, name, ncuda.jit(getattr(nb, name)))
        except Exception as exc:
            print("numba-cuda unavailable: %s" % exc)
    nv = nvcc_module(cp)
    sms = cp.cuda.Device().attributes["MultiProcessorCount"]
    only = set(filter(None, args.only.split(",")))
    print("%-18s %-22s %10s %12s %9s %9s %4s" % ("kernel", "system", "ms", "throughput",
                                                 "/nvcc", "/pyjit", "ok"))
    for name, unit, amount, systems, check in cases(cp, pj, nb, nv, sms):
        if only and not any(o in name for o in only):
            continue
        # Two rounds, forward then reversed, keeping each system's better
        # median: no system gains from its place in the order (clocks,
        # caches warmed by the one before).
        times = {}
        order = [k for k, v in systems.items() if v is not None]
        for round_order in (order, order[::-1]):
            for system in round_order:
                try:
                    ms = median_ms(systems[system], args.reps)
                except Exception as exc:
                    print("%-18s %-22s failed: %s" % (name, system, str(exc).splitlines()[0][:70]))
                    continue
                times[system] = min(ms, times.get(system, ms))
        times = {k: times[k] for k in order if k in times}
        # Check pyjit's result last-written (pyjit ran first: re-run it).
        systems["pyjit"]()
        cp.cuda.Device().synchronize()
        ok = check()
        for system, ms in times.items():
            rate = amount / (ms / 1e3)
            rel_nv = times["nvcc"] / ms if "nvcc" in times else float("nan")
            rel_pj = times["pyjit"] / ms if "pyjit" in times else float("nan")
            print("%-18s %-22s %10.3f %8.1f %-6s %8.2fx %8.2fx %4s" % (
                name, system, ms, rate, unit, rel_nv, rel_pj, "yes" if ok or system != "pyjit"
                else "NO"))
        print()
    print("/nvcc: the system's throughput over nvcc's (pyjit's target: >= 0.95);"
          " /pyjit: over pyjit's.")


if __name__ == "__main__":
    main()
