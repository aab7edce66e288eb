# popc and clz return the operand's type, ffs uint32, as numba-cuda's
# signatures (cudadecl.py): popc/clz of an int64 use the 64-bit instructions,
# and ffs is the 1-based position of the lowest set bit (0 for 0).
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'k(int32[::1], int64)' --emit=ir | FileCheck %s --check-prefix=IR
# RUN: %pyjitc %s --sig 'k(int32[::1], int64)' --emit=ptx | FileCheck %s --check-prefix=PTX
# RUN: %pyjitc %s --sig 'k(int32[::1], int64)' --emit=ptx | %ptxas -arch=sm_90 -o /dev/null -

from pyjit import cuda


@cuda.jit
def k(out, v):
    out[0] = cuda.popc(v)
    out[1] = cuda.clz(v)
    out[2] = cuda.ffs(v)

# IR-LABEL: func @k(
# IR: [[P:%[0-9]+]] = cuda.popc %v : int64
# IR: [[P32:%[0-9]+]] = cast [[P]] : int64 -> int32
# IR: store %out[{{%[0-9]+}}], [[P32]]
# IR: [[C:%[0-9]+]] = cuda.clz %v : int64
# IR: [[C32:%[0-9]+]] = cast [[C]] : int64 -> int32
# IR: store %out[{{%[0-9]+}}], [[C32]]
# IR: [[F:%[0-9]+]] = cuda.ffs %v : uint32
# IR: [[F32:%[0-9]+]] = cast [[F]] : uint32 -> int32
# IR: store %out[{{%[0-9]+}}], [[F32]]

# PTX-LABEL: .visible .entry k(
# PTX: popc.b64
# PTX: clz.b64
