# `global N` (and `nonlocal`) in a kernel that only reads the name changes
# nothing: N is the global's value, a constant, as without the declaration
# (numba.cuda compiles such kernels; the declaration has no bytecode).
#
# RUN: %pyjitc %s --sig 'k(int64[::1])' --emit=ir | FileCheck %s

from pyjit import cuda


N = 7


@cuda.jit
def k(out):
    global N
    out[0] = N

# CHECK-LABEL: func @k(
# CHECK: [[C:%[0-9]+]] = const 7 : int64
# CHECK: store %out[{{.*}}], [[C]]
