# An unknown type name in --sig is a usage error naming the signature.
#
# RUN: not %pyjitc %s --sig 'k(float128[::1])' --emit=ir 2>&1 | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(a):
    a[0] = 1

# CHECK: pyjitc: error: invalid type signature 'k(float128[::1])'{{.*}}float128
