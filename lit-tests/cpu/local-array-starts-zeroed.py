# On the CPU backend a local array starts zeroed in every thread (its stack
# slot held the previous thread's values); on the GPU it is left undefined,
# as numba.cuda leaves it.
#
# RUN: %pyjitc %s --sig 'k(array(int32, 1d, C))' --emit=llvm --target=cpu -O0 | FileCheck %s --check-prefix=CPU
# RUN: %pyjitc %s --sig 'k(array(int32, 1d, C))' --emit=llvm -O0 | FileCheck %s --check-prefix=GPU

from pyjit import cuda
import numpy as np


@cuda.jit
def k(out):
    scratch = cuda.local.array(16, np.int32)
    out[0] = scratch[3]

# CPU: %local = alloca [16 x i32]
# CPU-NEXT: call void @llvm.memset.p0.i64(ptr align {{[0-9]+}} %local, i8 0, i64 64, i1 false)
# GPU: %local = alloca [16 x i32]
# GPU-NOT: llvm.memset
