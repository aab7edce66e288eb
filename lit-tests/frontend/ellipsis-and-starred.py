# `...` parses as one Ellipsis node spanning its three dots, and `*rest` in
# a tuple target as a Starred node around the name.
#
# RUN: %pyjitc %s --sig 'k(float64[:, :, :], float64[::1])' --emit=ast | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a, out):
    first, *rest = a.shape
    out[0] = a[..., 1][0, 0]

# CHECK-LABEL: {{^}}FunctionDef k(a, out) @10:1
# CHECK-NEXT: {{^}}  Assign @11:5
# CHECK-NEXT: {{^}}    Tuple @11:5
# CHECK-NEXT: {{^}}      Name first @11:5
# CHECK-NEXT: {{^}}      Starred @11:12
# CHECK-NEXT: {{^}}        Name rest @11:13
# CHECK: {{^}}        Tuple @12:16
# CHECK-NEXT: {{^}}          Ellipsis @12:16
# CHECK-NEXT: {{^}}          Int 1 @12:21
