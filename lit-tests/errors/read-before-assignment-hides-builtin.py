# A built-in or global assigned later in the function is a local everywhere
# in it (Python's scoping), so a read before the assignment is Python's
# UnboundLocalError, not the built-in: the error is at that read, not a
# complaint about the local's type (it said "a value of type int64 has no
# attribute ..." for a module or "is not callable" for a built-in).
#
# RUN: not %pyjitc %s --sig 'k(int64[::1])' --emit=ir 2>&1 | FileCheck %s --strict-whitespace

from pyjit import cuda


@cuda.jit
def k(a):
    a[0] = len(a)
    len = 3
    a[1] = len

# CHECK: {{.*}}read-before-assignment-hides-builtin.py:14:12: error: local variable 'len' is read before any assignment to it (Python raises UnboundLocalError); an assignment to 'len' anywhere in the function makes it local in all of it, hiding any global or built-in of that name
# CHECK-NEXT: {{^}}    a[0] = len(a){{$}}
# CHECK-NEXT: {{^}}           ^~~{{$}}
# CHECK-NOT: error
