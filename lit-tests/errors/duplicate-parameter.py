# Duplicate parameter names are an error (Python rejects them too), at the
# second occurrence.
#
# RUN: not %pyjitc %s --sig 'k(int64[::1], int64[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a, a):
    a[0] = 1

# CHECK: {{.*}}duplicate-parameter.py:10:10: error: duplicate {{argument|parameter}} 'a'{{.*}}
# CHECK-NEXT: {{^}}def k(a, a):{{$}}
# CHECK-NEXT: {{^}}         ^{{$}}
# CHECK-NOT: error
