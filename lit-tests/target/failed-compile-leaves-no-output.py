# A compile that fails leaves no output file (it was created empty, which a
# make rule would take as built), and removes one from an earlier run.
#
# RUN: echo old > %t.ptx
# RUN: not %pyjitc %s --sig 'k(float64[::1])' --emit=ptx -o %t.ptx 2>&1 | FileCheck %s
# RUN: not test -e %t.ptx
# RUN: not %pyjitc %s --sig 'nope(float64)' --emit=ptx -o %t2.ptx 2>&1 | FileCheck %s --check-prefix=NONE
# RUN: not test -e %t2.ptx

from pyjit import cuda


@cuda.jit
def k(a):
    a[0] = undefined_name

# CHECK: failed-compile-leaves-no-output.py:15:12: error: name 'undefined_name' is not defined
# NONE: pyjitc: error: no function named 'nope'
