# A PTX version older than the arch's first one is refused before compiling
# (sm_90 arrived with PTX ISA 7.8), as is a malformed version.
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --ptx-version=7.0 2>&1 | FileCheck %s
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --ptx-version=seven 2>&1 | FileCheck %s --check-prefix=BAD

from pyjit import cuda


@cuda.jit
def k(a):
    a[0] = 1.0

# CHECK: pyjitc: error: PTX ISA 7.0 is older than sm_90 allows (at least 7.8)
# BAD: pyjitc: error: --ptx-version='seven': expected a version such as 7.8
