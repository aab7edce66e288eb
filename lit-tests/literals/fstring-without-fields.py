# An f-string without replacement fields is its text, `{{` and `}}` braces,
# also when implicitly joined to a plain string.
#
# RUN: %pyjitc %s --sig 'k(float64[::1])' --emit=ir | FileCheck %s

from pyjit import cuda


@cuda.jit
def k(a):
    print(f"done {{x}}", "n=" f"{{}}")
    a[0] = 2.0

# CHECK-LABEL: func @k(
# CHECK: print "done {x} n={}\n"
