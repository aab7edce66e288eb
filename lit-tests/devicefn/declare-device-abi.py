# A cuda.declare_device function is called with numba.cuda's device-function
# ABI: `int f(T *result, params...)`, the result read back from local
# memory; a pointer parameter takes the array's data pointer.
#
# RUN: %pyjitc %s --sig 'k(float32[::1], float32[::1])' --emit=ir | FileCheck %s
# RUN: %pyjitc %s --sig 'k(float32[::1], float32[::1])' --emit=ptx | FileCheck %s --check-prefix=PTX

from pyjit import cuda

scale = cuda.declare_device("scale_into", "float32(CPointer(float32), int64, float32)")


@cuda.jit
def k(a, out):
    out[0] = scale(a, a.size, 2)

# CHECK-LABEL: func @k(
# CHECK: [[N:%[0-9]+]] = shape 0 %a : int64
# CHECK: [[TWO:%[0-9]+]] = const 2 : float32
# CHECK: [[R:%[0-9]+]] = extern.scale_into %a, [[N]], [[TWO]] : float32
# CHECK: store %out[{{.*}}], [[R]]
# PTX: .extern .func  (.param .b32 func_retval0) scale_into
# PTX-NEXT: (
# PTX-NEXT: .param .b64 scale_into_param_0,
# PTX-NEXT: .param .b64 scale_into_param_1,
# PTX-NEXT: .param .b64 scale_into_param_2,
# PTX-NEXT: .param .b32 scale_into_param_3
# PTX-NEXT: )
# PTX: call.uni (retval0), scale_into,
