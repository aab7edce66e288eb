"""256-bin histogram of a real photograph's pixel values with atomics.

The image is scikit-image's `camera` (public domain, 512x512 uint8, shipped
in the scikit-image package); --tile T repeats it T x T times (np.tile) for
a workload worth a GPU. Each block keeps a private histogram in shared
memory (cuda.shared.array(256, int32)): its threads walk the pixels with a
grid-stride loop and count with cuda.atomic.add on the shared bins, then,
after cuda.syncthreads(), add the block's non-zero bins to the global
histogram with one global cuda.atomic.add per bin. The counts must equal
np.bincount's and np.histogram's exactly.

    python examples/histogram.py [--tile 16]
    pyjitc examples/histogram.py --emit=ptx   # PTX only, no GPU needed

Without a GPU the kernel runs on pyjit's CPU backend, with a smaller default.
Time: kernel launches between cuda.event() pairs, median of --repeats.
"""
import argparse
import sys

import numpy as np

from pyjit import cuda, int32

NBINS = 256
THREADS = 256


@cuda.jit("void(uint8[::1], int32[::1])")
def histogram(pixels, hist):
    bins = cuda.shared.array(NBINS, int32)
    t = cuda.threadIdx.x
    for b in range(t, NBINS, cuda.blockDim.x):
        bins[b] = 0
    cuda.syncthreads()

    start = cuda.grid(1)
    stride = cuda.gridsize(1)
    for i in range(start, pixels.size, stride):
        cuda.atomic.add(bins, pixels[i], 1)
    cuda.syncthreads()

    for b in range(t, NBINS, cuda.blockDim.x):
        count = bins[b]
        if count != 0:
            cuda.atomic.add(hist, b, count)


def load_pixels(tile):
    """scikit-image's camera photograph, tiled tile x tile times, flattened (uint8)."""
    from skimage import data
    img = data.camera()
    if tile > 1:
        img = np.tile(img, (tile, tile))
    return np.ascontiguousarray(img).ravel()


def reference(pixels):
    """Counts per value 0..255, by np.bincount and by np.histogram (both int64)."""
    by_bincount = np.bincount(pixels, minlength=NBINS)
    by_histogram, _ = np.histogram(pixels, bins=NBINS, range=(0, NBINS))
    return by_bincount, by_histogram


def main(argv=None):
    gpu = cuda.is_available()
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tile", type=int, default=16 if gpu else 1,
                        help="repeat the 512x512 image T x T times (default 16 on a GPU, "
                             "1 on the CPU backend)")
    parser.add_argument("--blocks", type=int, default=0,
                        help="blocks to launch (default: enough for 64 pixels per thread, "
                             "at most 1024)")
    parser.add_argument("--repeats", type=int, default=20 if gpu else 3)
    args = parser.parse_args(argv)

    pixels = load_pixels(args.tile)
    blocks = args.blocks or max(1, min(1024, pixels.size // (64 * THREADS)))
    d_pixels = cuda.to_device(pixels)
    zeros = np.zeros(NBINS, dtype=np.int32)
    d_hist = cuda.to_device(zeros)

    histogram[blocks, THREADS](d_pixels, d_hist)  # compiles, then launches
    cuda.synchronize()
    where = "GPU" if histogram.target == "cuda" else "CPU backend"
    start, stop = cuda.event(), cuda.event()
    times = []
    for _ in range(args.repeats):
        d_hist.copy_to_device(zeros)
        start.record()
        histogram[blocks, THREADS](d_pixels, d_hist)
        stop.record()
        stop.synchronize()
        times.append(start.elapsed_time(stop))
    hist = d_hist.copy_to_host()

    by_bincount, by_histogram = reference(pixels)
    err = int(np.max(np.abs(hist.astype(np.int64) - by_bincount)))
    ms = float(np.median(times))
    print("histogram of %d pixels (camera tiled %dx%d) on the %s, %d blocks x %d threads: "
          "max abs count error %d (tolerance 0), total %d"
          % (pixels.size, args.tile, args.tile, where, blocks, THREADS, err, int(hist.sum())))
    print("histogram: kernel %.3f ms (cuda.event, median of %d), %.2f Gpixel/s"
          % (ms, len(times), pixels.size / (ms * 1e-3) / 1e9))
    ok = bool(np.array_equal(hist, by_bincount) and np.array_equal(hist, by_histogram))
    print("histogram: %s" % ("OK" if ok else "MISMATCH"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
