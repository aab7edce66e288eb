# A starred element in a subscript (PEP 646, Python 3.11) makes the index a
# tuple: `a[*t]` is a[(*t,)] and `a[0, *t]` a[(0, *t)].
#
# RUN: %pyjitc %s --sig 'k(float64[:, :, :], float64[::1])' --emit=ast | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a, out):
    t = (1, 2)
    out[0] = a[0, *t] + a[*(0, 1, 2)]

# CHECK-LABEL: {{^}}FunctionDef k(a, out) @10:1
# CHECK: {{^}}      Subscript @12:14
# CHECK-NEXT: {{^}}        Name a @12:14
# CHECK-NEXT: {{^}}        Tuple @12:16
# CHECK-NEXT: {{^}}          Int 0 @12:16
# CHECK-NEXT: {{^}}          Starred @12:19
# CHECK-NEXT: {{^}}            Name t @12:20
# CHECK: {{^}}      Subscript @12:25
# CHECK-NEXT: {{^}}        Name a @12:25
# CHECK-NEXT: {{^}}        Tuple @12:27
# CHECK-NEXT: {{^}}          Starred @12:27
