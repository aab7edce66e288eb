# A vector type's constructor needs exactly N components, counting a vector
# argument's components: the error points at the call.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1], float32)' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(out, s):
    v = cuda.float32x2(s, s)
    w = cuda.float32x4(v, s)
    out[0] = w.x

# CHECK: {{.*}}vector-type-component-count.py:12:9: error: float32x4() needs 4 components, got 3
# CHECK-NEXT: {{^}}    w = cuda.float32x4(v, s){{$}}
# CHECK-NEXT: {{^}}        ^~~~~~~~~~~~~~~~~~~~{{$}}
# CHECK-NOT: error
