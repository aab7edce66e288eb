"""Kernels of bench/cpu.py, written once in numba.cuda style; the loader
injects `cuda` and `float32` (pyjit's or numba's simulator's)."""
import math

TPB = 128


def saxpy(out, x, y, a):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a * x[i] + y[i]


def sobel(img, out):
    i, j = cuda.grid(2)
    if 0 < i < img.shape[0] - 1 and 0 < j < img.shape[1] - 1:
        gx = (img[i - 1, j + 1] + 2.0 * img[i, j + 1] + img[i + 1, j + 1]
              - img[i - 1, j - 1] - 2.0 * img[i, j - 1] - img[i + 1, j - 1])
        gy = (img[i + 1, j - 1] + 2.0 * img[i + 1, j] + img[i + 1, j + 1]
              - img[i - 1, j - 1] - 2.0 * img[i - 1, j] - img[i - 1, j + 1])
        out[i, j] = math.sqrt(gx * gx + gy * gy)


def block_sum(x, out):
    # A shared-memory tree reduction: log2(TPB) + 1 barriers per block.
    s = cuda.shared.array(TPB, float32)
    t = cuda.threadIdx.x
    i = cuda.grid(1)
    s[t] = x[i] if i < x.size else 0.0
    cuda.syncthreads()
    step = TPB // 2
    while step > 0:
        if t < step:
            s[t] += s[t + step]
        cuda.syncthreads()
        step //= 2
    if t == 0:
        out[cuda.blockIdx.x] = s[0]
