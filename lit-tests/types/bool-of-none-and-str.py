# bool(None) is False and bool of a string constant is whether it has
# characters, decided when compiling (Python's truth; numba-cuda compiles
# both).
#
# RUN: %pyjitc %s --sig 'k(bool[::1])' --emit=llvm | FileCheck %s

from pyjit import cuda

NAME = "abc"
EMPTY = ""


@cuda.jit
def k(out):
    out[0] = bool(None)
    out[1] = bool(NAME)
    out[2] = bool(EMPTY)

# CHECK-LABEL: define {{.*}}void @k(
# CHECK: store i8 0, ptr addrspace(1) %out.data
# CHECK: store i8 1,
# CHECK: store i8 0,
