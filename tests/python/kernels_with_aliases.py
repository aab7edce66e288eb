"""Kernels that use cuda.* names under other names, as numba.cuda allows
(imported from pyjit.cuda, or bound to module globals); test_kernels.py
runs them."""
import numpy as np

from pyjit import cuda
from pyjit.cuda import atomic, grid, shared, syncthreads
from pyjit.cuda import threadIdx as tid

sarray = cuda.shared.array
add = cuda.atomic.add
g = cuda.grid
bdim = cuda.blockDim
const_like = cuda.const.array_like
TABLE = np.array([5, 7], dtype=np.int32)


def reverse_in_block(x, total):
    buf = sarray(8, np.int32)
    ones = shared.array(8, np.int32)
    i = grid(1)
    buf[tid.x] = g(1) * 2 + bdim.x * 0
    ones[tid.x] = 1
    syncthreads()
    table = const_like(TABLE)
    if i < x.size:
        x[i] = buf[7 - tid.x]
        add(total, 0, 1)
        atomic.add(total, 1, ones[tid.x] * table[1])
