# A --ptx-version newer than nvJitLink reads is refused as too new, also one
# with a two-digit major version (not as a malformed one).
#
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --ptx-version=9.9 2>&1 | FileCheck %s --check-prefix=NINE
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --ptx-version=10.0 2>&1 | FileCheck %s --check-prefix=TEN
# RUN: not %pyjitc %s --sig 'k(float32[::1])' --ptx-version=1.2.3 2>&1 | FileCheck %s --check-prefix=BAD

from pyjit import cuda


@cuda.jit
def k(a):
    a[0] = 1.0

# NINE: pyjitc: error: PTX ISA 9.9 is newer than nvJitLink or the driver supports
# TEN: pyjitc: error: PTX ISA 10.0 is newer than nvJitLink or the driver supports
# BAD: pyjitc: error: --ptx-version='1.2.3': expected a version such as 7.8
