"""cuda.reduce benchmark: pyjit's against numba-cuda's, with CuPy's and torch's sum beside.

    python bench/reduce.py [--sizes 1000,1000000,100000000]

For each size, an int32 sum of device-resident data (values 0..16: every
sum fits int32, so every system's must equal numpy's): the wall time of one call,
which returns the result on the host (median of 20 calls after a warm-up),
in µs, and the effective bandwidth counting 4 bytes an element. pyjit's
cuda.reduce combines in numba-cuda's order (python/pyjit/_reduce.py): at most
64 blocks of 128 threads and one for the rest, in one launch whose last
block combines the blocks' results, then a copy of the result to the host; CuPy's and torch's sums are their own reduction kernels, shown as what
a library reduction reaches. Ratios are over pyjit's time (> 1: slower than
pyjit).
"""
import argparse
import statistics
import time

import numpy as np

from _common import print_notes


def wall_us(fn, reps=20):
    fn()
    runs = []
    for _ in range(reps):
        t0 = time.perf_counter()
        fn()
        runs.append((time.perf_counter() - t0) * 1e6)
    return statistics.median(runs)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="1000,1000000,100000000")
    args = ap.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    rows, missing = [], []

    from pyjit import cuda
    pj_sum = cuda.reduce(lambda a, b: a + b)
    peers = [("pyjit cuda.reduce", lambda host: (cuda.to_device(host),
                                                 lambda d: int(pj_sum(d))))]
    try:
        np.row_stack = np.vstack  # (numba-cuda 0.30 reads it; NumPy 2.x dropped it)
        from numba import cuda as ncuda
        nb_sum = ncuda.reduce(lambda a, b: a + b)
        peers.append(("numba-cuda cuda.reduce", lambda host: (ncuda.to_device(host),
                                                              lambda d: int(nb_sum(d)))))
    except Exception as exc:  # not installed, or no driver for it
        missing.append("numba-cuda: %s" % exc)
    try:
        import cupy
        peers.append(("cupy sum", lambda host: (cupy.asarray(host), lambda d: int(d.sum()))))
    except Exception as exc:
        missing.append("cupy: %s" % exc)
    try:
        import torch
        if torch.cuda.is_available():
            peers.append(("torch sum", lambda host: (torch.from_numpy(host).cuda(),
                                                     lambda d: int(d.sum()))))
        else:
            missing.append("torch: no CUDA device")
    except Exception as exc:
        missing.append("torch: %s" % exc)

    for n in sizes:
        host = (np.arange(n) % 17).astype(np.int32)
        want = int(host.sum(dtype=np.int64))
        base = None
        for name, make in peers:
            data, call = make(host)
            got = call(data)
            us = wall_us(lambda: call(data))
            base = base if base is not None else us
            rows.append((n, name, us, n * 4 / us / 1e3, us / base, got == want))
    print("%-11s %-24s %12s %12s %8s %6s" % ("n", "system", "median µs", "GB/s", "/pyjit",
                                           "exact"))
    for n, name, us, gbs, ratio, exact in rows:
        print("%-11d %-24s %12.1f %12.1f %8.2f %6s" % (n, name, us, gbs, ratio,
                                                      "yes" if exact else "NO"))
    print_notes(missing, ["wall time of one call returning the sum on the host; data on the "
                          "device already", "exact: equal to numpy's int64 sum of the "
                          "same values"])


if __name__ == "__main__":
    main()
