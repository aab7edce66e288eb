# Two neighbouring letters swapped (cuda.gird) count as one edit for the
# "did you mean" suggestion, as Damerau's distance counts them.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a):
    i = cuda.gird(1)
    a[i] = 1

# CHECK: {{.*}}.py:11:9: error: module 'cuda' has no attribute 'gird' (did you mean 'cuda.grid'?)
