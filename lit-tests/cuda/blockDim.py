# cuda.blockDim.x/.y/.z are int32 special registers (%ntid.x/y/z in PTX);
# arithmetic on them widens to int64 like any int32.
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'k(int64[::1])' --emit=ir | FileCheck %s --check-prefix=IR
# RUN: %pyjitc %s --sig 'k(int64[::1])' --emit=ptx | FileCheck %s --check-prefix=PTX
# RUN: %pyjitc %s --sig 'k(int64[::1])' --emit=ptx | %ptxas -arch=sm_90 -o /dev/null -

from pyjit import cuda


@cuda.jit
def k(out):
    out[0] = cuda.blockDim.x
    out[1] = cuda.blockDim.y
    out[2] = cuda.blockDim.z

# IR-LABEL: func @k(
# IR: [[X:%[0-9]+]] = sreg ntid.x : int32
# IR: cast [[X]] : int32 -> int64
# IR: [[Y:%[0-9]+]] = sreg ntid.y : int32
# IR: cast [[Y]] : int32 -> int64
# IR: [[Z:%[0-9]+]] = sreg ntid.z : int32
# IR: cast [[Z]] : int32 -> int64

# PTX-LABEL: .visible .entry k(
# PTX-DAG: %ntid.x
# PTX-DAG: %ntid.y
# PTX-DAG: %ntid.z
