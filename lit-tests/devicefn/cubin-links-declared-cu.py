# --emit=cubin links the files of declare_device's link= (a .cu file through
# NVRTC), as a launch does; --emit=ptx leaves the function undefined and
# says so.
#
# REQUIRES: nvrtc
# RUN: cd %S && %pyjitc %s --emit=cubin -o %t.cubin
# RUN: strings %t.cubin | FileCheck %s --check-prefix=CUBIN
# RUN: cd %S && %pyjitc %s --emit=ptx 2>&1 | FileCheck %s --check-prefix=PTX

from pyjit import cuda

add_three = cuda.declare_device("add_three", "int32(int32)", link=["Inputs/add-three.cu"])


@cuda.jit("void(int32[::1])")
def k(out):
    out[0] = add_three(out[0])

# CUBIN-DAG: .text.add_three
# CUBIN-DAG: .text.k
# PTX: note: kernel 'k' links 1 file(s) (link=): the PTX leaves their functions undefined
# PTX: .extern .func (.param .b32 func_retval0) add_three
