# cuda.threadIdx (a Dim3) as an index, directly or through a variable, says
# what it is and what to write; `i = cuda.threadIdx; a[i]` said "too many
# indices for a 1-d array: 3".
#
# RUN: not %pyjitc %s --sig 'k(float64[::1])' --emit=ir 2>&1 | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(a):
    i = cuda.threadIdx
    a[i] = 1.0

# CHECK: index-with-threadidx.py:13:7: error: an array index must be an integer, not Dim3 (cuda.threadIdx, blockIdx, blockDim or gridDim: its .x, .y or .z is an int); cuda.grid(1) is the thread's index in the grid
# CHECK-NOT: too many indices
