# --abi=c compiles a device function on its own (numba.cuda.compile_ptx(
# device=True, abi="c")): a .func that returns its result, each return
# converted to the inferred type (float64: the -1.0).
#
# RUN: %pyjitc %s --sig 'hyp(float32, float32)' --abi=c --emit=llvm | FileCheck %s
# RUN: %pyjitc %s --sig 'hyp(float32, float32)' --abi=numba --emit=llvm | FileCheck %s --check-prefix=NUMBA
# RUN: not %pyjitc %s --sig 'hyp(float32[:], float32)' --abi=c --emit=ptx 2>&1 | FileCheck %s --check-prefix=ARRAY

import math

from pyjit import cuda


@cuda.jit(device=True)
def hyp(a, b):
    if a < 0:
        return -1.0
    return math.sqrt(a * a + b * b)

# CHECK-LABEL: define double @hyp(float {{.*}}, float {{.*}})
# CHECK-NOT: ptx_kernel
# CHECK: ret double

# NUMBA-LABEL: define {{.*}}i32 @hyp(ptr {{.*}}, float {{.*}}, float {{.*}})
# NUMBA: store double
# NUMBA: ret i32 0

# ARRAY: error: parameter 'a': a device function compiled on its own takes numbers, bools and pointers
