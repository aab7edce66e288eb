# Python's negative-index wrap is dropped where the index cannot be
# negative: a grid-stride loop counter (start cuda.grid(1) >= 0, step
# cuda.gridsize(1) >= 0) and a thread index. An index from an argument, or
# a counter stepping down, keeps the wrap.
#
# RUN: %pyjitc %s --sig 'k(float32[::1], int64)' --emit=ir | FileCheck %s
# RUN: %pyjitc %s --sig 'k2(float32[::1], int64)' --emit=ir | FileCheck %s --check-prefix=KEEP

from pyjit import cuda


@cuda.jit
def k(a, n):
    for i in range(cuda.grid(1), a.size, cuda.gridsize(1)):
        a[i] = 1.0
    a[cuda.threadIdx.x] = 2.0


@cuda.jit
def k2(a, n):
    a[n] = 1.0
    for i in range(a.size - 1, -1, -1):
        a[i] = 2.0

# CHECK-LABEL: func @k(
# CHECK: [[I:%[0-9]+]] = phi {{.*}} : int64
# CHECK: condbr
# CHECK-NOT: select
# CHECK: store %a{{\[}}[[I]]]
# CHECK-NOT: select
# CHECK: [[T:%[0-9]+]] = cast {{%[0-9]+}} : int32 -> int64
# CHECK-NEXT: const 2
# CHECK-NEXT: store %a{{\[}}[[T]]]
# KEEP-LABEL: func @k2(
# KEEP: [[N:%[0-9]+]] = cmp lt %n, {{%[0-9]+}} : bool
# KEEP: select [[N]],
# KEEP: store %a
# KEEP: cmp lt
# KEEP: select
# KEEP: store %a
