"""Mandelbrot escape counts on a 2-D grid of the complex plane, in float64.

Every pixel (i, j) is the point c = (xmin + j dx) + (ymin + i dy) i of the
window [-2.25, 0.75] x [-1.25, 1.25]; one thread per pixel iterates
z <- z^2 + c from z = 0 and stores the number of iterations before
|z|^2 > 4 (max_iter for points that never escape). A numpy reference runs the
same float64 operations in the same order on all pixels at once.

The counts are expected to agree exactly almost everywhere, not everywhere:
the GPU contracts a * b + c into fused multiply-adds (one rounding instead of
two), and near the set's boundary, where orbits are chaotic, a difference
in the last bit can change an escape count. So the check allows up to 0.1%
of pixels to differ, and reports how many do (none did on the CPU backend
when this was written). --out writes the counts as an image: .pgm with plain numpy,
any other suffix (.png) through PIL or scikit-image.

    python examples/mandelbrot.py [--width 2048 --height 1536 --max-iter 512] [--out m.png]
    pyjitc examples/mandelbrot.py --emit=ptx   # PTX only, no GPU needed

Without a GPU the kernel runs on pyjit's CPU backend, with smaller defaults.
Time: kernel launches between cuda.event() pairs, median of --repeats.
"""
import argparse
import math
import sys

import numpy as np

from pyjit import cuda

XMIN, XMAX, YMIN, YMAX = -2.25, 0.75, -1.25, 1.25
MISMATCH_FRACTION = 1e-3


@cuda.jit("void(int32[:, ::1], float64, float64, float64, float64, int32)")
def mandelbrot(counts, xmin, ymin, dx, dy, max_iter):
    j, i = cuda.grid(2)  # x indexes columns (the contiguous axis)
    height, width = counts.shape
    if i >= height or j >= width:
        return
    cr = xmin + j * dx
    ci = ymin + i * dy
    zr = 0.0
    zi = 0.0
    n = 0
    while n < max_iter:
        zr2 = zr * zr
        zi2 = zi * zi
        if zr2 + zi2 > 4.0:
            break
        zi = 2.0 * zr * zi + ci
        zr = zr2 - zi2 + cr
        n += 1
    counts[i, j] = n


def window(width, height):
    dx = (XMAX - XMIN) / width
    dy = (YMAX - YMIN) / height
    return XMIN, YMIN, dx, dy


def reference(width, height, max_iter):
    """Escape counts with numpy: the same float64 operations, the pixels
    still iterating kept in flat index arrays."""
    xmin, ymin, dx, dy = window(width, height)
    cr = np.broadcast_to(xmin + np.arange(width) * dx, (height, width)).ravel()
    ci = np.broadcast_to((ymin + np.arange(height) * dy)[:, None], (height, width)).ravel()
    counts = np.full(height * width, max_iter, dtype=np.int32)
    idx = np.arange(height * width)
    zr = np.zeros(idx.size)
    zi = np.zeros(idx.size)
    cr_a, ci_a = cr.copy(), ci.copy()
    for n in range(max_iter):
        zr2 = zr * zr
        zi2 = zi * zi
        escaped = zr2 + zi2 > 4.0
        if escaped.any():
            counts[idx[escaped]] = n
            keep = ~escaped
            idx, zr, zi, zr2, zi2 = idx[keep], zr[keep], zi[keep], zr2[keep], zi2[keep]
            cr_a, ci_a = cr_a[keep], ci_a[keep]
            if idx.size == 0:
                break
        zi = 2.0 * zr * zi + ci_a
        zr = zr2 - zi2 + cr_a
    return counts.reshape(height, width)


def write_image(path, counts, max_iter):
    """Counts as 8-bit grey (log scale; the set itself black): PGM by hand, else PNG."""
    shade = np.log1p(counts.astype(np.float64)) / math.log1p(max_iter)
    shade[counts == max_iter] = 0.0
    img = np.clip(shade * 255.0, 0, 255).astype(np.uint8)
    if path.lower().endswith(".pgm"):
        with open(path, "wb") as f:
            f.write(b"P5\n%d %d\n255\n" % (img.shape[1], img.shape[0]))
            f.write(img.tobytes())
        return
    try:
        from PIL import Image
        Image.fromarray(img).save(path)
    except ImportError:
        from skimage import io
        io.imsave(path, img, check_contrast=False)


def main(argv=None):
    gpu = cuda.is_available()
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--width", type=int, default=2048 if gpu else 480)
    parser.add_argument("--height", type=int, default=1536 if gpu else 360)
    parser.add_argument("--max-iter", type=int, default=512 if gpu else 256)
    parser.add_argument("--repeats", type=int, default=10 if gpu else 3)
    parser.add_argument("--out", default=None, help="image to write (.pgm or .png)")
    args = parser.parse_args(argv)

    width, height, max_iter = args.width, args.height, args.max_iter
    xmin, ymin, dx, dy = window(width, height)
    d_counts = cuda.device_array((height, width), dtype=np.int32)
    block = (32, 8)
    grid = (math.ceil(width / block[0]), math.ceil(height / block[1]))

    mandelbrot[grid, block](d_counts, xmin, ymin, dx, dy, max_iter)  # compiles, then launches
    cuda.synchronize()
    where = "GPU" if mandelbrot.target == "cuda" else "CPU backend"
    start, stop = cuda.event(), cuda.event()
    times = []
    for _ in range(args.repeats):
        start.record()
        mandelbrot[grid, block](d_counts, xmin, ymin, dx, dy, max_iter)
        stop.record()
        stop.synchronize()
        times.append(start.elapsed_time(stop))
    counts = d_counts.copy_to_host()

    ref = reference(width, height, max_iter)
    diff = np.abs(counts.astype(np.int64) - ref)
    mismatched = int(np.count_nonzero(diff))
    err = int(diff.max())
    mean_diff = float(diff.mean())
    ms = float(np.median(times))
    print("mandelbrot %dx%d, max_iter %d, float64, on the %s: %d of %d pixels differ "
          "(allowed %.1f%%), max abs count error %d, mean %.3g"
          % (width, height, max_iter, where, mismatched, counts.size,
             100 * MISMATCH_FRACTION, err, mean_diff))
    print("mandelbrot: kernel %.3f ms (cuda.event, median of %d), %.1f Mpixel/s"
          % (ms, len(times), counts.size / (ms * 1e-3) / 1e6))
    if args.out:
        write_image(args.out, counts, max_iter)
        print("mandelbrot: wrote %s" % args.out)
    ok = mismatched <= MISMATCH_FRACTION * counts.size
    print("mandelbrot: %s" % ("OK" if ok else "MISMATCH"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
