# iter(a) keeps its position in a 1-element local array made where iter() is
# written (numba's alloca_once), so copies of the iterator share it; next()
# reads it, checks it against the length (StopIteration past the last) and
# writes it back one on.
#
# RUN: %pyjitc %s --sig 'k(float64[::1], float64[::1])' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(a, out):
    it = iter(a)
    copy = it
    out[0] = next(copy)

# CHECK-LABEL: func @k(
# CHECK: [[POS:%[0-9]+]] = alloc local {{%[0-9]+}} : array(int64, 1d, C)
# CHECK: store [[POS]][{{%[0-9]+}}], {{%[0-9]+}}
# CHECK: [[K:%[0-9]+]] = load [[POS]][{{%[0-9]+}}] : int64
# CHECK: raise {{[0-9]+}} StopIteration
# CHECK: [[NEXT:%[0-9]+]] = add [[K]], {{%[0-9]+}} : int64
# CHECK-NEXT: store [[POS]][{{%[0-9]+}}], [[NEXT]]
# CHECK-NEXT: load %a[[[K]]] : float64
