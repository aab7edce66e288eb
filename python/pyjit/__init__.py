"""pyjit: a JIT compiler for numba.cuda-style GPU kernels, written in C++.

    from pyjit import cuda

    @cuda.jit
    def saxpy(a, x, y, out):
        i = cuda.grid(1)
        if i < out.size:
            out[i] = a * x[i] + y[i]

Importing pyjit needs no GPU, driver or LLVM: the C++ extension loads on
first compile, the CUDA driver on first launch.
"""
from . import cuda
from .errors import (CompileError, CudaError, InternalError, KernelError, LinkError,
                     PerformanceWarning, PyjitError)
from .types import (bool_, boolean, float16, float32, float64, int8, int16, int32, int64,
                    intp, uint8, uint16, uint32, uint64, void)

__version__ = "0.1.0"

jit = cuda.jit

__all__ = ["cuda", "jit", "CompileError", "CudaError", "LinkError", "KernelError", "InternalError",
           "PerformanceWarning", "PyjitError", "void", "boolean", "bool_", "int8", "int16", "int32", "int64", "uint8",
           "uint16", "uint32", "uint64", "float16", "float32", "float64", "intp"]
