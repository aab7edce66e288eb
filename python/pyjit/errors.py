"""Exceptions raised by pyjit.

CompileError  a kernel's source is outside the kernel language or mistyped; the
              message is ``file:line:col: error: ...`` with the source line and a caret.
CudaError     a CUDA driver call failed (the message names the call and, for launches,
              the kernel), or no driver/GPU is present (CudaSupportError, a subclass),
              or a launch configuration exceeds a limit (LaunchConfigError, also a
              ValueError).
LinkError     nvJitLink could not link a kernel; the message carries nvJitLink's log.
KernelError   the CPU backend refused a launch or stopped a kernel: a block size outside
              1..1024, barrier divergence (debug=True), a warp collective left waiting.
InternalError a bug in pyjit; please report it with the kernel.
DeprecationError  an API numba.cuda removed (the decorator's argtypes=, restype=,
              bind=); a TypeError too.

Warnings derive from PyjitWarning (numba's NumbaWarning): PerformanceWarning,
CompileWarning, InvalidConfigWarning. pyjit.core.errors has numba.core.errors'
names for all of these.
"""


class PyjitError(Exception):
    """Base class of pyjit's errors."""


class CompileError(PyjitError):
    """The kernel could not be compiled (see the message for file:line:col).
    ``msg`` is the message, as numba's TypingError and LoweringError have it."""

    @property
    def msg(self):
        return str(self)


class CompileValueError(CompileError, ValueError):
    """A CompileError where numba raises ValueError (a bad `alignment=` of a
    local or shared array): `except ValueError` catches it as numba's."""


class CudaError(PyjitError):
    """A CUDA driver call failed, or no CUDA driver or device is available.

    Attributes (numba's CudaAPIError's): ``msg``, the message (str), and
    ``code``, the CUresult the driver call returned (an int, e.g. 2 for
    CUDA_ERROR_OUT_OF_MEMORY), or None where no driver call returned one.
    Constructed as ``CudaError(msg, code=None)``, or in numba's order
    ``CudaError(code, msg)``."""

    def __init__(self, *args, code=None):
        if len(args) == 2 and isinstance(args[0], int) and not isinstance(args[0], bool):
            code, args = args[0], args[1:]  # numba's CudaAPIError(code, msg)
        super().__init__(*args)
        self.msg = args[0] if len(args) == 1 else (str(self) if args else "")
        self.code = code


class CudaSupportError(CudaError):
    """No CUDA driver could be loaded, or it found no GPU (numba.cuda's
    CudaSupportError, also `pyjit.cuda.CudaSupportError`)."""


class LaunchConfigError(CudaError, ValueError):
    """A launch configuration the device (or the kernel's launch_bounds)
    cannot run, refused before launching; the message names the limit. A
    ValueError, and a CudaError as numba's CudaAPIError from cuLaunchKernel
    (CUDA_ERROR_INVALID_VALUE) is, so either `except` catches it; its code
    is that CUresult's, 1, and the message ends by naming it, as the
    driver's error does."""

    def __init__(self, *args, code=1):
        if (code == 1 and len(args) == 1 and isinstance(args[0], str)
                and "CUDA_ERROR_INVALID_VALUE" not in args[0]):
            args = (args[0] + " (cuLaunchKernel would fail with CUDA_ERROR_INVALID_VALUE)",)
        super().__init__(*args, code=code)


class ArgumentRangeError(PyjitError, OverflowError, ValueError):
    """A Python int kernel argument beyond int64 and uint64, the widest
    integers a kernel takes: an OverflowError, as Python's int conversions
    raise, and a ValueError, as numba's typeof raises ('Int value is too
    large')."""


class DeviceFunctionCallError(PyjitError, TypeError, ValueError):
    """A device function (@cuda.jit(device=True)) called from the host: a
    TypeError (pyjit's wrong-use error), and the ValueError numba.cuda
    raises (its "missing launch configuration"), so either `except` catches
    it."""


class DeviceFunctionLaunchError(PyjitError, TypeError, RuntimeError):
    """A device function launched as a kernel (`f[1, 1](...)`): a TypeError
    (pyjit's wrong-use error), and the RuntimeError numba.cuda raises, so
    either `except` catches it."""


class DeprecationError(PyjitError, TypeError):
    """An API numba.cuda removed (numba's DeprecationError), such as the
    decorator's argtypes= and restype= options; a TypeError too."""


class LinkError(PyjitError):
    """nvJitLink failed to link a kernel, or NVRTC to compile a .cu file it links."""


class KernelError(PyjitError, RuntimeError):
    """A kernel on the CPU backend failed while running (the message names the
    threads and lines involved), or its launch configuration was refused."""


class InternalError(PyjitError):
    """An internal compiler error."""


class PyjitWarning(UserWarning):
    """The base of pyjit's warnings (numba's NumbaWarning; a filter on it
    acts on all of them)."""


class PerformanceWarning(PyjitWarning):
    """The kernel compiles but will likely run slowly (e.g. float64 in a float32 kernel)."""


class CompileWarning(PyjitWarning):
    """Kernel code that compiles but is likely not what was meant, at its
    file:line:col: a statement with no effect (`cuda.syncthreads` without
    its parentheses, `a[i] == x` meant as a store)."""


class InvalidConfigWarning(PyjitWarning):
    """Decorator options that do not do together what they say (numba's
    NumbaInvalidConfigWarning): debug=True with optimization, debug with lineinfo."""


def _users(exc):
    """Marks `exc` (a TypeError, ValueError or OverflowError about the
    arguments or source the user gave) as the user's: pyjit's entry points
    (_dispatcher.user_facing) raise it with a traceback that starts at the
    user's call, as they do a CompileError. Returns `exc`."""
    exc._pyjit_user = True
    return exc
