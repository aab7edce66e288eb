# A CPointer parameter is indexed as C indexes a pointer: p[-1] is the item
# before p (no wrap-around by an extent), and no bounds are checked, even
# with -g. It takes an array's three parameters (address, extent 0, item size).
#
# RUN: %pyjitc %s --sig 'k(CPointer(float32), int64)' -g --emit=ir | FileCheck %s
# RUN: %pyjitc %s --sig 'k(CPointer(float32), int64)' | FileCheck %s --check-prefix=PTX

from pyjit import cuda


@cuda.jit
def k(p, i):
    p[i] = p[-1]

# CHECK-LABEL: func @k(%p: CPointer(float32), %i: int64)
# CHECK-NEXT: bb0:
# CHECK-NEXT: %0 = const -1 : int64
# CHECK-NEXT: %1 = load %p[%0] : float32
# CHECK-NEXT: store %p[%i], %1
# CHECK-NEXT: ret

# PTX: ld.global.b32 {{%r[0-9]+}}, [{{%rd[0-9]+}}+-4];
