"""pyjit: a JIT compiler for numba.cuda-style GPU kernels, written in C++.

    from pyjit import cuda

    @cuda.jit
    def saxpy(a, x, y, out):
        i = cuda.grid(1)
        if i < out.size:
            out[i] = a * x[i] + y[i]

Importing pyjit needs no GPU and no CUDA driver (the driver is opened at the
first launch). It loads the C++ extension at once: the extension (LLVM's
ORC JIT, linked in) uses initial-exec thread-local storage, which dlopen can
only place while the process's static TLS reserve lasts; libraries loaded
before it (PyTorch with CuPy, for one) can use that reserve up, so import
pyjit first. A failure to load is reported at the first compile.
"""
from . import _ext as _ext_module

try:
    _ext_module.ext()
except ImportError:
    pass  # reported, with its reason, where the extension is first needed

from . import coop, cuda
from ._cache import cache_info, clear_cache
from ._ufunc import guvectorize, vectorize
from . import core  # noqa: F401  (pyjit.core.errors: numba.core.errors' names)
from .errors import (CompileError, CompileWarning, CudaError, CudaSupportError, InternalError,
                     InvalidConfigWarning, KernelError, LaunchConfigError, LinkError,
                     PerformanceWarning, PyjitError, PyjitWarning)
from .types import (bool_, boolean, complex64, complex128, float16, float32, float64,
                    from_dtype, int8, int16, int32, int64, intp, typeof, uint8, uint16, uint32,
                    uint64, void)
# numba's other names of the same types: C-style and short (numba exports both).
from .types import (b1, byte, c8, c16, char, double, f2, f4, f8, half, i1, i2, i4, i8, int_,
                    intc, long_, longlong, short, single, size_t, ssize_t, u1, u2, u4, u8, ubyte,
                    uchar, uintc, uintp, ulong, ulonglong, ushort)

__version__ = "0.1.0"

jit = cuda.jit
from ._dispatcher import njit  # noqa: E402 (numba's @njit: host Python + device function)


from .cuda import literal_unroll  # noqa: E402 (numba's; numba.cuda re-exports it)
from .cuda import carray, farray  # noqa: E402 (numba's)


def prange(*args):
    """numba.prange: in a kernel, range (a kernel's parallelism is its grid;
    numba lowers prange in CUDA kernels as range). On the host, range(*args)."""
    return range(*args)


__all__ = ["cuda", "coop", "jit", "cache_info", "clear_cache", "CompileError", "CudaError", "CudaSupportError", "LaunchConfigError", "LinkError", "KernelError", "InternalError",
           "PerformanceWarning", "CompileWarning", "InvalidConfigWarning", "PyjitError", "PyjitWarning", "void", "boolean", "bool_", "int8", "int16", "int32", "int64", "uint8",
           "uint16", "uint32", "uint64", "float16", "float32", "float64", "complex64", "complex128",
           "intp", "from_dtype", "typeof", "vectorize", "guvectorize", "literal_unroll", "njit", "prange",
           "carray", "farray",
           "b1", "byte", "c8", "c16", "char", "double", "f2", "f4", "f8", "half", "i1", "i2", "i4",
           "i8", "int_", "intc", "long_", "longlong", "short", "single", "size_t", "ssize_t", "u1",
           "u2", "u4", "u8", "ubyte", "uchar", "uintc", "uintp", "ulong", "ulonglong", "ushort"]
