"""saxpy benchmark: pyjit against numba-cuda, CuPy, PyTorch and Triton, side by side.

    python bench/saxpy.py [--n 67108864] [--launches 20000]

Measures, for each peer present on the machine:
  * first-compile latency of a fresh saxpy kernel (first call minus a cached call), ms;
  * launch overhead: wall time per launch of a 1-element kernel from Python, µs
    (median of 5 runs of --launches launches each, synchronised once per run);
  * saxpy on --n float32 values: kernel time (CUDA events, median of 50), and
    effective bandwidth counting 12 bytes per element.
Prints one table with medians and the ratio of each peer to pyjit.
"""
import argparse
import statistics
import time

import numpy as np

from _common import event_median_ms


def median_ms(fn, sync, reps=50):
    return event_median_ms(fn, reps, sync)


def first_compile_ms(launch, sync):
    """The first call minus a second, cached one: compile (and load) time, ms."""
    t0 = time.perf_counter()
    launch()
    sync()
    first = time.perf_counter() - t0
    t0 = time.perf_counter()
    launch()
    sync()
    return (first - (time.perf_counter() - t0)) * 1e3


def launch_us(fn, sync, launches):
    fn()
    sync()
    runs = []
    for _ in range(5):
        t0 = time.perf_counter()
        for _ in range(launches):
            fn()
        sync()
        runs.append((time.perf_counter() - t0) / launches * 1e6)
    return statistics.median(runs)


def bench_pyjit(n, launches, x, y):
    from pyjit import cuda

    def make():
        @cuda.jit
        def saxpy(a, x, y, out):
            i = cuda.grid(1)
            if i < out.size:
                out[i] = a * x[i] + y[i]
        return saxpy

    dx, dy = cuda.to_device(x), cuda.to_device(y)
    dout = cuda.device_array(n, dtype=np.float32)
    a = np.float32(2.0)
    blocks = (n + 255) // 256
    k = make()
    compile_ms = first_compile_ms(lambda: k[blocks, 256](a, dx, dy, dout), cuda.synchronize)
    small = cuda.device_array(1, dtype=np.float32)
    lat = launch_us(lambda: k[1, 32](a, small, small, small), cuda.synchronize, launches)
    ms = median_ms(lambda: k[blocks, 256](a, dx, dy, dout), cuda.synchronize)
    ok = np.allclose(dout.copy_to_host(), a * x + y, rtol=1e-6, atol=1e-6)
    return {"compile_ms": compile_ms, "launch_us": lat, "kernel_ms": ms, "ok": ok}


def bench_numba(n, launches, x, y, cupy_arrays=False):
    np.row_stack = getattr(np, "row_stack", np.vstack)  # numba-cuda 0.30 with numpy 2.5
    from numba import cuda

    @cuda.jit
    def saxpy(a, x, y, out):
        i = cuda.grid(1)
        if i < out.size:
            out[i] = a * x[i] + y[i]

    if cupy_arrays:
        import cupy as cp
        dx, dy = cp.asarray(x), cp.asarray(y)
        dout = cp.empty(n, dtype=cp.float32)
        small = cp.empty(1, dtype=cp.float32)
    else:
        dx, dy = cuda.to_device(x), cuda.to_device(y)
        dout = cuda.device_array(n, dtype=np.float32)
        small = cuda.device_array(1, dtype=np.float32)
    a = np.float32(2.0)
    blocks = (n + 255) // 256
    compile_ms = first_compile_ms(lambda: saxpy[blocks, 256](a, dx, dy, dout), cuda.synchronize)
    lat = launch_us(lambda: saxpy[1, 32](a, small, small, small), cuda.synchronize, launches)
    ms = median_ms(lambda: saxpy[blocks, 256](a, dx, dy, dout), cuda.synchronize)
    out = dout.get() if cupy_arrays else dout.copy_to_host()
    return {"compile_ms": compile_ms, "launch_us": lat, "kernel_ms": ms,
            "ok": np.allclose(out, a * x + y, rtol=1e-6, atol=1e-6)}


def bench_cupy(n, launches, x, y):
    import cupy as cp
    src = r'''
    extern "C" __global__ void saxpy(float a, const float* x, const float* y, float* out, long long n) {
        long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
        if (i < n) out[i] = a * x[i] + y[i];
    }'''
    dx, dy = cp.asarray(x), cp.asarray(y)
    dout = cp.empty(n, dtype=cp.float32)
    small = cp.empty(1, dtype=cp.float32)
    a = np.float32(2.0)
    blocks = (n + 255) // 256
    k = cp.RawKernel(src, "saxpy")  # compiles at its first launch
    sync = cp.cuda.Device().synchronize
    compile_ms = first_compile_ms(lambda: k((blocks,), (256,), (a, dx, dy, dout, np.int64(n))),
                                  sync)
    lat = launch_us(lambda: k((1,), (32,), (a, small, small, small, np.int64(1))), sync, launches)
    ms = median_ms(lambda: k((blocks,), (256,), (a, dx, dy, dout, np.int64(n))), sync)
    return {"compile_ms": compile_ms, "launch_us": lat, "kernel_ms": ms,
            "ok": np.allclose(dout.get(), a * x + y, rtol=1e-6, atol=1e-6)}


def bench_torch(n, launches, x, y):
    import torch
    dx, dy = torch.from_numpy(x).cuda(), torch.from_numpy(y).cuda()
    dout = torch.empty(n, dtype=torch.float32, device="cuda")
    small = torch.empty(1, dtype=torch.float32, device="cuda")
    sync = torch.cuda.synchronize
    lat = launch_us(lambda: torch.add(small, small, alpha=2.0, out=small), sync, launches)
    ms = median_ms(lambda: torch.add(dy, dx, alpha=2.0, out=dout), sync)
    return {"compile_ms": float("nan"), "launch_us": lat, "kernel_ms": ms,
            "ok": np.allclose(dout.cpu().numpy(), 2.0 * x + y, rtol=1e-6, atol=1e-6)}


def bench_triton(n, launches, x, y):
    import torch
    import triton
    import triton.language as tl

    @triton.jit
    def saxpy(a, x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        mask = offs < n
        tl.store(out_ptr + offs, a * tl.load(x_ptr + offs, mask=mask) + tl.load(y_ptr + offs, mask=mask),
                 mask=mask)

    dx, dy = torch.from_numpy(x).cuda(), torch.from_numpy(y).cuda()
    dout = torch.empty(n, dtype=torch.float32, device="cuda")
    small = torch.empty(1, dtype=torch.float32, device="cuda")
    block = 1024
    grid = (triton.cdiv(n, block),)
    compile_ms = first_compile_ms(lambda: saxpy[grid](2.0, dx, dy, dout, n, BLOCK=block),
                                  torch.cuda.synchronize)
    sync = torch.cuda.synchronize
    lat = launch_us(lambda: saxpy[(1,)](2.0, small, small, small, 1, BLOCK=block), sync, launches)
    ms = median_ms(lambda: saxpy[grid](2.0, dx, dy, dout, n, BLOCK=block), sync)
    return {"compile_ms": compile_ms, "launch_us": lat, "kernel_ms": ms,
            "ok": np.allclose(dout.cpu().numpy(), 2.0 * x + y, rtol=1e-6, atol=1e-6)}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=1 << 26)
    parser.add_argument("--launches", type=int, default=20000)
    args = parser.parse_args()
    rng = np.random.default_rng(0)
    x = rng.standard_normal(args.n, dtype=np.float32)
    y = rng.standard_normal(args.n, dtype=np.float32)
    peers = [("pyjit", bench_pyjit), ("numba-cuda", bench_numba),
             ("numba-cuda (CuPy arrays)", lambda *a: bench_numba(*a, cupy_arrays=True)),
             ("CuPy RawKernel", bench_cupy), ("torch.add", bench_torch),
             ("Triton", bench_triton)]
    results = {}
    for name, fn in peers:
        try:
            results[name] = fn(args.n, args.launches, x, y)
        except Exception as exc:  # a peer missing on this machine
            results[name] = {"error": "%s: %s" % (type(exc).__name__, str(exc).splitlines()[0][:60])}
    base = results["pyjit"]
    gbytes = 12 * args.n / 1e9
    print("saxpy, n=%d float32; launch overhead with a 1-element kernel, %d launches x 5"
          % (args.n, args.launches))
    print("%-26s %12s %12s %11s %10s %8s %8s %4s" % (
        "peer", "compile ms", "launch us", "kernel ms", "GB/s", "launch/", "kernel/", "ok"))
    print("%-26s %12s %12s %11s %10s %8s %8s %4s" % ("", "", "", "", "", "pyjit", "pyjit", ""))
    for name, r in results.items():
        if "error" in r:
            print("%-26s n/a (%s)" % (name, r["error"]))
            continue
        print("%-26s %12.1f %12.2f %11.4f %10.0f %8.2f %8.2f %4s" % (
            name, r["compile_ms"], r["launch_us"], r["kernel_ms"], gbytes / (r["kernel_ms"] * 1e-3),
            r["launch_us"] / base["launch_us"], r["kernel_ms"] / base["kernel_ms"],
            "yes" if r["ok"] else "NO"))


if __name__ == "__main__":
    main()
