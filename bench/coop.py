"""pyjit.coop against CUB (through CuPy) and hand-written code, side by side.

    python bench/coop.py [--log2n 28] [--reps 20]

Measures, on the GPU, kernel time with CUDA events (median of --reps after a
warm-up), for each system present:
  * sum of 2^log2n float32: pyjit's grid-stride loop + coop.block.sum + one
    atomic per block; cupy.sum (CuPy's default accelerators); numba-cuda with the
    hand-written shared-memory tree of its documentation;
  * inclusive scan of 2^log2n int32: pyjit reduce-then-scan with coop block
    primitives (three passes over tiles); cupy.cumsum with an int32 result;
  * warp reduce in a kernel: one sum per warp of 2^(log2n-2) float32 with
    coop.warp.sum against the same kernel with five hand-written
    cuda.shfl_down_sync steps.
  * tile loads and stores: y = x + 1 over 2^log2n float32 in tiles of 256 x 8,
    for each of coop.block's load/store arrangements, against cupy.add;
  * block radix sort of 2^24 uint32 keys in tiles of 256 x 8 with
    coop.block.load/radix_sort/store, against cupy.sort of the same tiles
    (axis=1).
Prints one table: ms, GB/s (bytes read + written once), and the ratio of
each system's throughput to the reference of its row group.
"""
import argparse
import math

import numpy as np

import pyjit  # before CuPy and PyTorch (static TLS, see pyjit/__init__.py)
from pyjit import coop, cuda

from _common import event_median_ms

THREADS = 256
ITEMS = 16  # scan: items per thread per tile


def median_ms(fn, reps):
    return event_median_ms(fn, reps)


@cuda.jit("void(float32[::1], float32[::1])")
def pyjit_sum(x, out):
    acc = np.float32(0)
    for i in range(cuda.grid(1), x.size, cuda.gridsize(1)):
        acc += x[i]
    total = coop.block.sum(acc)
    if cuda.threadIdx.x == 0:
        cuda.atomic.add(out, 0, total)


@cuda.jit("void(int32[::1], int32[::1])")
def scan_tile_sums(x, sums):
    # Pass 1: each block sums one tile of THREADS * ITEMS values.
    base = cuda.blockIdx.x * THREADS * ITEMS
    acc = 0
    for k in range(ITEMS):
        acc += x[base + k * THREADS + cuda.threadIdx.x]
    total = coop.block.sum(np.int32(acc))
    if cuda.threadIdx.x == 0:
        sums[cuda.blockIdx.x] = total


@cuda.jit("void(int32[::1])")
def scan_tile_offsets(sums):
    # Pass 2: one block turns the tile sums into exclusive offsets, in place.
    running = np.int32(0)
    for start in range(0, sums.size, cuda.blockDim.x):
        i = start + cuda.threadIdx.x
        v = sums[i] if i < sums.size else np.int32(0)
        prefix, total = coop.block.exclusive_sum_with_aggregate(v)
        if i < sums.size:
            sums[i] = prefix + running
        running += total


@cuda.jit("void(int32[::1], int32[::1], int32[::1])")
def scan_tiles(x, offsets, out):
    # Pass 3: each block scans its tile (coalesced rows of THREADS values).
    base = cuda.blockIdx.x * THREADS * ITEMS
    running = offsets[cuda.blockIdx.x]
    for k in range(ITEMS):
        i = base + k * THREADS + cuda.threadIdx.x
        s, total = coop.block.inclusive_sum_with_aggregate(x[i])
        out[i] = s + running
        running += total


SORT_ITEMS = 8  # radix sort: keys per thread; a tile is THREADS * SORT_ITEMS keys
COPY_ITEMS = 8  # tile loads and stores: float32 items per thread


def make_tile_copy(load, store):
    """y = x + 1 through tiles of THREADS x COPY_ITEMS moved by coop.block's `load`
    and `store` (captured: the same kernel body for every arrangement)."""
    @cuda.jit("void(float32[::1], float32[::1])", launch_bounds=THREADS)
    def tile_copy(x, y):
        items = cuda.local.array(COPY_ITEMS, np.float32)
        start = cuda.blockIdx.x * THREADS * COPY_ITEMS
        load(x, items, start)
        for k in range(COPY_ITEMS):
            items[k] += 1
        store(y, items, start)
    return tile_copy


@cuda.jit("void(float32[::1], float32[::1])")
def add_one(x, y):
    i = cuda.grid(1)
    if i < x.size:
        y[i] = x[i] + 1


# y = x + 1 through tiles of THREADS x COPY_ITEMS, one kernel per arrangement.
TILE_COPIES = [
    ("load/store (blocked, direct)", make_tile_copy(coop.block.load, coop.block.store)),
    ("load_striped/store_striped", make_tile_copy(coop.block.load_striped,
                                                  coop.block.store_striped)),
    ("load_vectorized/store_vectorized", make_tile_copy(coop.block.load_vectorized,
                                                        coop.block.store_vectorized)),
    ("load/store_warp_transposed", make_tile_copy(coop.block.load_warp_transposed,
                                                  coop.block.store_warp_transposed)),
]


@cuda.jit("void(uint32[::1])")
def sort_tiles(x):
    keys = cuda.local.array(SORT_ITEMS, np.uint32)
    temp = cuda.shared.array(THREADS * SORT_ITEMS, np.uint32)
    start = cuda.blockIdx.x * THREADS * SORT_ITEMS
    coop.block.load(x, keys, start)
    coop.block.radix_sort(keys, temp)
    coop.block.store(x, keys, start)


@cuda.jit("void(float32[::1], float32[::1])")
def warp_sum_coop(x, out):
    i = cuda.grid(1)
    s = coop.warp.sum(x[i])
    if cuda.laneid == 0:
        out[i // 32] = s


@cuda.jit("void(float32[::1], float32[::1])")
def warp_sum_shfl(x, out):
    i = cuda.grid(1)
    s = x[i]
    s += cuda.shfl_down_sync(0xffffffff, s, 16)
    s += cuda.shfl_down_sync(0xffffffff, s, 8)
    s += cuda.shfl_down_sync(0xffffffff, s, 4)
    s += cuda.shfl_down_sync(0xffffffff, s, 2)
    s += cuda.shfl_down_sync(0xffffffff, s, 1)
    if cuda.laneid == 0:
        out[i // 32] = s


def numba_sum_kernel():
    np.row_stack = np.vstack  # numba-cuda 0.30 with numpy 2.x
    from numba import cuda as ncuda, float32

    @ncuda.jit
    def tree_sum(x, out):
        buf = ncuda.shared.array(256, float32)
        tid = ncuda.threadIdx.x
        acc = float32(0)
        i = ncuda.grid(1)
        while i < x.size:
            acc += x[i]
            i += ncuda.gridsize(1)
        buf[tid] = acc
        ncuda.syncthreads()
        s = 128
        while s > 0:
            if tid < s:
                buf[tid] += buf[tid + s]
            ncuda.syncthreads()
            s //= 2
        if tid == 0:
            ncuda.atomic.add(out, 0, buf[0])
    return ncuda, tree_sum


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--log2n", type=int, default=28)
    parser.add_argument("--reps", type=int, default=20)
    args = parser.parse_args()
    n = 1 << args.log2n
    if cuda.is_available():
        dev = cuda.get_current_device()
        name, blocks = dev.name, dev.MULTIPROCESSOR_COUNT * 8
    else:  # a smoke run on the CPU backend
        name, blocks = "pyjit's CPU backend (no GPU)", 8
    rows, notes = [], []

    def row(group, system, ms, nbytes, ok, ref=None):
        rows.append([group, system, ms, nbytes / ms / 1e6 if ms else None, ok, ref])

    # -- sum ------------------------------------------------------------------------
    rng = np.random.default_rng(0)
    xf = rng.integers(0, 4, size=n).astype(np.float32)  # exact in float32 below 2^24 per thread
    dx = cuda.to_device(xf)
    dout = cuda.device_array(1, np.float32)
    want = float(xf.astype(np.float64).sum())

    def run_pyjit():
        dout.copy_to_device(np.zeros(1, np.float32))
        pyjit_sum[blocks, THREADS](dx, dout)
    ms = median_ms(run_pyjit, args.reps)
    got = float(dout.copy_to_host()[0])
    row("sum f32", "pyjit coop.block.sum + atomic", ms, 4 * n, abs(got - want) <= 1e-6 * want)
    try:
        import cupy as cp
        cx = cp.asarray(xf)
        res = [None]

        def run_cupy():
            res[0] = cx.sum()
        ms = median_ms(run_cupy, args.reps)
        row("sum f32", "cupy.sum", ms, 4 * n,
            abs(float(res[0]) - want) <= 1e-6 * want, ref=True)
    except Exception as exc:  # CuPy missing or failing
        notes.append("cupy.sum: %s: %s" % (type(exc).__name__, exc))
    try:
        ncuda, tree_sum = numba_sum_kernel()
        nx = ncuda.to_device(xf)
        nout = ncuda.device_array(1, np.float32)

        def run_numba():
            nout.copy_to_device(np.zeros(1, np.float32))
            tree_sum[blocks, THREADS](nx, nout)
        ms = median_ms(run_numba, args.reps)
        row("sum f32", "numba-cuda shared-memory tree", ms, 4 * n,
            abs(float(nout.copy_to_host()[0]) - want) <= 1e-6 * want)
    except Exception as exc:
        notes.append("numba-cuda: %s: %s" % (type(exc).__name__, exc))

    # -- inclusive scan --------------------------------------------------------------
    xi = rng.integers(0, 3, size=n).astype(np.int32)
    tile = THREADS * ITEMS
    ntiles = n // tile
    di = cuda.to_device(xi)
    dsums = cuda.device_array(ntiles, np.int32)
    dscan = cuda.device_array(n, np.int32)

    def run_scan():
        scan_tile_sums[ntiles, THREADS](di, dsums)
        scan_tile_offsets[1, 1024](dsums)
        scan_tiles[ntiles, THREADS](di, dsums, dscan)
    ms = median_ms(run_scan, args.reps)
    want_scan = np.cumsum(xi, dtype=np.int64).astype(np.int32)  # wraps as int32 does
    row("scan i32", "pyjit coop.block scans, 3 passes", ms, 8 * n,
        np.array_equal(dscan.copy_to_host(), want_scan))
    try:
        import cupy as cp
        ci = cp.asarray(xi)
        res = [None]

        def run_cumsum():
            # int32 out: NumPy's rule would accumulate int32 into int64,
            # writing twice the bytes.
            res[0] = cp.cumsum(ci, dtype=cp.int32)
        ms = median_ms(run_cumsum, args.reps)
        row("scan i32", "cupy.cumsum(dtype=int32)", ms, 8 * n,
            np.array_equal(cp.asnumpy(res[0]).astype(np.int32), want_scan), ref=True)
    except Exception as exc:
        notes.append("cupy.cumsum: %s: %s" % (type(exc).__name__, exc))

    # -- warp reduce ---------------------------------------------------------------------
    m = n // 4
    dw = cuda.to_device(xf[:m])
    dwout = cuda.device_array(m // 32, np.float32)
    want_w = xf[:m].reshape(-1, 32).sum(axis=1)
    ms = median_ms(lambda: warp_sum_shfl[m // THREADS, THREADS](dw, dwout), args.reps)
    row("warp sum f32", "hand-written shfl_down_sync x5", ms, 4 * m,
        np.array_equal(dwout.copy_to_host(), want_w), ref=True)
    ms = median_ms(lambda: warp_sum_coop[m // THREADS, THREADS](dw, dwout), args.reps)
    row("warp sum f32", "pyjit coop.warp.sum", ms, 4 * m,
        np.array_equal(dwout.copy_to_host(), want_w))

    # -- tile loads and stores: y = x + 1 -------------------------------------------------
    tile = THREADS * COPY_ITEMS
    c = n // tile * tile
    dcx, dcy = cuda.to_device(xf[:c]), cuda.device_array(c, np.float32)
    want_c = xf[:c] + np.float32(1)
    try:
        import cupy as cp
        cx, cy = cp.asarray(xf[:c]), cp.empty(c, cp.float32)
        ms = median_ms(lambda: cp.add(cx, np.float32(1), out=cy), args.reps)
        row("tile copy f32", "cupy.add(x, 1, out=y)", ms, 8 * c,
            np.array_equal(cp.asnumpy(cy), want_c), ref=True)
        del cx, cy
    except Exception as exc:
        notes.append("cupy.add: %s: %s" % (type(exc).__name__, exc))
    ms = median_ms(lambda: add_one[c // THREADS, THREADS](dcx, dcy), args.reps)
    row("tile copy f32", "pyjit, one element per thread (no tile)", ms, 8 * c,
        np.array_equal(dcy.copy_to_host(), want_c))
    for label, kernel in TILE_COPIES:
        ms = median_ms(lambda: kernel[c // tile, THREADS](dcx, dcy), args.reps)
        row("tile copy f32", "pyjit " + label, ms, 8 * c,
            np.array_equal(dcy.copy_to_host(), want_c))
    del dcx, dcy

    # -- block radix sort of tiles -------------------------------------------------------
    s = min(n, 1 << 24)
    tile = THREADS * SORT_ITEMS
    keys = rng.integers(0, 2 ** 32, size=s, dtype=np.uint32)
    want_sorted = np.sort(keys.reshape(-1, tile), axis=1).ravel()
    dsrc = cuda.to_device(keys)
    dkeys = cuda.device_array(s, np.uint32)

    def run_sort():
        dkeys.copy_to_device(dsrc)  # device to device: the unsorted keys again
        sort_tiles[s // tile, THREADS](dkeys)
    ms = median_ms(run_sort, args.reps)
    row("sort u32 tiles", "pyjit coop.block.radix_sort (+d2d copy)", ms, 8 * s,
        np.array_equal(dkeys.copy_to_host(), want_sorted))
    try:
        import cupy as cp
        ck = cp.asarray(keys).reshape(-1, tile)
        res = [None]

        def run_cupy_sort():
            res[0] = cp.sort(ck, axis=1)
        ms = median_ms(run_cupy_sort, args.reps)
        row("sort u32 tiles", "cupy.sort(tiles, axis=1)", ms, 8 * s,
            np.array_equal(cp.asnumpy(res[0]).ravel(), want_sorted), ref=True)
    except Exception as exc:
        notes.append("cupy.sort: %s: %s" % (type(exc).__name__, exc))
    notes.append("sort: tiles of %d keys (%d threads x %d); pyjit's time includes a "
                 "device-to-device copy of the unsorted keys (%d MB); its sort ranks 2 key "
                 "bits per pass with packed 16-bit digit counters" % (tile, THREADS, SORT_ITEMS, 4 * s >> 20))

    # -- table -----------------------------------------------------------------------
    print("pyjit.coop on %s, n = 2^%d (%d); kernel time by CUDA events, median of %d"
          % (name, args.log2n, n, args.reps))
    print("%-14s %-34s %10s %10s %10s %4s" % ("", "system", "ms", "GB/s", "/ref", "ok"))
    print("-" * 88)
    refs = {r[0]: r[2] for r in rows if r[5]}
    for group, system, ms, gbs, ok, ref in rows:
        ratio = refs[group] / ms if group in refs and ms else float("nan")
        print("%-14s %-34s %10.3f %10.1f %9.2fx %4s" % (group, system, ms, gbs or math.nan,
                                                         ratio, "yes" if ok else "NO"))
    print("\n/ref: throughput over the row group's reference (CuPy, with its default "
          "accelerators, for sum, scan, tile copy and sort; the hand-written shuffles for the "
          "warp sum).")
    for note in notes:
        print("note:", note)


if __name__ == "__main__":
    main()
