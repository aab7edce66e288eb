# `x in ([3, 4])`: parentheses make no AST node in CPython, so the list is
# the whole right operand and a tuple as without them.
#
# RUN: %pyjitc %s --sig 'k(int64[::1])' --emit=ast | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(a):
    a[0] = a[1] in (([3, 4]))

# CHECK: Compare in @11:12
# CHECK-NEXT: Subscript @11:12
# CHECK: Tuple @11:22
# CHECK-NEXT: Int 3 @11:23
# CHECK-NEXT: Int 4 @11:26
