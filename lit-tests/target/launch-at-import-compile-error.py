# A kernel launched while pyjitc imports the file (no `if __name__ ==
# "__main__":` guard) that does not compile is reported as its compile error
# (exit status 1), not as an error importing the file.
#
# RUN: not %pyjitc %s --sig 'k(float64[::1])' --emit=ir 2>&1 | FileCheck %s --implicit-check-not="importing the kernel file"

import numpy as np

from pyjit import cuda


@cuda.jit
def k(a):
    a[0] = undefined_name


k[1, 1](np.zeros(1))

# CHECK: launch-at-import-compile-error.py:14:12: error: name 'undefined_name' is not defined
