# A variable that different string constants reach on different paths
# holds one of them at run time (numba-cuda's unicode_type, as a ray
# tracer's `kind = "t"` / `kind = "l"` tag uses it): an int32 index into
# the kernel's strings, "" being 0, so `==` compares indices and its truth
# is the index's.
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'k(float64[::1], int32[::1])' --emit=ir | FileCheck %s
# RUN: %pyjitc %s --sig 'k(float64[::1], int32[::1])' --emit=ptx | %ptxas -arch=sm_90 -o /dev/null -

from pyjit import cuda


@cuda.jit
def k(vals, out):
    i = cuda.grid(1)
    kind = ""
    if vals[i] > 0:
        kind = "t"
    if vals[i] > 10:
        kind = "l"
    out[i] = kind == "l"
    if kind:
        out[i] += 2

# CHECK-LABEL: func @k(
# CHECK: const 0 : int32
# CHECK: const 1 : int32
# CHECK: const 2 : int32
# CHECK: [[KIND:%[0-9]+]] = phi {{.*}} : int32
# CHECK: [[L:%[0-9]+]] = const 2 : int32
# CHECK-NEXT: cmp eq [[KIND]], [[L]] : bool
# CHECK: cast [[KIND]] : int32 -> bool
