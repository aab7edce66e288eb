# print() in a kernel becomes one vprintf: numba.cuda's formats (%lld for
# signed ints, %llu for unsigned, %f for floats, True/False for bools),
# string literals inline with '%' escaped, spaces between, a newline last.
#
# REQUIRES: ptxas
# RUN: %pyjitc %s --sig 'k(float32[::1], int32, uint8)' --emit=ir | FileCheck %s
# RUN: %pyjitc %s --sig 'k(float32[::1], int32, uint8)' --emit=ptx | FileCheck %s --check-prefix=PTX
# RUN: %pyjitc %s --sig 'k(float32[::1], int32, uint8)' --emit=ptx | %ptxas -arch=sm_90 -o /dev/null -

from pyjit import cuda


@cuda.jit
def k(x, n, u):
    print("n =", n, x[0], n > 3, u, "100%")

# CHECK-LABEL: func @k(
# CHECK: print "n = %lld %f %s %llu 100%%\n", {{%[0-9]+}}, {{%[0-9]+}}, {{%[0-9]+}}, {{%[0-9]+}}
# PTX: call{{.*}}vprintf
