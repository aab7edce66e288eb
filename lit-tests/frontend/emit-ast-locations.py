# --emit=ast prints one node per line with its line:col in this file (the
# decorator's line is where inspect.getsource starts; the def is the next
# line), and chained comparisons and precedence are visible in the tree.
#
# RUN: %pyjitc %s --sig 'k(float32[::1], int64)' --emit=ast | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a, n):
    if 0 <= n < a.size:
        a[n] = -a[n] ** 2 + 1

# CHECK-LABEL: {{^}}FunctionDef k(a, n) @11:1
# CHECK-NEXT: {{^}}  If @12:5
# CHECK-NEXT: {{^}}    Compare <= < @12:8
# CHECK-NEXT: {{^}}      Int 0 @12:8
# CHECK-NEXT: {{^}}      Name n @12:13
# CHECK-NEXT: {{^}}      Attribute .size @12:17
# CHECK-NEXT: {{^}}        Name a @12:17
# CHECK-NEXT: {{^}}    then:
# CHECK-NEXT: {{^}}      Assign @13:9
# CHECK-NEXT: {{^}}        Subscript @13:9
# CHECK-NEXT: {{^}}          Name a @13:9
# CHECK-NEXT: {{^}}          Name n @13:11
# CHECK-NEXT: {{^}}        Binary + @13:16
# CHECK-NEXT: {{^}}          Unary - @13:16
# CHECK-NEXT: {{^}}            Binary ** @13:17
# CHECK-NEXT: {{^}}              Subscript @13:17
# CHECK-NEXT: {{^}}                Name a @13:17
# CHECK-NEXT: {{^}}                Name n @13:19
# CHECK-NEXT: {{^}}              Int 2 @13:25
# CHECK-NEXT: {{^}}          Int 1 @13:29
