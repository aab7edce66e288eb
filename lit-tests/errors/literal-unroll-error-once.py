# An error in a literal_unroll loop body, typed once per element, is
# reported once.
#
# RUN: not %pyjitc %s --sig 'k(float64[::1])' --emit=ir 2>&1 | FileCheck %s

from pyjit import cuda, literal_unroll


@cuda.jit
def k(out):
    for v in literal_unroll((1, 2.5, 3)):
        out[0] = v + undefined_name

# CHECK: literal-unroll-error-once.py:12:22: error: name 'undefined_name' is not defined
# CHECK-NOT: error:
