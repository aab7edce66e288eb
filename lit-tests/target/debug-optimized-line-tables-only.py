# -g with optimization (numba's debug=True with the default opt) keeps line
# tables only: ptxas refuses DWARF sections in optimized code, and debug
# mode's checks should not make kernels unoptimized.
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'k(float32[::1])' -g | FileCheck %s
# RUN: %pyjitc %s --sig 'k(float32[::1])' -g | %ptxas -arch=sm_90 -O3 -o /dev/null -
# RUN: %pyjitc %s --sig 'k(float32[::1])' -g --emit=llvm | FileCheck %s --check-prefix=LLVM

from pyjit import cuda


@cuda.jit
def k(x):
    i = cuda.grid(1)
    x[i] = 1.0

# CHECK-LABEL: .target sm_90
# CHECK-NOT: debug
# CHECK: .loc 1 15
# CHECK-NOT: .section .debug_info
# LLVM: emissionKind: DebugDirectivesOnly
# LLVM-NOT: DILocalVariable
