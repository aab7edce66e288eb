# The largest int64, 2**63 - 1, is an ordinary int64 literal.
#
# RUN: %pyjitc %s --sig 'k(int64[::1])' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(out):
    out[0] = 9223372036854775807
    out[1] = -9223372036854775807 - 1

# CHECK-LABEL: func @k(
# CHECK: const 9223372036854775807 : int64
# The negation and subtraction of literals fold to INT64_MIN.
# CHECK: const -9223372036854775808 : int64
