# What the kernel file prints while pyjitc imports it (a script without an
# `if __name__ == "__main__":` guard) goes to stderr: stdout holds the
# emitted code alone.
#
# RUN: %pyjitc %s --sig 'k(float32[:])' --emit=ptx 2>%t.err | FileCheck %s --implicit-check-not="printed at import"
# RUN: FileCheck %s --check-prefix=ERR < %t.err

from pyjit import cuda

print("printed at import")


@cuda.jit
def k(a):
    a[0] = 2.0

# CHECK: .visible .entry k(
# ERR: printed at import
