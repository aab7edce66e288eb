# A link= file that does not exist fails only where it is read: --emit=ptx
# compiles the kernel that links it (its functions stay undefined) and the
# file's other kernels; --emit=cubin of the kernel that links it names the file.
#
# RUN: cd %S && %pyjitc %s --emit=ptx --sig 'a(int32[::1])' 2>&1 | FileCheck %s --check-prefix=PTX
# RUN: cd %S && %pyjitc %s --emit=ptx --sig 'b(int32[::1])' 2>&1 | FileCheck %s --check-prefix=OTHER
# RUN: cd %S && not %pyjitc %s --emit=cubin --sig 'a(int32[::1])' -o %t.cubin 2>&1 | FileCheck %s --check-prefix=CUBIN

from pyjit import cuda

ext = cuda.declare_device("ext", "int32(int32)", link=["Inputs/no-such-file.cu"])


@cuda.jit("void(int32[::1])")
def a(out):
    out[0] = ext(out[0])


@cuda.jit("void(int32[::1])")
def b(out):
    out[0] = 7

# PTX: note: kernel 'a' links 1 file(s) (link=): the PTX leaves their functions undefined
# PTX: .visible .entry a(
# OTHER: .visible .entry b(
# CUBIN: error: kernel 'a': cannot link '{{.*}}Inputs/no-such-file.cu': No such file or directory
