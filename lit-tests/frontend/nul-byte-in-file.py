# A kernel file Python cannot read as source (a NUL byte: no line to point
# at) is a one-line pyjitc error, not a Python traceback; exit status 2.
#
# RUN: printf 'from pyjit import cuda\n@cuda.jit\ndef k(a):\n    a[0] = 1\000\n' > %t.py
# RUN: not %pyjitc %t.py --sig 'k(float32[::1])' --emit=ir 2> %t.err
# RUN: FileCheck %s < %t.err

# CHECK: pyjitc: error: {{.*}}.py: source code string cannot contain null bytes
# CHECK-NOT: Traceback
