"""Occupancy: how many blocks of a kernel one multiprocessor holds at once,
and the block size that keeps the most threads resident.

numba.cuda's `Context.get_active_blocks_per_multiprocessor` and
`get_max_potential_block_size`, and the objects they take: numba's code
library of an overload (`kernel.overloads[sig]._codelibrary`) and its CUDA
function (`_codelibrary.get_cufunc()`).

On a GPU the driver's occupancy calculator answers (cuOccupancy*). On the
CPU backend, which presents an sm_90 GPU (cuda.get_current_device()'s
attributes), `cpu_active_blocks` applies the calculator's rules for that GPU,
from CUDA 13.0's `cuda_occupancy.h` (cudaOccMaxBlocksPerSMWarpsLimit,
cudaOccMaxBlocksPerMultiprocessor, cudaOccMaxBlocksPerSMSmemLimit), to the
kernel's static and dynamic shared memory; its kernels have no registers to
limit them. `cpu_potential_block_size` is that header's
cudaOccMaxPotentialOccupancyBlockSize loop.
"""

import collections
import operator

import numpy as np

# numba's FuncAttr (numba.cuda.cudadrv.driver): registers per thread, static
# shared memory per block (bytes), local memory per thread (bytes), constant
# memory (bytes), the largest block (threads).
FuncAttr = collections.namedtuple("FuncAttr", "regs shared local const maxthreads")

# The sm_90 GPU the CPU backend presents (cuda._CPU_BACKEND_ATTRIBUTES, read
# from an H200): threads, blocks and shared memory (bytes) per multiprocessor,
# shared memory the driver reserves per block, the most shared memory a block
# may have with its opt-in (227 KiB, as pyjit's GPU kernels opt in).
_SM90 = {"warp_size": 32, "max_threads_per_block": 1024, "threads_per_sm": 2048,
         "blocks_per_sm": 32, "shared_per_sm": 233472, "reserved_shared_per_block": 1024,
         "shared_per_block_optin": 227 * 1024,
         # cudaOccSMemAllocationGranularity for compute capability 9.x
         "shared_granularity": 128}


class Function:
    """One overload's kernel as numba's CUDA function object
    (`CodeLibrary.get_cufunc()`): `handle` (the CUfunction's address, an int;
    0 on the CPU backend), `name` (its entry symbol), `attrs` (FuncAttr;
    RuntimeError on the CPU backend, as the kernel's get_* getters),
    `device`, and `cache_config(...)`."""

    __slots__ = ("_overload",)

    def __init__(self, overload):
        self._overload = overload

    @property
    def handle(self):
        return self._overload.kernel.handle()

    @property
    def name(self):
        return self._overload.entry

    @property
    def attrs(self):
        overload = self._overload
        a = overload._dispatcher._attributes(overload)
        return FuncAttr(regs=a["regs_per_thread"], shared=a["shared_mem_per_block"],
                        local=a["local_mem_per_thread"], const=a["const_mem_size"],
                        maxthreads=a["max_threads_per_block"])

    @property
    def device(self):
        from .cuda import get_current_device
        return get_current_device()

    def cache_config(self, prefer_equal=False, prefer_cache=False, prefer_shared=False):
        """The L1/shared memory split this kernel prefers (cuFuncSetCacheConfig),
        as numba's: equal when asked for, or for both cache and shared; else the
        one asked for; else no preference. Nothing on the CPU backend. Raises
        CudaError."""
        prefer_equal = prefer_equal or (prefer_cache and prefer_shared)
        # CUfunc_cache: PREFER_NONE 0, PREFER_SHARED 1, PREFER_L1 2, PREFER_EQUAL 3
        config = 3 if prefer_equal else 2 if prefer_cache else 1 if prefer_shared else 0
        self._overload.kernel.set_cache_config(config)

    def __repr__(self):
        return "<CUDA function %s>" % self.name


class CodeLibrary:
    """One overload's compiled code as numba's CUDACodeLibrary
    (`kernel.overloads[sig]._codelibrary`): `get_cufunc()`, `get_asm_str()`
    (PTX), `get_llvm_str()` (optimized LLVM IR), `get_cubin()` and
    `get_sass()`; `name` is the kernel's."""

    def __init__(self, overload):
        self._overload = overload

    @property
    def name(self):
        return self._overload._dispatcher.__name__

    def get_cufunc(self):
        """The kernel as a CUDA function (Function): what numba's occupancy
        calls take."""
        return Function(self._overload)

    def get_asm_str(self, cc=None):
        """The PTX (str), for compute capability `cc` (a tuple) if given."""
        return self._overload.inspect_asm(cc)

    def get_llvm_str(self):
        """The optimized LLVM IR (str)."""
        return self._overload.inspect_llvm()

    def get_cubin(self, cc=None):
        """The cubin the kernel was loaded from (bytes). Raises ValueError for
        another compute capability than the kernel's (compile it with
        `cuda.compile(..., cc=cc, output='cubin')`) and RuntimeError on the CPU
        backend, which makes no cubin."""
        overload = self._overload
        if overload.cpu:
            raise RuntimeError("kernel '%s' runs on the CPU backend, which makes no cubin"
                               % self.name)
        from .cuda import _arch_of
        if cc is not None and _arch_of(cc) != overload._arch:
            raise ValueError("get_cubin(cc=%r): kernel '%s' was compiled for %s; compile it "
                             "for another compute capability with cuda.compile(..., cc=cc, "
                             "output='cubin')" % (cc, self.name, overload._arch))
        return bytes(overload.cubin)

    def get_sass(self, cc=None):
        """The SASS (str; see Dispatcher.inspect_sass). `cc` must be None or
        the kernel's own compute capability."""
        if cc is not None:
            self.get_cubin(cc)  # the same check
        return self._overload.inspect_sass()

    def __repr__(self):
        return "<pyjit code library of %s>" % self.name


def overload_of(func, caller):
    """The compiled overload `func` names: a Function, an overload
    (kernel.overloads[sig]) or a kernel compiled for exactly one signature.
    Raises TypeError naming `func` otherwise."""
    from ._dispatcher import Dispatcher, _Overload
    if isinstance(func, Function):
        return func._overload
    if isinstance(func, _Overload):
        return func
    if isinstance(func, Dispatcher):
        overloads = list(func.overloads.values())
        if len(overloads) == 1:
            return overloads[0]
        raise TypeError("%s(func=%s): the kernel has %d compiled signatures; pass one, "
                        "kernel.overloads[signature] or its _codelibrary.get_cufunc()"
                        % (caller, func.__name__, len(overloads)))
    raise TypeError("%s: func must be a kernel's CUDA function "
                    "(kernel.overloads[signature]._codelibrary.get_cufunc()), an overload or "
                    "a kernel compiled for one signature, not %s" % (caller, type(func).__name__))


def _count(value, what, caller, minimum=0):
    try:
        number = operator.index(value)
    except TypeError:
        raise TypeError("%s: %s must be an int, not %s" % (caller, what, type(value).__name__))
    if number < minimum:
        raise ValueError("%s: %s must be at least %d, got %d" % (caller, what, minimum, number))
    return number


def _flags(flags, caller):
    flags = _count(flags or 0, "flags", caller)
    if flags not in (0, 1):  # CU_OCCUPANCY_DEFAULT, CU_OCCUPANCY_DISABLE_CACHING_OVERRIDE
        raise ValueError("%s: flags must be 0 (CU_OCCUPANCY_DEFAULT) or 1 "
                         "(CU_OCCUPANCY_DISABLE_CACHING_OVERRIDE), got %d" % (caller, flags))
    return flags


def cpu_active_blocks(static_shared, block_size, dynamic_shared):
    """Blocks of `block_size` threads, each with `static_shared` +
    `dynamic_shared` bytes of shared memory, that the CPU backend's sm_90 GPU
    holds per multiprocessor: the least of the warp, block and shared-memory
    limits of cuda_occupancy.h (0 where a block could not launch)."""
    g = _SM90
    if block_size > g["max_threads_per_block"]:
        return 0
    warps = -(-block_size // g["warp_size"])
    by_warps = (g["threads_per_sm"] // g["warp_size"]) // warps
    if static_shared + dynamic_shared > g["shared_per_block_optin"]:
        return 0
    per_block = static_shared + dynamic_shared + g["reserved_shared_per_block"]
    per_block = -(-per_block // g["shared_granularity"]) * g["shared_granularity"]
    return min(by_warps, g["blocks_per_sm"], g["shared_per_sm"] // per_block)


def active_blocks(func, blocksize, memsize, flags, caller):
    """Context.get_active_blocks_per_multiprocessor (see the module's doc)."""
    overload = overload_of(func, caller)
    blocksize = _count(blocksize, "blocksize", caller, 1)
    memsize = _count(memsize, "memsize", caller)
    flags = _flags(flags, caller)
    if overload.cpu:
        return cpu_active_blocks(overload.kernel.static_shared_bytes(), blocksize, memsize)
    return overload.kernel.max_active_blocks(blocksize, memsize, flags)


def _b2d_of(b2d_func, caller):
    """b2d_func as the driver call takes it: None, a callable, or a C
    function's address (an int > 0; 0 for none). A bool or a negative int is
    refused: the driver would call address 1 or a sign-extended one and crash
    the process."""
    if b2d_func is None or callable(b2d_func):
        return b2d_func
    try:
        if isinstance(b2d_func, (bool, np.bool_)):
            raise TypeError
        address = operator.index(b2d_func)
    except TypeError:
        raise TypeError("%s: b2d_func must be a function of the block size giving its dynamic "
                        "shared memory in bytes, a C function's address, or 0, not %s"
                        % (caller, type(b2d_func).__name__)) from None
    if address < 0:
        raise ValueError("%s: b2d_func %d is no C function's address" % (caller, address))
    return address


def cpu_potential_block_size(static_shared, b2d, memsize, limit, multiprocessors):
    """cudaOccMaxPotentialOccupancyBlockSize on the CPU backend's sm_90 GPU:
    from the limit (the kernel's largest block when 0) down a warp at a time,
    the block size keeping the most threads resident, the first (largest)
    where several tie; returns (blocks filling every multiprocessor, it)."""
    g = _SM90
    limit = min(limit or g["max_threads_per_block"], g["max_threads_per_block"])
    best_size = best_blocks = best_threads = 0
    aligned = -(-limit // g["warp_size"]) * g["warp_size"]
    while aligned > 0:
        size = min(limit, aligned)
        shared = memsize if b2d is None else _b2d_bytes(b2d, size)
        blocks = cpu_active_blocks(static_shared, size, shared)
        if blocks * size > best_threads:
            best_size, best_blocks, best_threads = size, blocks, blocks * size
        if best_threads == g["threads_per_sm"]:
            break
        aligned -= g["warp_size"]
    return best_blocks * multiprocessors, best_size


def _b2d_bytes(b2d, size):
    result = b2d(size)
    try:
        bytes_ = operator.index(result)
    except TypeError:
        bytes_ = -1
    if bytes_ < 0:
        raise TypeError("b2d_func(%d) returned %r: it must return the block's dynamic shared "
                        "memory, a number of bytes (an int >= 0)" % (size, result))
    return bytes_


def potential_block_size(func, b2d_func, memsize, blocksizelimit, flags, caller):
    """Context.get_max_potential_block_size (see the module's doc)."""
    overload = overload_of(func, caller)
    b2d = _b2d_of(b2d_func, caller)
    memsize = _count(memsize, "memsize", caller)
    limit = _count(blocksizelimit, "blocksizelimit", caller)
    flags = _flags(flags, caller)
    if overload.cpu:
        if not callable(b2d):
            if b2d:
                raise TypeError("%s: the CPU backend cannot call a C function's address as "
                                "b2d_func; pass a Python function" % caller)
            b2d = None
        from .cuda import get_current_device
        return cpu_potential_block_size(overload.kernel.static_shared_bytes(), b2d, memsize,
                                        limit, get_current_device().MULTIPROCESSOR_COUNT)
    return overload.kernel.max_potential_block_size(b2d or None, memsize, limit, flags)
