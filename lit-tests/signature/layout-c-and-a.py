# `[:, ::1]` is C layout: the last axis is contiguous, so its index is
# scaled by the element size; `[:, :]` is any layout: every axis uses its
# stride (bytes), the last one included.
#
# RUN: %pyjitc %s --sig 'k(float32[:, ::1], float32[:, :])' --emit=ir | FileCheck %s --check-prefix=IR
# RUN: %pyjitc %s --sig 'k(float32[:, ::1], float32[:, :])' --emit=llvm | FileCheck %s --check-prefix=LLVM

from pyjit import cuda


@cuda.jit
def k(c, a):
    c[1, 2] = a[1, 2]

# IR-LABEL: func @k(%c: array(float32, 2d, C), %a: array(float32, 2d, A)) -> none {

# LLVM-LABEL: define {{.*}}void @k(
# LLVM-DAG: %a.stride1
# LLVM-DAG: %a.stride0
# LLVM-DAG: %c.stride0
# LLVM-NOT: %c.stride1{{[^,]}}
# LLVM: ret void
