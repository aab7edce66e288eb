# `await` in a (non-async) kernel is a Python syntax error; it is reported at
# the keyword like every other diagnostic.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a):
    a[0] = await a

# CHECK: {{.*}}await-outside-async.py:11:12: error: 'await' outside async function
# CHECK-NEXT: {{^}}    a[0] = await a{{$}}
# CHECK-NEXT: {{^}}           ^{{$}}
# CHECK-NOT: error
