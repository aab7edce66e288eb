# `for v in [16, 8]` over a list display is the loop over the tuple of its
# elements: unrolled, no list is made.
#
# RUN: %pyjitc %s --sig 'k(int64[::1])' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out):
    for v in [16, 8,]:
        out[0] += v

# CHECK-LABEL: func @k(
# CHECK-NOT: phi
# CHECK-NOT: condbr
# CHECK-DAG: const 16 : int64
# CHECK-DAG: const 8 : int64
# CHECK-NOT: phi
