# -9223372036854775808 is int64's minimum, as in Python: the literal above
# int64's range is negated before it is typed, so a uint64 compared with it
# is compared with a negative number (False for 2**63, which the unsigned
# literal would have equalled). A larger literal, negated, fits no 64-bit
# type and is refused at the expression.
#
# RUN: %pyjitc %s --sig 'k(int64[::1], uint64[::1])' --emit=ir | FileCheck %s
# RUN: not %pyjitc %s --sig 'bad(int64[::1])' 2>&1 | FileCheck %s --check-prefix=ERR

from pyjit import cuda


@cuda.jit
def k(out, u):
    out[0] = -9223372036854775808
    out[1] = u[0] == -9223372036854775808


@cuda.jit
def bad(out):
    out[0] = -9223372036854775809

# CHECK-LABEL: func @k(
# CHECK: [[MIN:%[0-9]+]] = const -9223372036854775808 : int64
# CHECK: store %out[{{%[0-9]+}}], [[MIN]]
# CHECK-NOT: const -9223372036854775808 : uint64
# CHECK: ret

# ERR: int64-min-literal.py:21:14: error: this constant expression overflows int64
