"""The benchmark kernels in numba.cuda style, written once.

bench/kernels.py loads this file twice: once with pyjit's `cuda` and types
injected as globals, once with numba's, so both compile the very same
source. bench/kernels.cu holds the same algorithms in CUDA C++.
"""
# Injected by the loader: cuda, float32, int32.
import math

TPB = 16  # SGEMM tile (the numba.cuda documentation's fast_matmul uses 16)

# Black-Scholes constants (CUDA Samples, BlackScholes: the Abramowitz and
# Stegun 26.2.17 polynomial for the normal CDF).
RISKFREE = 0.02
VOLATILITY = 0.30
A1 = 0.31938153
A2 = -0.356563782
A3 = 1.781477937
A4 = -1.821255978
A5 = 1.330274429
RSQRT2PI = 0.39894228040143267793994605993438


def saxpy(out, x, y, a):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a * x[i] + y[i]


def saxpy_ilp4(out, x, y, a):
    # Four elements per thread, blockDim apart (each access coalesced), all
    # eight loads issued before the stores: the memory-level parallelism a
    # vectorized library kernel gets.
    s = cuda.blockDim.x
    base = cuda.blockIdx.x * s * 4 + cuda.threadIdx.x
    n = out.size
    if base + 3 * s < n:
        x0 = x[base]
        x1 = x[base + s]
        x2 = x[base + 2 * s]
        x3 = x[base + 3 * s]
        y0 = y[base]
        y1 = y[base + s]
        y2 = y[base + 2 * s]
        y3 = y[base + 3 * s]
        out[base] = a * x0 + y0
        out[base + s] = a * x1 + y1
        out[base + 2 * s] = a * x2 + y2
        out[base + 3 * s] = a * x3 + y3
    else:
        for k in range(4):
            j = base + k * s
            if j < n:
                out[j] = a * x[j] + y[j]


def stencil(a, out, c0, c1):
    # 2-D 5-point stencil on the interior; x runs along rows (coalesced).
    j, i = cuda.grid(2)
    if 0 < i < a.shape[0] - 1 and 0 < j < a.shape[1] - 1:
        out[i, j] = c0 * a[i, j] + c1 * (a[i - 1, j] + a[i + 1, j] + a[i, j - 1] + a[i, j + 1])


def sgemm(A, B, C):
    # C = A @ B for square n x n, n a multiple of TPB; tiles in shared memory.
    sA = cuda.shared.array((TPB, TPB), float32)
    sB = cuda.shared.array((TPB, TPB), float32)
    x, y = cuda.grid(2)
    tx = cuda.threadIdx.x
    ty = cuda.threadIdx.y
    acc = float32(0.0)
    for t in range(cuda.gridDim.x):
        sA[ty, tx] = A[y, tx + t * TPB]
        sB[ty, tx] = B[ty + t * TPB, x]
        cuda.syncthreads()
        for k in range(TPB):
            acc += sA[ty, k] * sB[k, tx]
        cuda.syncthreads()
    C[y, x] = acc


def histogram(data, hist):
    # 256 bins: a per-block histogram in shared memory, then one atomic per
    # bin and block into global memory.
    h = cuda.shared.array(256, int32)
    t = cuda.threadIdx.x
    for b in range(t, 256, cuda.blockDim.x):
        h[b] = 0
    cuda.syncthreads()
    for i in range(cuda.grid(1), data.size, cuda.gridsize(1)):
        cuda.atomic.add(h, data[i], 1)
    cuda.syncthreads()
    for b in range(t, 256, cuda.blockDim.x):
        cuda.atomic.add(hist, b, h[b])


@cuda.jit(device=True)
def cnd(d):
    k = 1.0 / (1.0 + 0.2316419 * math.fabs(d))
    ret = RSQRT2PI * math.exp(-0.5 * d * d) * (k * (A1 + k * (A2 + k * (A3 + k * (A4 + k * A5)))))
    if d > 0:
        ret = 1.0 - ret
    return ret


def black_scholes(call, put, S, X, T, R, V):
    i = cuda.grid(1)
    if i >= S.shape[0]:
        return
    sqrt_t = math.sqrt(T[i])
    d1 = (math.log(S[i] / X[i]) + (R + 0.5 * V * V) * T[i]) / (V * sqrt_t)
    d2 = d1 - V * sqrt_t
    cnd1 = cnd(d1)
    cnd2 = cnd(d2)
    exp_rt = math.exp(-R * T[i])
    call[i] = S[i] * cnd1 - X[i] * exp_rt * cnd2
    put[i] = X[i] * exp_rt * (1.0 - cnd2) - S[i] * (1.0 - cnd1)


def reduce_sum(x, out):
    # Sum of x into out[0]: grid-stride partial sums, a warp-shuffle tree, one
    # partial per warp in shared memory, the first warp sums those, one
    # atomic per block (the CUDA Programming Guide's warp-shuffle reduction).
    partial = cuda.shared.array(32, float32)
    acc = float32(0.0)
    for i in range(cuda.grid(1), x.size, cuda.gridsize(1)):
        acc += x[i]
    lane = cuda.threadIdx.x % 32
    warp = cuda.threadIdx.x // 32
    off = 16
    while off > 0:
        acc += cuda.shfl_down_sync(0xFFFFFFFF, acc, off)
        off //= 2
    if lane == 0:
        partial[warp] = acc
    cuda.syncthreads()
    if warp == 0:
        acc = partial[lane] if lane < cuda.blockDim.x // 32 else float32(0.0)
        off = 16
        while off > 0:
            acc += cuda.shfl_down_sync(0xFFFFFFFF, acc, off)
            off //= 2
        if lane == 0:
            cuda.atomic.add(out, 0, acc)


TILE = 32       # transpose tile (blocks of TILE x 8 threads, 4 rows each)
TILE_PAD = 33   # a padded row: the column reads hit 32 different banks


def transpose(a, out):
    # out = a.T through a shared-memory tile, both global accesses coalesced
    # (NVIDIA's "An Efficient Matrix Transpose in CUDA C/C++").
    tile = cuda.shared.array((TILE, TILE_PAD), float32)
    bx = cuda.blockIdx.x * TILE
    by = cuda.blockIdx.y * TILE
    tx = cuda.threadIdx.x
    ty = cuda.threadIdx.y
    for k in range(0, TILE, cuda.blockDim.y):
        y = by + ty + k
        x = bx + tx
        if y < a.shape[0] and x < a.shape[1]:
            tile[ty + k, tx] = a[y, x]
    cuda.syncthreads()
    for k in range(0, TILE, cuda.blockDim.y):
        y = bx + ty + k
        x = by + tx
        if y < out.shape[0] and x < out.shape[1]:
            out[y, x] = tile[tx, ty + k]


def mandelbrot(out, x0, y0, dx, dy, max_iter):
    # Escape-time iterations per pixel, float32: a data-dependent loop.
    j, i = cuda.grid(2)
    if i < out.shape[0] and j < out.shape[1]:
        cr = x0 + float32(j) * dx
        ci = y0 + float32(i) * dy
        zr = float32(0.0)
        zi = float32(0.0)
        n = 0
        while n < max_iter and zr * zr + zi * zi <= float32(4.0):
            zr, zi = zr * zr - zi * zi + cr, float32(2.0) * zr * zi + ci
            n += 1
        out[i, j] = n
