"""gufunc row staging benchmark: pyjit's @guvectorize kernel with one row a
thread (direct) against rows staged through shared memory (pyjit/_staging.py),
by row length, with CuPy's elementwise add of the same arrays beside.

    python bench/gufunc_rows.py [--elements 10000000] [--rows 4,16,32,100,500] [--reps 30]

For each row length m, a float32 `(n),(n)->(n)` row add of two (elements / m, m)
device arrays into a given device output: the kernel's time by CUDA events
(median of --reps after a warm-up; the call's Python is inside, the device
idle before each). Staging is switched with pyjit._ufunc._STAGED_TARGETS
(on by default on the GPU for rows of 128 bytes or more); a row length it does
not stage gives the same time in both columns. Ratios are over the direct
kernel's time (< 1: faster). Every result is checked against numpy's.
"""
import argparse

import numpy as np

from _common import event_median_ms, print_notes


def row_add(a, b, out):
    for j in range(a.shape[0]):
        out[j] = a[j] + b[j]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--elements", type=int, default=10_000_000)
    parser.add_argument("--rows", default="4,16,32,100,500", help="row lengths m")
    parser.add_argument("--reps", type=int, default=30)
    args = parser.parse_args()

    from pyjit import _ufunc, cuda, guvectorize
    gufunc = guvectorize(["void(float32[:], float32[:], float32[:])"], "(n),(n)->(n)",
                         target="cuda")(row_add)
    missing = []
    try:
        import cupy
    except Exception as exc:  # not installed, or no driver for it
        cupy = None
        missing.append("cupy: %s" % exc)
    rng = np.random.default_rng(0)
    print("%-8s %-10s %12s %12s %10s %10s %4s" % ("m", "rows", "direct µs", "staged µs",
                                                "cupy µs", "staged/d", "ok"))
    for m in (int(v) for v in args.rows.split(",")):
        n = args.elements // m
        a = rng.random((n, m), dtype=np.float32)
        b = rng.random((n, m), dtype=np.float32)
        da, db = cuda.to_device(a), cuda.to_device(b)
        out = cuda.device_array_like(da)
        times, ok = [], True
        for targets in ((), ("cuda",)):
            _ufunc._STAGED_TARGETS = targets
            gufunc._plans.clear()
            times.append(1000 * event_median_ms(lambda: gufunc(da, db, out=out), args.reps))
            ok = ok and np.array_equal(out.copy_to_host(), a + b)
        _ufunc._STAGED_TARGETS = ("cuda",)
        peer = float("nan")
        if cupy is not None:
            ca, cb = cupy.asarray(a), cupy.asarray(b)
            co = cupy.empty_like(ca)
            peer = 1000 * event_median_ms(lambda: cupy.add(ca, cb, out=co), args.reps)
        print("%-8d %-10d %12.1f %12.1f %10.1f %10.2f %4s"
              % (m, n, times[0], times[1], peer, times[1] / times[0], "yes" if ok else "NO"))
    print_notes(missing, ["float32 (n),(n)->(n) row add into a given device output, %d elements"
                          % args.elements,
                          "staged: rows of 128 bytes or more (m >= 32 here), 64 rows a block "
                          "of 256 threads (32 when 64 do not fit 48 KiB of shared memory)"])


if __name__ == "__main__":
    main()
