# The loads and stores with a cache hint take a pointer (numba's CPointer)
# as they take an array: item i of p, with the cache operator.
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'k(CPointer(float32), float32[::1], intp)' | FileCheck %s
# RUN: %pyjitc %s --sig 'k(CPointer(float32), float32[::1], intp)' | %ptxas -arch=sm_90 -o /dev/null -

from pyjit import cuda


@cuda.jit
def k(p, r, n):
    for i in range(n):
        r[i] = cuda.ldcg(p, i)
        cuda.stcs(p, i, r[i] * 2)

# CHECK-LABEL: .entry k(
# CHECK: ld.global.cg.b32
# CHECK: st.global.cs.b32
