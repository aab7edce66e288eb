# `x in [3, 4]` tests against the tuple of the list's elements (CPython's
# compiler makes such a list a tuple, so numba sees one): the AST holds a
# tuple display where the list was.
#
# RUN: %pyjitc %s --sig 'k(int64[::1])' --emit=ast | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(a):
    a[0] = a[1] not in [3, 4]

# CHECK: Compare not in @12:12
# CHECK-NEXT: Subscript @12:12
# CHECK: Tuple @12:24
# CHECK-NEXT: Int 3 @12:25
# CHECK-NEXT: Int 4 @12:28
