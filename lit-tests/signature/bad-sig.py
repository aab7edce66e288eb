# A malformed --sig is a usage error naming the bad text.
#
# RUN: not %pyjitc %s --sig 'k(float32[:, 2])' --emit=ir 2>&1 | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(a):
    a[0] = 1

# CHECK: pyjitc: error: invalid type signature 'k(float32[:, 2])': expected ':' or '::1' in array dimensions
