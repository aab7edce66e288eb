"""Tiled matrix multiply C = A @ B in float32 with shared memory.

Each block of TPB x TPB threads computes one TPB x TPB tile of C: it walks
along the shared dimension one tile at a time, staging a tile of A and a
tile of B in shared memory (cuda.shared.array((TPB, TPB), float32)) between
two cuda.syncthreads(), so every element of A and B is read from global
memory once per tile instead of once per product. Sizes need not be
multiples of TPB: out-of-range tile elements are loaded as zeros and
out-of-range outputs are not written. The inputs are random (numpy's
default_rng, seed 0); the result is checked against numpy's `a @ b` computed
in float64, to float32 accumulation tolerance.

    python examples/matmul.py [--m 2050 --k 1500 --n 2100]
    pyjitc examples/matmul.py --emit=ptx   # PTX only, no GPU needed

Without a GPU the kernel runs on pyjit's CPU backend, with smaller defaults.
Time: kernel launches between cuda.event() pairs, median of --repeats.
"""
import argparse
import math
import sys

import numpy as np

from pyjit import cuda, float32

TPB = 16  # threads per block side, and the tile side


@cuda.jit("void(float32[:, ::1], float32[:, ::1], float32[:, ::1])")
def matmul_tiled(a, b, c):
    sa = cuda.shared.array((TPB, TPB), float32)
    sb = cuda.shared.array((TPB, TPB), float32)
    tx = cuda.threadIdx.x  # column within the tile (the contiguous axis)
    ty = cuda.threadIdx.y  # row within the tile
    col = cuda.blockIdx.x * TPB + tx
    row = cuda.blockIdx.y * TPB + ty
    m, k = a.shape
    n = b.shape[1]

    acc = float32(0.0)
    for t in range((k + TPB - 1) // TPB):
        # Stage one tile of A and one of B; zeros pad the ragged edges.
        ka = t * TPB + tx
        kb = t * TPB + ty
        if row < m and ka < k:
            sa[ty, tx] = a[row, ka]
        else:
            sa[ty, tx] = 0.0
        if kb < k and col < n:
            sb[ty, tx] = b[kb, col]
        else:
            sb[ty, tx] = 0.0
        cuda.syncthreads()  # the tiles are complete
        for e in range(TPB):
            acc += sa[ty, e] * sb[e, tx]
        cuda.syncthreads()  # every thread is done with them before the next load
    if row < m and col < n:
        c[row, col] = acc


def reference(a, b):
    """a @ b in float64."""
    return a.astype(np.float64) @ b.astype(np.float64)


def main(argv=None):
    gpu = cuda.is_available()
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--m", type=int, default=2050 if gpu else 200, help="rows of A and C")
    parser.add_argument("--k", type=int, default=1500 if gpu else 150,
                        help="columns of A, rows of B")
    parser.add_argument("--n", type=int, default=2100 if gpu else 170, help="columns of B and C")
    parser.add_argument("--repeats", type=int, default=10 if gpu else 3)
    args = parser.parse_args(argv)

    rng = np.random.default_rng(0)
    a = rng.standard_normal((args.m, args.k), dtype=np.float32)
    b = rng.standard_normal((args.k, args.n), dtype=np.float32)
    d_a, d_b = cuda.to_device(a), cuda.to_device(b)
    d_c = cuda.device_array((args.m, args.n), dtype=np.float32)
    block = (TPB, TPB)
    grid = (math.ceil(args.n / TPB), math.ceil(args.m / TPB))

    matmul_tiled[grid, block](d_a, d_b, d_c)  # compiles, then launches
    cuda.synchronize()
    where = "GPU" if matmul_tiled.target == "cuda" else "CPU backend"
    start, stop = cuda.event(), cuda.event()
    times = []
    for _ in range(args.repeats):
        start.record()
        matmul_tiled[grid, block](d_a, d_b, d_c)
        stop.record()
        stop.synchronize()
        times.append(start.elapsed_time(stop))
    c = d_c.copy_to_host()

    ref = reference(a, b)
    err = float(np.max(np.abs(c - ref)))
    # float32 accumulation of k products: 4 sqrt(k) eps times the largest
    # sum of |a| |b| (the worst case, k eps, is far too loose for random signs).
    scale = float(np.max(np.abs(a).astype(np.float64) @ np.abs(b).astype(np.float64)))
    tol = 4.0 * math.sqrt(args.k) * float(np.finfo(np.float32).eps) * scale
    ms = float(np.median(times))
    gflops = 2.0 * args.m * args.n * args.k / (ms * 1e-3) / 1e9
    print("matmul (%d x %d) @ (%d x %d), tile %d, on the %s: max abs error %.3g (tolerance %.3g)"
          % (args.m, args.k, args.k, args.n, TPB, where, err, tol))
    print("matmul: kernel %.3f ms (cuda.event, median of %d), %.1f GFLOP/s"
          % (ms, len(times), gflops))
    ok = err <= tol
    print("matmul: %s" % ("OK" if ok else "MISMATCH"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
