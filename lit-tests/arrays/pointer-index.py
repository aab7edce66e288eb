# A CPointer parameter is indexed as C indexes a pointer: p[-1] is the item
# before p (no wrap-around by an extent), and no bounds are checked, even
# with -g, which checks only that the pointer is not null (below 0x10000).
# It takes an array's three parameters (address, extent 0, item size).
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
# CHECK-NEXT: [[A:%[0-9]+]] = address %p : uint64
# CHECK-NEXT: [[LOW:%[0-9]+]] = const 65536 : uint64
# CHECK-NEXT: [[OK:%[0-9]+]] = cmp ge [[A]], [[LOW]] : bool
# CHECK-NEXT: condbr [[OK]], [[LOAD:bb[0-9]+]], [[NULL:bb[0-9]+]]
# CHECK: [[NULL]]:
# CHECK-NEXT: raise 0 ValueError "item {1} of a null pointer
# CHECK-NOT: shape
# CHECK: [[LOAD]]:
# CHECK-NEXT: [[X:%[0-9]+]] = load %p[%0] : float32
# CHECK-NOT: shape
# CHECK: store %p[%i], [[X]]
# CHECK-NEXT: ret

# PTX: ld.global.b32 {{%r[0-9]+}}, [{{%rd[0-9]+}}+-4];
