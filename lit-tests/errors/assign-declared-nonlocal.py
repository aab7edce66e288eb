# A name declared `nonlocal` cannot be assigned (here by `+=`): the kernel
# reads the enclosing function's variable as a constant.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


def make():
    g = 1

    @cuda.jit
    def k(a):
        nonlocal g
        g += 1
        a[0] = g
    return k


k = make()

# CHECK: {{.*}}assign-declared-nonlocal.py:15:9: error: cannot assign to 'g', declared nonlocal: a kernel reads an enclosing function's variables as constants and cannot change them (numba.cuda freezes them too)
# CHECK-NOT: error
