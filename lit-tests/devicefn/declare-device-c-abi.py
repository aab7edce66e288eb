# declare_device(..., abi="c") calls `T f(params...)`: the result is the
# call's return value, with no result pointer (numba-cuda's C ABI).
#
# RUN: %pyjitc %s --sig 'k(float32[::1], float32[::1])' --emit=ptx | FileCheck %s

from pyjit import cuda

scale = cuda.declare_device("scale_c", "float32(CPointer(float32), int64, float32)", abi="c")


@cuda.jit
def k(a, out):
    out[0] = scale(a, a.size, 2)

# CHECK: .extern .func  (.param .b32 func_retval0) scale_c
# CHECK-NEXT: (
# CHECK-NEXT: .param .b64 scale_c_param_0,
# CHECK-NEXT: .param .b64 scale_c_param_1,
# CHECK-NEXT: .param .b32 scale_c_param_2
# CHECK-NEXT: )
# CHECK: call.uni (retval0), scale_c,
