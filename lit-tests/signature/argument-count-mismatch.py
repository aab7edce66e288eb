# A signature with a different number of arguments than the kernel's
# parameters is an error at the kernel's definition.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1], int32)' --emit=ir 2>&1 | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(a):
    a[0] = 1

# CHECK: {{.*}}argument-count-mismatch.py:10:1: error: function 'k' takes 1 argument but the signature gives 2 types
