# "..." % x and "...".format(x) in a kernel say that kernels format no
# strings and how to print the values, as an f-string's error does.
#
# RUN: not %pyjitc %s --sig 'k(float64[::1])' --emit=ir 2>&1 | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(a):
    print("x = %f" % a[0])
    print("x = {}".format(a[0]))

# CHECK: string-formatting-points-at-print-arguments.py:11:11: error: unsupported operand types for %: str and float64 (kernels do not format strings: print the values as arguments: print('x =', x))
# CHECK: string-formatting-points-at-print-arguments.py:12:11: error: a value of type str has no attribute 'format' (kernels do not format strings: print the values as arguments: print('x =', x))
