"""Sobel edge magnitude of a real photograph on the GPU.

The image is scikit-image's `camera` (public domain, 512x512, shipped in the
scikit-image package). A 2-D kernel computes |G| = sqrt(Gx^2 + Gy^2) with
the 3x3 Sobel operators on every interior pixel; the result is checked
against scipy.ndimage.sobel (or a numpy reference when scipy is missing) to
float32 tolerance, and written as a PNG.

    python examples/sobel.py [--out sobel_edges.png]
    pyjitc examples/sobel.py --emit=ptx   # PTX only, no GPU needed
"""
import argparse
import math
import sys
import time

import numpy as np

from pyjit import cuda


@cuda.jit("void(float32[:, ::1], float32[:, ::1])")
def sobel(img, out):
    i, j = cuda.grid(2)
    n, m = img.shape
    if i < 1 or j < 1 or i >= n - 1 or j >= m - 1:
        return
    gx = (img[i - 1, j + 1] + 2.0 * img[i, j + 1] + img[i + 1, j + 1]) - \
         (img[i - 1, j - 1] + 2.0 * img[i, j - 1] + img[i + 1, j - 1])
    gy = (img[i + 1, j - 1] + 2.0 * img[i + 1, j] + img[i + 1, j + 1]) - \
         (img[i - 1, j - 1] + 2.0 * img[i - 1, j] + img[i - 1, j + 1])
    out[i, j] = math.sqrt(gx * gx + gy * gy)


def load_image():
    """scikit-image's camera photograph as float32 in [0, 1]."""
    from skimage import data
    return data.camera().astype(np.float32) / 255.0


def reference(img):
    """Sobel magnitude on the interior pixels (float64)."""
    img64 = img.astype(np.float64)
    try:
        from scipy import ndimage
        gy = ndimage.sobel(img64, axis=0)
        gx = ndimage.sobel(img64, axis=1)
    except ImportError:
        p = np.pad(img64, 1, mode="edge")
        gx = (p[:-2, 2:] + 2 * p[1:-1, 2:] + p[2:, 2:]) - (p[:-2, :-2] + 2 * p[1:-1, :-2] + p[2:, :-2])
        gy = (p[2:, :-2] + 2 * p[2:, 1:-1] + p[2:, 2:]) - (p[:-2, :-2] + 2 * p[:-2, 1:-1] + p[:-2, 2:])
    mag = np.hypot(gx, gy)
    out = np.zeros_like(mag)
    out[1:-1, 1:-1] = mag[1:-1, 1:-1]
    return out


def write_png(path, edges):
    scaled = np.clip(edges / max(float(edges.max()), 1e-12) * 255.0, 0, 255).astype(np.uint8)
    try:
        from PIL import Image
        Image.fromarray(scaled).save(path)
    except ImportError:
        from skimage import io
        io.imsave(path, scaled, check_contrast=False)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="sobel_edges.png", help="PNG to write")
    parser.add_argument("--repeats", type=int, default=20)
    args = parser.parse_args(argv)

    img = load_image()
    block = (16, 16)
    grid = (math.ceil(img.shape[0] / block[0]), math.ceil(img.shape[1] / block[1]))
    times = []
    if sobel.target == "cuda":
        where = "GPU"
        d_img = cuda.to_device(img)
        d_out = cuda.to_device(np.zeros_like(img))
        sobel[grid, block](d_img, d_out)  # compiles, then launches
        cuda.synchronize()
        start, stop = cuda.event(), cuda.event()
        for _ in range(args.repeats):
            start.record()
            sobel[grid, block](d_img, d_out)
            stop.record()
            stop.synchronize()
            times.append(start.elapsed_time(stop))
        edges = d_out.copy_to_host()
    else:
        # No GPU: the same kernel on pyjit's CPU backend, on numpy arrays.
        where = "CPU backend"
        edges = np.zeros_like(img)
        sobel[grid, block](img, edges)
        for _ in range(min(args.repeats, 5)):
            t0 = time.perf_counter()
            sobel[grid, block](img, edges)
            times.append((time.perf_counter() - t0) * 1e3)

    ref = reference(img)
    err = float(np.max(np.abs(edges - ref)))
    tol = 1e-5 * max(1.0, float(ref.max()))
    print("sobel %dx%d on the %s: max abs error %.3g (tolerance %.1g), kernel %.1f us "
          "(median of %d)" % (img.shape[0], img.shape[1], where, err, tol,
                              1e3 * float(np.median(times)), len(times)))
    write_png(args.out, edges)
    print("sobel: wrote %s" % args.out)
    ok = err <= tol
    print("sobel: %s" % ("OK" if ok else "MISMATCH"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
