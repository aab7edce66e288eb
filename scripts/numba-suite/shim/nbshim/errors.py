"""numba's errors module, with the user-facing compile errors mapped to pyjit's
(porting.md: numba.core.errors.TypingError -> pyjit.CompileError)."""
import pyjit
import numba.cuda.core.errors as _nerr

TypingError = pyjit.CompileError
LoweringError = pyjit.CompileError
NumbaTypeError = pyjit.CompileError
UnsupportedError = pyjit.CompileError
NumbaPerformanceWarning = pyjit.PerformanceWarning
NumbaInvalidConfigWarning = pyjit.InvalidConfigWarning


def __getattr__(name):
    return getattr(_nerr, name)
