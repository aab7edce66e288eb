"""Z-score normalisation of a real data set's feature columns on the GPU.

The data are one of scikit-learn's bundled data sets (CSV files inside the
scikit-learn wheel, nothing is downloaded): by default the Wisconsin breast
cancer data (569 samples x 30 features); also wine, iris and digits (whose
blank border pixels give columns of zero variance). --repeat R stacks R
copies of the rows (np.tile) for a workload worth a GPU; the means and
standard deviations do not change.

Two passes, as a numerically careful CPU code would do it, then one more:
  1. column_sums: per-column sums; each block reduces its rows in shared
     memory, then adds one partial sum per column with cuda.atomic.add;
  2. column_sq_dev: the same for the squared deviations from the mean
     (sums[j] / n), which avoids the cancellation of sum(x^2) - n mean^2;
  3. normalize: out = (x - mean) / std with the population std (ddof=0, as
     numpy's std and sklearn's StandardScaler); a zero-variance column is
     only centred (StandardScaler's rule).
The result is checked against numpy and against
sklearn.preprocessing.StandardScaler, to float64 tolerance (the atomics
add the partial sums in an unspecified order).

    python examples/normalize.py [--dataset breast_cancer|wine|iris|digits] [--repeat 2000]
    pyjitc examples/normalize.py --emit=ptx --sig 'column_sums(float64[:, ::1], float64[::1])'

Needs scikit-learn (pip install scikit-learn); without it, it says so and
exits with status 2. Without a GPU the kernels run on pyjit's CPU backend,
with a smaller default. Time: the three kernels between one cuda.event()
pair, median of --repeats-timed; and the wall time of the whole pipeline
(copy in, three kernels, copy out).
"""
import argparse
import math
import sys
import time

import numpy as np

from pyjit import cuda, float64

BX, BY = 32, 8  # a block: 32 columns x 8 rows
MAX_ROW_BLOCKS = 1024


@cuda.jit(device=True)
def add_block_partials(partial, acc, out, col):
    """Adds the block's BY per-thread sums of column `col` into out[col]:
    one shared-memory reduction, then one global atomic per column."""
    tx = cuda.threadIdx.x
    ty = cuda.threadIdx.y
    partial[ty, tx] = acc
    cuda.syncthreads()
    if ty == 0 and col < out.size:
        total = 0.0
        for k in range(BY):
            total += partial[k, tx]
        cuda.atomic.add(out, col, total)


@cuda.jit("void(float64[:, ::1], float64[::1])")
def column_sums(X, sums):
    partial = cuda.shared.array((BY, BX), float64)
    n, m = X.shape
    col = cuda.blockIdx.x * BX + cuda.threadIdx.x
    acc = 0.0
    if col < m:
        for r in range(cuda.blockIdx.y * BY + cuda.threadIdx.y, n, cuda.gridDim.y * BY):
            acc += X[r, col]
    add_block_partials(partial, acc, sums, col)


@cuda.jit("void(float64[:, ::1], float64[::1], float64[::1])")
def column_sq_dev(X, sums, sq_dev):
    partial = cuda.shared.array((BY, BX), float64)
    n, m = X.shape
    col = cuda.blockIdx.x * BX + cuda.threadIdx.x
    acc = 0.0
    if col < m:
        mean = sums[col] / n
        for r in range(cuda.blockIdx.y * BY + cuda.threadIdx.y, n, cuda.gridDim.y * BY):
            d = X[r, col] - mean
            acc += d * d
    add_block_partials(partial, acc, sq_dev, col)


@cuda.jit("void(float64[:, ::1], float64[::1], float64[::1], float64[:, ::1])")
def normalize(X, sums, sq_dev, out):
    j, first = cuda.grid(2)  # x indexes columns (the contiguous axis)
    n, m = X.shape
    if j >= m:
        return
    mean = sums[j] / n
    std = math.sqrt(sq_dev[j] / n)
    # Rows in a grid-stride loop: the grid's y extent is capped at CUDA's 65535.
    for i in range(first, n, cuda.gridDim.y * cuda.blockDim.y):
        d = X[i, j] - mean
        out[i, j] = d / std if std > 0.0 else d


DATASETS = ("breast_cancer", "wine", "iris", "digits")


def load_data(name, repeat):
    """The features of sklearn.datasets.load_<name>(), rows tiled `repeat` times."""
    from sklearn import datasets
    X = getattr(datasets, "load_" + name)(return_X_y=True)[0]
    X = np.ascontiguousarray(X, dtype=np.float64)
    return np.tile(X, (repeat, 1)) if repeat > 1 else X


def reference(X):
    """(X - mean) / std per column with numpy; zero-variance columns centred only."""
    mean = X.mean(axis=0)
    std = X.std(axis=0)
    return (X - mean) / np.where(std > 0, std, 1.0)


def zscore(d_X, d_sums, d_sq, d_out):
    n, m = d_X.shape
    red_grid = (math.ceil(m / BX), max(1, min(MAX_ROW_BLOCKS, math.ceil(n / BY))))
    map_grid = (math.ceil(m / BX), min(65535, math.ceil(n / BY)))
    column_sums[red_grid, (BX, BY)](d_X, d_sums)
    column_sq_dev[red_grid, (BX, BY)](d_X, d_sums, d_sq)
    normalize[map_grid, (BX, BY)](d_X, d_sums, d_sq, d_out)


def main(argv=None):
    gpu = cuda.is_available()
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dataset", choices=DATASETS, default="breast_cancer")
    parser.add_argument("--repeat", type=int, default=2000 if gpu else 1,
                        help="stack the rows R times (default 2000 on a GPU, 1 on the CPU backend)")
    parser.add_argument("--repeats-timed", type=int, default=20 if gpu else 3)
    args = parser.parse_args(argv)

    try:
        import sklearn  # noqa: F401  (the data set ships inside it)
    except ImportError:
        print("normalize.py needs scikit-learn for its data set: pip install scikit-learn",
              file=sys.stderr)
        return 2

    X = load_data(args.dataset, args.repeat)
    n, m = X.shape
    zeros = np.zeros(m)

    d_X = cuda.to_device(X)
    d_sums, d_sq = cuda.to_device(zeros), cuda.to_device(zeros)
    d_out = cuda.device_array_like(X)
    zscore(d_X, d_sums, d_sq, d_out)  # a warm-up run (the signatures compiled at import)
    cuda.synchronize()

    where = "GPU" if column_sums.target == "cuda" else "CPU backend"
    start, stop = cuda.event(), cuda.event()
    times, walls = [], []
    for _ in range(args.repeats_timed):
        t0 = time.perf_counter()
        d_X = cuda.to_device(X)
        d_sums.copy_to_device(zeros)
        d_sq.copy_to_device(zeros)
        start.record()
        zscore(d_X, d_sums, d_sq, d_out)
        stop.record()
        stop.synchronize()
        out = d_out.copy_to_host()
        walls.append(time.perf_counter() - t0)
        times.append(start.elapsed_time(stop))

    ref = reference(X)
    err = float(np.max(np.abs(out - ref)))
    tol = 1e-10 * max(1.0, float(np.max(np.abs(ref))))
    from sklearn.preprocessing import StandardScaler
    err_sklearn = float(np.max(np.abs(out - StandardScaler().fit_transform(X))))
    ms = float(np.median(times))
    print("normalize %s (%d x %d, %d zero-variance columns) on the %s: max abs error %.3g "
          "vs numpy, %.3g vs StandardScaler (tolerance %.1g)"
          % (args.dataset, n, m, int(np.sum(X.std(axis=0) == 0)), where, err, err_sklearn, tol))
    print("normalize: 3 kernels %.3f ms (cuda.event, median of %d), %.2f GB/s; wall %.2f ms "
          "with the copies in and out (median)"
          % (ms, len(times), 4 * X.nbytes / (ms * 1e-3) / 1e9, 1e3 * float(np.median(walls))))
    ok = err <= tol and err_sklearn <= tol
    print("normalize: %s" % ("OK" if ok else "MISMATCH"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
