"""The @cuda.jit kernel object: typing, per-signature compilation and launch.

A Dispatcher keeps one compiled overload per (argument types, device
architecture): the first call with new types compiles (source -> PTX in
C++, PTX -> cubin with nvJitLink), later calls with the same types only
launch. numpy arrays are copied to the device and back around the launch,
as numba.cuda does; objects with __cuda_array_interface__ pass zero-copy.
"""
import ast
import collections
import enum
import functools
import inspect
import os
import re
import sys
import textwrap
import threading

import numpy as np

from . import _cache, _devicearray, _options, _source
from ._locks import new_lock
from ._ext import current_device, ext
from ._args import InOut as _InOut, _ArgHint
from ._source import describe
from . import _overload
from ._overload import compile_resolving
from .errors import (CompileError, DeviceFunctionCallError, DeviceFunctionLaunchError,
                     KernelError, LaunchConfigError, PyjitError, _users)
from ._typeof import (FAST_SCALARS, SUPPORTED_DTYPES, compile_time_only, fast_typeof, flatten,
                      typeof)

_INT64_MIN, _UINT64_MAX = -2**63, 2**64 - 1
# Parameter types a Python int beyond 64 bits converts to (Dispatcher._big_ints_as_floats).
_FLOAT_PARAMS = frozenset(("float16", "bfloat16", "float32", "float64", "complex64",
                           "complex128"))


def _float_size_hint(value):
    """For a float launch size (n / 256 + 1, np.ceil(n / 256)): how to write it."""
    if isinstance(value, (float, np.floating)):
        return (" (n / block is a float in Python 3: use (n + block - 1) // block, "
                "or int(...))")
    return ""


def _dim3(value, what):
    """A launch dimension as a 3-tuple of positive ints; raises before launching:
    TypeError for a non-integer, ValueError for None (numba's),
    LaunchConfigError (a ValueError and a
    CudaError, as numba's CudaAPIError from cuLaunchKernel's
    CUDA_ERROR_INVALID_VALUE) for a zero or negative size."""
    if isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_)):
        dims = (int(value),)
    elif value is None:  # numba's normalize_kernel_dimensions: a ValueError
        raise ValueError("%s is None: a launch configuration gives both, as "
                         "kernel[griddim, blockdim] (numba: 'launch configuration was not "
                         "specified')" % what)
    elif isinstance(value, (tuple, list)):
        dims = tuple(value)
        if not 1 <= len(dims) <= 3:
            raise ValueError("%s must be a sequence of 1, 2 or 3 integers, got %r"
                             % (what, value))
        for d in dims:
            if isinstance(d, (bool, np.bool_)) or not isinstance(d, (int, np.integer)):
                raise TypeError("%s must contain integers, got %r%s"
                                % (what, value, _float_size_hint(d)))
        dims = tuple(int(d) for d in dims)
    else:
        raise TypeError("%s must be an int or a tuple of 1, 2 or 3 ints, got %r%s"
                        % (what, value, _float_size_hint(value)))
    if any(d <= 0 for d in dims):
        raise LaunchConfigError("%s dimensions must be positive, got %r" % (what, value))
    return dims + (1,) * (3 - len(dims))


# CUDA's limits for every GPU pyjit targets (sm_70 and later), used for the
# CPU backend: CUDA C++ Programming Guide, "Technical Specifications per
# Compute Capability".
_CUDA_LIMITS = {"max_threads_per_block": 1024, "max_block_dim": (1024, 1024, 64),
                "max_grid_dim": (2 ** 31 - 1, 65535, 65535),
                "max_shared_memory_per_block": 48 * 1024,
                # sm_90's, with a kernel's opt-in (the GPU's kernels opt in)
                "max_shared_memory_per_block_optin": 227 * 1024,
                "name": "the CPU backend (with CUDA's limits)"}


def _check_limits(kernel, griddim, blockdim, shared, device):
    """Raises LaunchConfigError (a ValueError and a CudaError) naming the limit a
    launch configuration exceeds; the driver would refuse it with
    CUDA_ERROR_INVALID_VALUE."""
    limits = device or _CUDA_LIMITS
    where = "kernel '%s' on %s" % (kernel, limits["name"])
    threads = blockdim[0] * blockdim[1] * blockdim[2]
    if threads > limits["max_threads_per_block"]:
        raise LaunchConfigError("%s: a block of %s = %d threads exceeds the device's limit of "
                                "%d threads per block" % (where, blockdim, threads,
                                                          limits["max_threads_per_block"]))
    for axis, (d, most) in enumerate(zip(blockdim, limits["max_block_dim"])):
        if d > most:
            raise LaunchConfigError("%s: blockdim.%s = %d exceeds the device's limit of %d"
                                    % (where, "xyz"[axis], d, most))
    for axis, (d, most) in enumerate(zip(griddim, limits["max_grid_dim"])):
        if d > most:
            raise LaunchConfigError("%s: griddim.%s = %d exceeds the device's limit of %d "
                                    "blocks" % (where, "xyz"[axis], d, most))
    # Kernels opt in to the device's largest shared memory per block
    # (runtime::allowOptInSharedMemory), less their static shared memory.
    most = limits.get("max_shared_memory_per_block_optin") or limits["max_shared_memory_per_block"]
    if shared > most:
        raise LaunchConfigError("%s: %d bytes of dynamic shared memory exceed the device's "
                                "limit of %d bytes per block" % (where, shared, most))


# Int stream handles below this (but 0, 1 and 2) are refused: a CUstream is
# the address of a driver object, never in the first page of memory.
_SMALLEST_HANDLE = 1 << 16


def _checked_handle(handle, stream):
    """`handle` if it is a CUstream value; ValueError naming `stream` if not."""
    if not 0 <= handle < 2 ** 64:
        what = "" if isinstance(stream, (int, np.integer)) else " of stream %r" % (stream,)
        raise ValueError("a stream handle is a CUstream (an unsigned 64-bit value), got %d%s"
                         % (handle, what))
    return handle


def _stream_handle(stream):
    """The CUstream handle (int) of a stream: pyjit's, numba's, CuPy's
    (`ptr`), PyTorch's (`cuda_stream`), any object with the `__cuda_stream__`
    protocol (cuda.core), or an int handle; 0 and None are the default stream."""
    if stream is None or (isinstance(stream, (int, np.integer)) and
                          not isinstance(stream, (bool, np.bool_))):
        handle = _checked_handle(int(stream or 0), stream)
        if 2 < handle < _SMALLEST_HANDLE:
            # k[grid, block, 128]: CUDA C's <<<grid, block, shared>>> order.
            raise ValueError(
                "stream %d is no CUstream handle (handles are addresses; 0, 1 and 2 are the "
                "default, legacy and per-thread default streams). A launch configuration is "
                "kernel[grid, block, stream, shared_bytes]: the stream third, the dynamic "
                "shared memory fourth (CUDA C's <<<grid, block, shared_bytes, stream>>> has "
                "them the other way round); kernel[grid, block, 0, %d] asks for %d bytes of "
                "shared memory" % (handle, handle, handle))
        return handle
    protocol = getattr(stream, "__cuda_stream__", None)
    if protocol is not None:
        info = protocol() if callable(protocol) else protocol
        if isinstance(info, tuple) and len(info) == 2:
            return _checked_handle(int(info[1]), stream)
        raise TypeError("stream.__cuda_stream__() must return (version, handle), got %r"
                        % (info,))
    for attr in ("handle", "ptr", "cuda_stream"):
        h = getattr(stream, attr, None)
        if h is not None:
            return _checked_handle(int(getattr(h, "value", h) or 0), stream)
    hint = ""
    if callable(stream) and getattr(stream, "__name__", "").endswith("stream"):
        hint = " (a function: call it, %s())" % stream.__name__  # stream=cuda.stream
    raise TypeError("stream must be 0, an int handle or a stream object (pyjit, numba, CuPy, "
                    "PyTorch, or one with __cuda_stream__), got %r%s" % (stream, hint))


class _Overload:
    """One compiled specialization: its stages and the loaded kernel.

    The kernel is compiled for 32-bit index arithmetic (every array argument
    spans less than 2^31 bytes, the common case); the launch checks the
    arrays, and the first launch with a larger one compiles the 64-bit
    variant (`wide_kernel`). inspect_* show the 32-bit variant."""

    def __init__(self, dispatcher, argtypes, arch, info, index32=True):
        # describe()'s dict of the kernel as this signature's compile read it
        # (its source, globals and device functions then).
        self._info = info
        options = dispatcher.options
        self._dispatcher = dispatcher
        # The global device arrays whose addresses the kernel holds.
        self._keepalive = info.get("keepalive", ())
        self._arch = arch
        self._wide = None
        self.cpu = arch == "cpu"
        self.index32 = index32 and not self.cpu
        device = None if self.cpu else current_device()
        # Without the PTX consumers' CUDA version (nvJitLink's and the
        # driver's, both in the key's versions): reading nvJitLink's loads it.
        compile_options = _options.compile_options(options, None, self.index32, host=self.cpu)
        link_options = _options.link_options(options)
        opt = _options.opt_level(options)
        self.argtypes = tuple(argtypes)
        self.pointers = any(t.startswith("CPointer(") for t in self.argtypes)
        # Files the kernel links (link=, declare_device's link=): their
        # contents are part of the key, so an edited .cu file misses.
        # Checked on the CPU backend too (a missing file is FileNotFoundError
        # everywhere), which links nothing.
        link_files = _link_files(options, info, dispatcher.__name__)
        self._link_files = [] if self.cpu else link_files
        if self.cpu:
            _check_host_globals(info, dispatcher.__name__)
        _check_param_slots(dispatcher, self.argtypes)
        cached, parts = None, None
        # PYJIT_CACHE=0 is cache=False for every kernel: no lookup, no miss counted.
        if options.get("cache", True) is not False and _cache.directory() is not None:
            search = _nvrtc_search_paths() if self._link_files else ()
            parts = _cache.key_parts(info, self.argtypes, arch,
                                     {"compile": compile_options, "link": link_options,
                                      "opt": opt, "files": _file_digests(self._link_files, search),
                                      "nvrtc_search_paths": search},
                                     _versions(device))
            # (The qualified name tells apart same-named kernels of a file's
            # factories in the cache's explanations and its last_miss.)
            ident = (info["filename"], dispatcher.__qualname__)
            cached = _cache.lookup(
                ident, parts,
                lambda entry: _overload.still_chosen(info, entry.get("overload_checks", ())))
        # Whether the disk cache held it (None: the cache is off for this kernel).
        self.cache_hit = None if parts is None else cached is not None
        if cached is None:
            cached = self._compile(info, arch, opt, device, link_options)
            if parts is not None:
                checks = _overload.cache_checks(info)
                _cache.store(ident, parts,
                             dict(cached, overload_checks=checks) if checks else cached)
        _options.warn_compile(cached)  # at the user's launch
        self.ir = cached["ir"]
        self.llvm = cached["llvm"]
        self.ptx = cached["ptx"]
        self.entry = cached["entry"]
        self.ptx_version = cached["ptx_version"]
        # Debug checks the kernel may fail: read its error record after launches.
        self.error_sites = [tuple(site) for site in cached["error_sites"]]
        # The record is the module's, one for every launch: a launch and the
        # read of its record hold this, so that threads launching at once each
        # see their own launch's failure.
        new_lock(self, "record_lock")
        params = tuple(cached["paramtypes"])  # tuples flattened (docs/abi.md)
        self.flat = params != self.argtypes
        # A kernel that synchronizes its grid (cuda.cg) is launched cooperatively.
        self.cooperative = bool(cached.get("cooperative"))
        if self.cpu:  # the CPU backend: host code JIT-compiled in this process
            self.kernel = ext().Kernel(cached["image"], self.entry, params, False, True)
            return
        self.cubin = cached["image"]
        self.kernel = ext().Kernel(self.cubin, self.entry, params, self.index32, False,
                                   self.cooperative)
        carveout = _options.shared_memory_carveout(dispatcher.options)
        if carveout is not None:  # CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT
            self.kernel.set_attribute(9, carveout)

    def inspect_asm(self, cc=None):
        """This overload's PTX (numba's _Kernel.inspect_asm(cc)): for compute
        capability `cc` (a tuple) the PTX compiled for it, else the kernel's
        own (sm_90's on the CPU backend)."""
        from .cuda import _arch_of
        if cc is not None and self._arch != _arch_of(cc):
            from .cuda import compile_ptx
            o = self._dispatcher.options
            return compile_ptx(self._dispatcher.py_func, "void(%s)" % ", ".join(self.argtypes),
                               cc=cc, debug=o.get("debug", False),
                               lineinfo=o.get("lineinfo", False),
                               fastmath=o.get("fastmath", False), fma=o.get("fma", True),
                               opt=o.get("opt", 3),
                               launch_bounds=o.get("launch_bounds"))[0]
        return self._dispatcher.inspect_asm(self.argtypes)

    def inspect_llvm(self):
        """This overload's optimized LLVM IR (numba's _Kernel.inspect_llvm)."""
        return self.llvm

    def inspect_lto_ptx(self):
        """numba-cuda's _Kernel.inspect_lto_ptx: this overload's PTX (pyjit
        makes no NVVM LTO-IR; see Dispatcher.inspect_lto_ptx)."""
        return self.inspect_asm()

    def inspect_types(self, file=None):
        """numba's _Kernel.inspect_types: prints this overload's typed SSA IR
        to `file` (default sys.stdout)."""
        self._dispatcher.inspect_types(file, self.argtypes)

    @property
    def entry_name(self):
        """The kernel's entry symbol in its PTX and cubin (str)."""
        return self.entry

    def launch(self, args, griddim, blockdim, stream=0, sharedmem=0):
        """numba's _Kernel.launch: launches this overload with `args` (a
        sequence) in this configuration, as kernel[griddim, blockdim, stream,
        sharedmem](*args) does; a Python or NumPy number is first converted to
        its parameter's type, as this overload's signature takes it."""
        args = tuple(args)
        if len(args) == len(self.argtypes):
            args = tuple(np.dtype(t).type(a) if t in SUPPORTED_DTYPES and
                         isinstance(a, (int, float, complex, np.number, np.bool_)) else a
                         for a, t in zip(args, self.argtypes))
        self._dispatcher[griddim, blockdim, stream, sharedmem](*args)

    def inspect_sass(self):
        """This overload's SASS (numba's _Kernel.inspect_sass); see
        Dispatcher.inspect_sass."""
        return self._dispatcher._sass(self)

    def inspect_sass_cfg(self):
        """The control-flow graph of this overload's SASS in DOT format
        (numba's _Kernel.inspect_sass_cfg); see Dispatcher.inspect_sass_cfg."""
        return self._dispatcher._sass(self, cfg=True)

    @property
    def signature(self):
        """numba's: this overload's Signature, `void(argument types)`."""
        from .types import _of_spelling, signature, void
        return signature(void, *(_of_spelling(t) for t in self.argtypes))

    @property
    def argument_types(self):
        """numba's: this overload's argument types (a tuple of type objects)."""
        return tuple(self.signature.args)

    # numba's _Kernel resource usage (cuFuncGetAttribute); RuntimeError on
    # the CPU backend, as the Dispatcher's get_* getters.
    def _resource(name, doc):
        return property(lambda self: self._dispatcher._attributes(self)[name], doc=doc)

    regs_per_thread = _resource("regs_per_thread", "Registers per thread.")
    shared_mem_per_block = _resource("shared_mem_per_block",
                                     "Static shared memory per block, bytes.")
    local_mem_per_thread = _resource("local_mem_per_thread",
                                     "Local memory (spills, local arrays) per thread, bytes.")
    const_mem_size = _resource("const_mem_size", "Constant memory used by the kernel, bytes.")
    max_threads_per_block = _resource("max_threads_per_block",
                                      "The largest block this kernel can be launched with.")
    del _resource

    @property
    def _codelibrary(self):
        """numba's _Kernel._codelibrary: this overload's code as numba's code
        library (get_cufunc(), get_asm_str(), get_cubin(), ...; _occupancy.py)."""
        from ._occupancy import CodeLibrary
        return CodeLibrary(self)

    def max_cooperative_grid_blocks(self, blockdim, dynsmemsize=0):
        """Blocks of `blockdim` threads of this overload that can be resident at
        once on the whole device (numba's _Kernel.max_cooperative_grid_blocks);
        see Dispatcher.max_cooperative_grid_blocks."""
        threads = int(np.prod(_dim3(blockdim, "blockdim")))
        if self.cpu:  # every thread of the grid is a fiber there
            if threads > 1024:
                raise ValueError("blockdim %r: a block has at most 1024 threads" % (blockdim,))
            return ext().CPU_GRID_SYNC_THREADS // threads
        per_sm = self.kernel.max_active_blocks(threads, int(dynsmemsize))
        return per_sm * current_device()["multiprocessor_count"]

    def _compile(self, info, arch, opt, device, link_options):
        """Source -> PTX (or host bitcode) -> cubin: what the cache stores.

        For the GPU, nvJitLink (a large library) loads while LLVM compiles (on
        the calling thread, the compile on its own); the PTX version is chosen
        for the driver, and for nvJitLink when it is known. An nvJitLink older
        than the driver, found once loaded, gets the PTX compiled again for
        its version."""
        options = self._dispatcher.options

        def compile_ptx(load_nvjitlink=False):
            return compile_resolving(lambda: ext().compile_kernel(
                info["source"], info["filename"], info["firstline"], info["name"],
                info["globals"], self.argtypes, "sm_90" if self.cpu else arch, opt, "ptx",
                dict(_options.compile_options(options, device, self.index32, host=self.cpu),
                     **_source.placement_options(info)),
                load_nvjitlink))

        if self.cpu:
            result = compile_ptx()
            image = result["host_bitcode"]
        else:
            from ._ext import nvjitlink_version, nvjitlink_version_if_loaded
            known = _options.compile_options(options, device, self.index32).get("cuda_version")
            result = compile_ptx(load_nvjitlink=nvjitlink_version_if_loaded() is None)
            linker = nvjitlink_version()
            if known is not None and 0 < linker[0] and linker < tuple(known):
                result = compile_ptx()  # now for the (older) nvJitLink too
            if result.get("debug_info"):  # full DWARF (debug=True, opt=False): ptxas's -g
                link_options = ("-g",) + tuple(o for o in link_options
                                               if o not in ("-O3", "-lineinfo"))
            extra = _devicelib_inputs(arch) if result.get("uses_devicelib") else ()
            image = ext().link_ptx(result["ptx"], arch, link_options,
                                   tuple(extra) + _link_inputs(self._link_files, arch))
        return {"ir": result["ir"], "llvm": result["llvm"], "ptx": result["ptx"],
                "entry": result["entry"], "ptx_version": result["ptx_version"],
                "error_sites": [list(site[:5]) + [list(site[5]), [list(c) for c in site[6]]]
                                for site in result["error_sites"]],
                "paramtypes": list(result["paramtypes"]),
                "warnings": result.get("warnings") or "",
                "performance_warnings": result.get("performance_warnings") or "", "image": image,
                "cooperative": bool(result.get("cooperative"))}

    def wide_kernel(self):
        """The 64-bit-index variant, compiled on first use."""
        if self._wide is None:
            self._wide = _Overload(self._dispatcher, self.argtypes, self._arch, self._info,
                                   index32=False)
        return self._wide.kernel


_VERSIONS = None
_DEVICELIB_DIR = os.path.join(_options.PACKAGE_DIR, "devicelib")


def _devicelib_inputs(arch):
    """nvJitLink inputs of pyjit's device library for `arch` (docs/coop.md):
    its relocatable cubin, else its relocatable PTX (compiled at link time,
    slower). Raises LinkError naming the directory when neither is there."""
    from .errors import LinkError
    for kind, name in (("cubin", "coop_%s.cubin" % arch), ("ptx", "coop.ptx")):
        path = os.path.join(_DEVICELIB_DIR, name)
        if os.path.exists(path):
            with open(path, "rb") as f:
                return ((kind, f.read(), name),)
    raise LinkError("the kernel uses pyjit.coop, but pyjit's device library is not in %s "
                    "(build it with the package: it needs nvcc)" % _DEVICELIB_DIR)


# numba.cuda's link= files by extension: .cu goes through NVRTC (as PTX),
# the others straight to nvJitLink.
_LINK_KINDS = {".cu": "cu", ".ptx": "ptx", ".cubin": "cubin", ".fatbin": "fatbin",
               ".ltoir": "ltoir", ".o": "object", ".a": "library"}


def _check_param_slots(dispatcher, argtypes):
    """TypeError, before compiling, when the arguments take more kernel
    parameter slots than a launch passes (a tuple of thousands of numbers
    took seconds to compile and then failed at the launch), naming the
    argument that goes past the limit."""
    slots, limit = ext().param_slots(tuple(argtypes))
    total = 0
    for i, (n, t) in enumerate(zip(slots, argtypes)):
        total += n
        if total > limit:
            name = getattr(dispatcher, "_arg_name", lambda k: "argument %d" % k)(i)
            raise _users(TypeError(
                "kernel '%s': %s (%s) takes %d kernel parameter slot%s, %d in all with the "
                "arguments before it; a kernel takes at most %d (pass an array instead of a "
                "long tuple)" % (getattr(dispatcher, "__name__", "?"), name,
                                 t if len(t) <= 60 else t[:57] + "...", n,
                                 "" if n == 1 else "s", total, limit)))


def _link_files(options, info, kernel, must_exist=True):
    """The files kernel `kernel` links, absolute, each once: its link=
    option's, then those of the declared device functions (declare_device's
    link=) it reaches through its globals and device functions. Raises
    ValueError for an extension pyjit cannot link, FileNotFoundError for a
    missing file when `must_exist` (pyjitc reads them only for a cubin)."""
    paths = list(options.get("link") or ())
    for _, kind, value in _global_descriptions(info):
        if kind == "extern":
            paths.extend(value[3])
    out = []
    for path in paths:
        path = os.path.abspath(os.fspath(path))
        if path in out:
            continue
        if os.path.splitext(path)[1].lower() not in _LINK_KINDS:
            raise ValueError("kernel '%s': cannot link '%s': pyjit links %s files"
                             % (kernel, path, ", ".join(sorted(_LINK_KINDS))))
        if must_exist and not os.path.isfile(path):
            raise FileNotFoundError("kernel '%s': link file '%s' not found" % (kernel, path))
        out.append(path)
    return out


def _check_host_globals(info, kernel):
    """The CPU backend reads a global device array in place: one in GPU
    memory (a GPU is present, the kernel runs on the CPU), or without a GPU
    one another library holds, cannot be, and is a TypeError naming it."""
    for name, kind, value in _global_descriptions(info):
        if kind == "devarray" and not value[5]:
            if _devicearray.host_memory():  # no GPU: memory another library holds
                raise TypeError("kernel '%s' runs on the CPU backend, and its global device "
                                "array '%s' is memory the CPU backend did not allocate (it reads "
                                "its own device arrays, cuda.to_device's)" % (kernel, name))
            raise TypeError("kernel '%s' runs on the CPU backend, and its global device "
                            "array '%s' is in GPU memory; pass it as an argument instead"
                            % (kernel, name))


_global_descriptions = _source.reached_globals


_INCLUDE = re.compile(rb'^[ \t]*#[ \t]*include[ \t]*(?:"([^"\n]+)"|<([^>\n]+)>)', re.M)


def _nvrtc_search_paths():
    """The directories of cuda.config.CUDA_NVRTC_EXTRA_SEARCH_PATHS (numba's
    setting: ':'-separated), in order, as a tuple."""
    from . import _config
    paths = _config.CUDA_NVRTC_EXTRA_SEARCH_PATHS or ""
    return tuple(d for d in str(paths).split(":") if d)


def _file_digests(paths, search=()):
    """(path, SHA-256 of the contents) of each file and, for a .cu file, of
    every header it includes, transitively, as NVRTC finds it: a header in
    quotes beside the file including it, then beside the .cu file, then in
    the directories `search` (CUDA_NVRTC_EXTRA_SEARCH_PATHS); a header in
    <...> in `search` only. Headers not found (inside an #if, say, or the
    toolkit's, whose version is in the key already) are left out."""
    import hashlib
    out, seen = [], set()
    for path in paths:
        top = os.path.dirname(os.path.abspath(path))
        stack = [(path, path.lower().endswith(".cu"))]  # (file, scan its includes)
        while stack:
            name, scan = stack.pop()
            key = os.path.abspath(name)
            if key in seen:
                continue
            seen.add(key)
            with open(name, "rb") as f:
                data = f.read()
            out.append((name, hashlib.sha256(data).hexdigest()))
            for m in _INCLUDE.finditer(data) if scan else ():
                quoted = m.group(1) is not None
                rel = os.fsdecode(m.group(1) if quoted else m.group(2))
                bases = (os.path.dirname(key), top) + tuple(search) if quoted else search
                for base in bases:
                    candidate = os.path.join(base, rel)
                    if os.path.isfile(candidate):
                        stack.append((candidate, True))
                        break
    return out


def _link_inputs(paths, arch):
    """nvJitLink inputs (kind, bytes, name) of the link files; a .cu file is
    compiled to PTX by NVRTC first, with `-I` for each directory of
    CUDA_NVRTC_EXTRA_SEARCH_PATHS (LinkError with its log on errors)."""
    inputs = []
    includes = tuple("-I" + d for d in _nvrtc_search_paths())
    for path in paths:
        kind = _LINK_KINDS[os.path.splitext(path)[1].lower()]
        name = os.path.basename(path)
        with open(path, "rb") as f:
            data = f.read()
        if kind == "cu":
            kind = "ptx"
            try:
                source = data.decode("utf-8")
            except UnicodeDecodeError as exc:
                from .errors import LinkError
                raise LinkError("cannot compile '%s': it is not UTF-8 text (%s)"
                                % (path, exc)) from None
            data = ext().compile_cuda(source, path, arch, includes).encode()
        inputs.append((kind, data, name))
    return tuple(inputs)


def _devicelib_digest():
    """The device library's manifest (SHA-256 of each built file), or ''."""
    try:
        with open(os.path.join(_DEVICELIB_DIR, "manifest.txt")) as f:
            return f.read()
    except OSError:
        return ""


def _file_identity(path):
    """'path:size:mtime' of a file: a rebuilt file is another identity."""
    try:
        st = os.stat(path)
        return "%s:%d:%d" % (path, st.st_size, st.st_mtime_ns)
    except OSError:
        return path


# Environment variables the code generator reads (for A/B benchmarks,
# docs/benchmarks.md): each changes the code, so each is in the cache key.
_CODEGEN_SWITCHES = ("PYJIT_NO_NARROW_IV", "PYJIT_NVPTX_SHORT_PTR")


def _versions(device):
    """What the compiled code depends on besides the source and options: the
    compiler (pyjit's version and its extension's file identity, so a
    rebuilt compiler misses, and the code generator's A/B switches), LLVM,
    the libdevice file linked (its identity: PYJIT_LIBDEVICE may name another),
    and for the CPU backend the host CPU; for GPUs the driver, nvJitLink's
    file and the device library's manifest."""
    global _VERSIONS
    if _VERSIONS is None:
        from . import __version__
        host = ext().versions()
        common = {"pyjit": __version__, "llvm": host["llvm"],
                  "compiler": _file_identity(ext().__file__),
                  # (the math functions' code: PYJIT_LIBDEVICE or CUDA_HOME may name another)
                  "libdevice": _file_identity(ext().libdevice_path())}
        _VERSIONS = {"cpu": dict(common, host_cpu=host["host_cpu"],
                                 host_features=host["host_features"]),
                     "gpu": None, "common": common}
    # (read at each compile, as the code generator reads them)
    switches = tuple(os.environ.get(v) for v in _CODEGEN_SWITCHES)
    if device is None:
        return dict(_VERSIONS["cpu"], codegen_switches=switches)
    if _VERSIONS["gpu"] is None:
        _VERSIONS["gpu"] = dict(_VERSIONS["common"], nvjitlink=ext().nvjitlink_identity(),
                                devicelib=_devicelib_digest())
    return dict(_VERSIONS["gpu"], driver=tuple(device.get("driver_version") or ()),
                codegen_switches=switches)


def _overlapping_host_arrays(args):
    """Positions of the numpy arguments (not mapped or managed arrays, which
    a GPU reads in place too) whose bytes overlap another array argument's."""
    spans = []
    for i, a in enumerate(args):
        if isinstance(a, np.ndarray) and a.size:
            low, nbytes = _devicearray.host_extent(a)
            spans.append((low, low + nbytes, i, a))
    if len(spans) < 2:
        return ()
    spans.sort(key=lambda s: s[0])
    out = set()
    for k, (low, high, i, a) in enumerate(spans):
        for later in spans[k + 1:]:
            if later[0] >= high:
                break  # (sorted by start: no later one reaches back)
            out.update((i, later[2]))
    return {i for i in out
            if not isinstance(args[i], (_devicearray.MappedArray, _devicearray.ManagedArray))}


class _HostArray:
    """A numpy array as the CPU backend's launch reads it (docs/abi.md)."""
    __slots__ = ("array", "_pyjit_abi")

    def __init__(self, array):
        self.array = array  # kept alive for the launch
        self._pyjit_abi = (array.ctypes.data,) + array.shape + array.strides


class _Compiled:
    """What kernels and device functions share: the Python function, the
    decorator's options, and its name and docstring."""

    def __init__(self, py_func, options):
        self.py_func = py_func
        # (numba's removed keywords argtypes, restype and bind are accepted as None.)
        self.options = {k: v for k, v in (options or {}).items()
                        if not (k in ("argtypes", "restype", "bind") and v is None)}
        _source.note_loaded_source(py_func)  # its file's state: edits are found later
        _options.check(self.options, py_func.__name__,
                       device=isinstance(self, DeviceFunction))
        self.__name__ = py_func.__name__
        self.__doc__ = py_func.__doc__
        self.__wrapped__ = py_func
        # As functools.update_wrapper sets them (numba's dispatchers too).
        self.__module__ = getattr(py_func, "__module__", None)
        self.__qualname__ = getattr(py_func, "__qualname__", py_func.__name__)
        self.__annotations__ = getattr(py_func, "__annotations__", {})

    @property
    def targetoptions(self):
        """The decorator's options, with numba's defaults for those not
        given (numba's targetoptions: debug, lineinfo, link, opt, fastmath,
        device, inline, forceinline, extensions, launch_bounds, lto)."""
        given = {k: v for k, v in self.options.items() if v is not None}
        debug = bool(given.get("debug", False))
        options = {"debug": debug, "lineinfo": False, "link": [], "opt": not debug,
                   "fastmath": False, "device": isinstance(self, DeviceFunction),
                   "inline": "never", "forceinline": False, "extensions": [],
                   "launch_bounds": None, "lto": None}
        options.update(given)
        return options

    def _signatures_for_pickle(self):
        return list(self.signature_strings)

    def __reduce__(self):
        """Pickled by reference (a module-level object) or by value (its
        function's code and closure, _serialize.py), decorated again on
        loading with the same signatures and options."""
        from . import _serialize
        attrs = {"_specialized": True} if getattr(self, "_specialized", False) else {}
        return _serialize.reduce(self, self.py_func, type(self),
                                 (self._signatures_for_pickle(), self.options), attrs)

    def __setstate__(self, state):
        from . import _serialize
        _serialize.restore(self, state)

    @property
    def extensions(self):
        """numba's argument-handling extensions: a device function has none
        (a kernel's are Dispatcher.extensions)."""
        return []


class _Extensions(list):
    """Dispatcher.extensions: numba's argument handlers, objects with
    `prepare_args(ty, val, stream=, retr=) -> (ty, val)`, applied last to
    first to every argument of every launch (`retr` collects callables run
    after the launch). A change empties the launch fast path's table, so
    that launches come to Python, which applies them."""

    __slots__ = ("_changed",)

    def __init__(self, items, changed):
        super().__init__(items)
        self._changed = changed

    def _mutator(name):
        method = getattr(list, name)

        def mutate(self, *args):
            result = method(self, *args)
            self._changed()
            return self if name in ("__iadd__", "__imul__") else result
        mutate.__name__ = name
        return mutate

    for _name in ("append", "extend", "insert", "remove", "pop", "clear", "sort", "reverse",
                  "__setitem__", "__delitem__", "__iadd__", "__imul__"):
        locals()[_name] = _mutator(_name)
    del _name, _mutator


def _dispatcher_base():
    """The C++ base (kernel[config] and the launch fast path, python/src/Dispatch.cpp);
    without a loadable extension, a base that reports why at the first launch."""
    try:
        return ext().DispatcherBase
    except ImportError as exc:
        reason = exc

        class _NoExtension:
            def __getitem__(self, config):
                raise ImportError("pyjit's C++ extension could not be loaded: %s" % reason)

            def _dispatch_init(self, nparams):
                pass
        return _NoExtension


def _register_fast_types():
    """Tells the launch fast path which argument types it may read itself."""
    try:
        register = ext().register_launch_type
    except ImportError:
        return
    for t in FAST_SCALARS:
        register(t, "scalar")
    register(_devicearray.DeviceArray, "abi")
    # NumPy scalars whose value the launcher copies without converting it.
    for name in ("bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32",
                 "uint64", "float16", "float32", "float64"):
        dt = np.dtype(name)
        sample = dt.type(1 if dt.kind == "b" else 123)
        ext().register_raw_scalar(sample, dt.kind, dt.itemsize, np.array(sample).tobytes())


_known_types = set(FAST_SCALARS) | {_devicearray.DeviceArray, np.ndarray}
_launch_state = threading.local()  # .args: the launch in progress (pre-launch callbacks)


def _current_launch_args():
    """launcher.args: the arguments of this thread's launch in progress
    through a launcher with pre_launch_callbacks, else None."""
    return getattr(_launch_state, "args", None)
_NO_LOCK = __import__("contextlib").nullcontext()


def _foreign_argument(value):
    """An argument of a type not seen before: a DLPack producer without
    __cuda_array_interface__ (JAX arrays, for one) becomes a DeviceArray view;
    any other value is passed on, its type registered (CuPy and PyTorch
    arrays with the C++ launch path)."""
    if (not isinstance(value, np.ndarray) and not hasattr(value, "__cuda_array_interface__")
            and hasattr(value, "__dlpack__") and hasattr(value, "__dlpack_device__")):
        try:
            device = value.__dlpack_device__()
        except Exception:
            device = (None,)
        if device[0] in (2, 3, 13):  # in GPU memory (others: typeof reports them)
            return _devicearray.from_dlpack(value)
    _register_foreign(value)
    return value


def _cupy_current_stream():
    """A callable giving CuPy's current stream on a device (a CUstream as an
    int; 0 the legacy default stream): the stream CuPy's
    __cuda_array_interface__ names, which launches with CuPy arrays wait for
    (CAI v3). With the device given, CuPy does not ask the runtime for it
    (0.07 us a call on the H200 machine against 1.4 us)."""
    import cupy
    current = cupy.cuda.get_current_stream
    return lambda device: current(device).ptr


def _register_foreign(value):
    """Registers CuPy arrays, PyTorch tensors and IntEnum classes with the
    fast path when first seen (an IntEnum member is keyed by its class, as
    its type IntEnumMember(cls, int64) is, and packed as its int)."""
    t = type(value)
    _known_types.add(t)
    module = t.__module__ or ""
    if isinstance(value, enum.IntEnum):
        if _source.int_enum_member_type(t) is not None:  # (else typed as the int it is)
            ext().register_launch_type(t, "scalar")
    elif module.startswith("cupy") and t.__name__ == "ndarray":
        ext().register_launch_type(t, "cupy", None, _cupy_current_stream())
    elif module.startswith("torch"):
        import torch
        if isinstance(value, torch.Tensor) and t in (torch.Tensor, torch.nn.Parameter):
            # DLPack's C exchange API (PyTorch 2.10+) reads pointer, shape,
            # strides, dtype and device in one C call; before it, one call of
            # DLPack's exporter (five attribute reads cost about twice as much).
            # Only torch's own table: on torch 2.4-2.9 tvm-ffi's add-on may set
            # the attribute, with a table built for some other torch.
            version = tuple(int(p) for p in re.findall(r"\d+", torch.__version__)[:2])
            api = getattr(t, "__dlpack_c_exchange_api__", None) if version >= (2, 10) else None
            current = torch.cuda.current_stream  # unless the table gives current_work_stream
            if api is not None:
                try:
                    ext().register_launch_type(t, "torch", api,
                                               lambda device: current(device).cuda_stream)
                    return
                except (TypeError, ValueError):
                    pass  # another version of the table: the exporter below
            from torch.utils.dlpack import to_dlpack
            ext().register_launch_type(t, "torch", to_dlpack,
                                       lambda device: current(device).cuda_stream)


def _exception_class(name):
    """The class an error site names: "IndexError", or "module:qualname" for a
    `raise` in a kernel ("builtins:ValueError", "mymodule:MyError");
    RuntimeError if it cannot be found (its module was unloaded)."""
    from ._source import EXCEPTION_CLASSES
    obj = EXCEPTION_CLASSES.get(name)
    if obj is None:
        module, _, qualname = name.rpartition(":")
        obj = _source.named_object(module or "builtins", qualname)
    return obj if isinstance(obj, type) and issubclass(obj, BaseException) else RuntimeError


def _make_exception(exc_type, message, *extra):
    """exc_type(message, *extra) (extra: a raise's further arguments), or for a
    class whose __init__ takes no message, exc_type() with the message as a
    note (PEP 678); RuntimeError naming the class if it cannot be made at all.
    Marked as a kernel's exception (see user_facing)."""
    try:
        exc = exc_type(message, *extra)
    except Exception:
        try:
            exc = exc_type()
            exc.add_note(message)
        except Exception:
            exc = RuntimeError("%s (could not be constructed): %s" % (exc_type.__name__, message))
    try:
        exc._pyjit_kernel = True
    except Exception:  # (an exception class without attributes: full traceback)
        pass
    return exc


def user_facing(function):
    """`function`, whose errors about the user's code (pyjit's CompileError,
    KernelError and CudaError, an exception a kernel raised, errors.py's
    _users-marked errors in the arguments) leave with a
    traceback that starts at this call: the frames inside pyjit add nothing
    to the message, which names the user's file and line. Other errors
    (pyjit's own bugs among them) keep their whole traceback."""
    @functools.wraps(function)
    def call(*args, **kwargs):
        try:
            return function(*args, **kwargs)
        except BaseException as exc:  # (a kernel's KeyboardInterrupt too)
            if not (isinstance(exc, PyjitError) or getattr(exc, "_pyjit_kernel", False)
                    or getattr(exc, "_pyjit_user", False)):
                raise
            raise exc.with_traceback(None)
    return call


class _RecordWord(int):
    """One int64 word of a kernel's error record, formatted as an int, or
    as its unsigned reading with the spec `u` ("index {0:u}": a uint64
    index of 2**64-1 is not -1)."""

    def __format__(self, spec):
        if spec == "u":
            return str(int(self) & 0xFFFFFFFFFFFFFFFF)
        return int.__format__(int(self), spec)


class Dispatcher(_dispatcher_base(), _Compiled):
    """A kernel: `kernel[grid, block](*args)` or `kernel[grid, block, stream, shared](*args)`.

    `kernel[config]` and the call are C++ (DispatcherBase, Launcher): a cached
    launch reads its arguments and calls cuLaunchKernel without running Python
    code; first calls and arguments it cannot read come to `_launch`."""

    @user_facing
    def __init__(self, py_func, signatures=(), options=None):
        _Compiled.__init__(self, py_func, options)
        parameters = inspect.signature(py_func, follow_wrapped=False).parameters.values()
        self._params = [p.name for p in parameters]
        # *args, **kwargs, keyword-only and positional-only parameters, spelled.
        kinds = {inspect.Parameter.VAR_POSITIONAL: "*%s", inspect.Parameter.VAR_KEYWORD: "**%s",
                 inspect.Parameter.KEYWORD_ONLY: "%s (keyword-only)",
                 inspect.Parameter.POSITIONAL_ONLY: "%s (positional-only)"}
        self._special_params = [kinds[p.kind] % p.name for p in parameters if p.kind in kinds]
        # Trailing defaults fill omitted arguments (as in Python and numba).
        self._defaults = [p.default for p in parameters]
        self._dispatch_init(len(self._params))
        self._extensions = _Extensions(self.options.get("extensions", ()),
                                       self._extensions_changed)
        # Argument types -> describe()'s dict its compile read: numba reads a
        # kernel's globals at each compile, so a signature compiled after a
        # global changed sees the new value; every device compiles one
        # signature from one reading (one module per device, same code).
        self._infos = {}
        self._target = None  # 'cuda' or 'cpu', chosen at the first compile
        self._by_device = {}  # device ordinal (or 'cpu') -> {argument types: _Overload}
        new_lock(self, "_compile_lock", reentrant=True)
        self.signature_strings = []
        self._sig_types = []
        self._compile_disabled = False  # disable_compile()
        self._converted = set()  # argument types taken by conversion while it was
        for sig in signatures:
            self._add_signature(sig)
        # Whether the signature comes from type hints (numba ignores them):
        # TypeErrors of arguments say so.
        self._hinted = False
        if not signatures:
            hinted = _signature_from_hints(py_func)
            if hinted is not None:
                self._add_signature(hinted)
                self._hinted = True
        if self.signature_strings and not os.environ.get("PYJIT_PYJITC"):
            self._compile_eagerly()

    def _compile_eagerly(self):
        """Compiles every signature now, as numba does, so errors in the kernel
        surface at decoration: for the GPU, or for the CPU backend when that
        is the target."""
        for sig_types in self._sig_types:
            self._compile_for(tuple(sig_types))

    @property
    def _overloads(self):
        """This thread's device's overloads: one module per device."""
        key = "cpu" if self.target == "cpu" else ext().selected_device()
        table = self._by_device.get(key)
        if table is None:
            table = self._by_device[key] = {}
        return table

    def _arch(self):
        """'cpu' for the CPU backend, else the current GPU's arch ('sm_90')."""
        return "cpu" if self.target == "cpu" else current_device()["arch"]

    @property
    def target(self):
        """Where the kernel runs: 'cuda', or 'cpu' for the CPU backend (its
        `target` option, else $PYJIT_TARGET, else 'cpu' without a GPU)."""
        if self._target is None:
            self._target = _options.target(self.options)
        return self._target

    def _add_signature(self, sig):
        sig = signature_text(sig)
        types = _parse_signature_types(sig)  # checks it now
        restype = return_type_text(sig)
        if restype not in ("", "void", "none"):
            raise TypeError("kernel '%s' must have void return type (a kernel returns "
                            "nothing, so its signature starts with 'void('), got %r"
                            % (self.__name__, sig))
        for t in types:
            if "CPointer(" in t and not t.startswith("CPointer("):
                raise TypeError("kernel '%s': signature %r has a pointer inside %s; a kernel "
                                "takes pointers (addresses) as parameters of their own"
                                % (self.__name__, sig, t))
        self._sig_types.append(types)
        self.signature_strings.append(sig)

    # -- launch ---------------------------------------------------------------
    @user_facing
    def _configure(self, config):
        """(griddim, blockdim, stream handle, dynamic shared bytes) of a launch
        configuration, checked; called by kernel[config] once per configuration."""
        if not isinstance(config, tuple) or not 2 <= len(config) <= 4:
            raise _users(ValueError(
                "kernel '%s': a launch configuration is [grid, block], [grid, block, stream] "
                "or [grid, block, stream, dynamic_shared_bytes], got %r" % (self.__name__, config)))
        try:
            griddim = _dim3(config[0], "griddim")
            blockdim = _dim3(config[1], "blockdim")
            stream = _stream_handle(config[2]) if len(config) > 2 else 0
            shared = config[3] if len(config) > 3 else 0
            if isinstance(shared, (bool, np.bool_)) or not isinstance(shared, (int, np.integer)):
                raise TypeError("dynamic shared memory size must be an int (bytes), got %r"
                                % (shared,))
            shared = int(shared)
            if shared < 0:
                raise LaunchConfigError("dynamic shared memory size must be >= 0, got %d" % shared)
        except (TypeError, ValueError) as exc:
            raise _users(type(exc)("kernel '%s': %s" % (self.__name__, exc))) from None
        _check_limits(self.__name__, griddim, blockdim, shared,
                      None if self.target == "cpu" else current_device())
        bounds = _options.launch_bounds(self.options)
        if bounds is not None and blockdim[0] * blockdim[1] * blockdim[2] > bounds[0]:
            raise LaunchConfigError("kernel '%s': a block of %d threads exceeds its launch_bounds "
                                    "of %d threads per block"
                                    % (self.__name__, blockdim[0] * blockdim[1] * blockdim[2],
                                       bounds[0]))
        if self.target != "cpu":
            self._warn_low_occupancy(griddim)
        return griddim, blockdim, stream, shared

    def _warn_low_occupancy(self, griddim):
        """numba.cuda's NumbaPerformanceWarning for a grid of fewer than 128
        blocks (numba's heuristic threshold: about twice the SM count of
        large GPUs), unless cuda.config.CUDA_LOW_OCCUPANCY_WARNINGS is 0."""
        from . import _config
        blocks = griddim[0] * griddim[1] * griddim[2]
        if blocks >= 128 or not _config.CUDA_LOW_OCCUPANCY_WARNINGS or \
                getattr(self, "_quiet_occupancy", False):  # (pyjit's own: cuda.reduce's)
            return
        _options.warn_performance(
            "Grid size %d will likely result in GPU under-utilization due to low "
            "occupancy (kernel '%s': fewer than 128 blocks; "
            "cuda.config.CUDA_LOW_OCCUPANCY_WARNINGS = 0 turns this warning off)"
            % (blocks, self.__name__))

    def __call__(self, *args, **kwargs):
        if _returns_a_value(self.py_func):
            # Not a kernel (a kernel returns nothing) but a function, as
            # `from numba import jit` makes one (pyjit.jit is cuda.jit): from
            # the host it is the Python function, as pyjit.njit's is.
            return self.py_func(*args, **kwargs)
        # numba.cuda raises ValueError here too ("launch configuration was not specified").
        raise ValueError("kernel '%s': launch configuration was not specified; launch it as "
                         "%s[grid, block](...)" % (self.__name__, self.__name__))

    def forall(self, ntasks, tpb=0, stream=0, sharedmem=0):
        """A launcher covering `ntasks` threads (numba's forall): blocks of
        `tpb` threads (default 256), enough blocks for ntasks; 0 tasks
        launches nothing."""
        for what, v in (("ntasks", ntasks), ("tpb", tpb)):
            if isinstance(v, (bool, np.bool_)) or not isinstance(v, (int, np.integer)):
                raise TypeError("forall() %s must be an int, got %r" % (what, v))
        ntasks = int(ntasks)
        if ntasks < 0:
            raise ValueError("forall() needs a non-negative number of tasks, got %d" % ntasks)
        if int(tpb) < 0:
            raise ValueError("forall() needs a positive number of threads per block, got %d"
                             % tpb)
        if ntasks == 0:
            return lambda *args: None
        bounds = _options.launch_bounds(self.options)
        tpb = int(tpb) or min(256, ntasks, bounds[0] if bounds else 1024)
        return self[(ntasks + tpb - 1) // tpb, tpb, stream, sharedmem]

    def _arg_name(self, i):
        return "argument '%s'" % self._params[i] if i < len(self._params) else "argument %d" % i

    @property
    def extensions(self):
        """numba's argument handlers (the `extensions` option): a list; see
        _Extensions. Each launch of a kernel that has some runs in Python."""
        return self._extensions

    @extensions.setter
    def extensions(self, items):
        self._extensions = _Extensions(items, self._extensions_changed)
        self._extensions_changed()

    def _extensions_changed(self):
        self._dispatch_init(len(self._params))  # launches come to _launch again

    @user_facing
    def _launch_configured(self, launcher, args):
        """A launch through a launcher given pre_launch_callbacks (numba-cuda's):
        each is called as callback(overload, launcher) once the overload is
        chosen, with launcher.args giving `args` meanwhile."""
        def before(overload):
            # (the live list, as numba iterates it: one a callback appends runs too)
            for callback in launcher.pre_launch_callbacks:
                callback(overload, launcher)
        previous = getattr(_launch_state, "args", None)
        _launch_state.args = args
        try:
            return self._launch(launcher.griddim, launcher.blockdim, launcher._stream_handle,
                                launcher.sharedmem, args, before)
        finally:
            _launch_state.args = previous

    @user_facing
    def _launch(self, griddim, blockdim, stream, shared, args, before=None):
        """Launches from Python: compiles for new argument types, copies numpy
        arrays in and out. Returns the Kernel launched when the C++ fast path
        can launch the same arguments' types by itself next time, else None.
        With extensions (numba's argument handlers), each maps every
        argument first, and their write-backs run after the launch.
        `before(overload)`, when given, runs once the overload is chosen."""
        if not self._extensions:
            kernel = self._launch_args(griddim, blockdim, stream, shared, args, before)
            # An extension added by another thread during this launch (its
            # compile): not into the fast path's table, which would skip it.
            return None if self._extensions else kernel
        from .types import typeof as _type_object
        retr = []
        mapped = []
        for value in args:
            try:
                ty = _type_object(value)
            except TypeError:
                ty = None  # a value only an extension turns into an argument
            for extension in reversed(self._extensions):
                ty, value = extension.prepare_args(ty, value, stream=stream, retr=retr)
            mapped.append(value)
        self._launch_args(griddim, blockdim, stream, shared, tuple(mapped), before)
        for write_back in retr:
            write_back()
        return None  # never the fast path: the extensions run at every launch

    def _launch_args(self, griddim, blockdim, stream, shared, args, before=None):
        if len(args) < len(self._params) and all(
                d is not inspect.Parameter.empty for d in self._defaults[len(args):]):
            args = tuple(args) + tuple(self._defaults[len(args):])
        if self._special_params:
            wrapped = getattr(self.py_func, "__wrapped__", None)
            raise _users(TypeError("kernel '%s' has the parameter%s %s: kernels take positional "
                            "parameters only%s%s"
                            % (self.__name__, "s" if len(self._special_params) > 1 else "",
                               ", ".join(self._special_params),
                               " (a tuple parameter takes what *args would)"
                               if any(p.startswith("*") for p in self._special_params) else "",
                               # @cuda.jit over a decorator's functools.wraps wrapper
                               "; @cuda.jit was given '%s', which a decorator made around '%s': "
                               "put @cuda.jit on '%s' itself" % (
                                   self.py_func.__code__.co_name, wrapped.__name__,
                                   wrapped.__name__)
                               if callable(wrapped) and hasattr(wrapped, "__name__") else "")))
        if len(args) != len(self._params):
            raise _users(TypeError("kernel '%s' takes %d arguments (%s), got %d"
                                   % (self.__name__, len(self._params), ", ".join(self._params),
                                      len(args))))
        hints = None
        if any(type(a) not in _known_types for a in args):
            # cuda.In/Out/InOut(array): the array, copied as the hint says.
            if any(isinstance(a, _ArgHint) for a in args):
                # (by position: k(cuda.In(a), a) copies the plain `a` back)
                hints = tuple(a if isinstance(a, _ArgHint) else None for a in args)
                args = tuple(a.value if isinstance(a, _ArgHint) else a for a in args)
            args = tuple(_foreign_argument(a) for a in args)
        torch = sys.modules.get("torch")
        if torch is not None and any(isinstance(a, torch.Tensor) and a.requires_grad
                                     for a in args):
            # As Triton takes them (the fast path too): the same memory,
            # detached, since torch's __cuda_array_interface__ refuses them.
            args = tuple(a.detach() if isinstance(a, torch.Tensor) and a.requires_grad else a
                         for a in args)
        types = tuple([fast_typeof(a) for a in args])
        # A Python int from 2**63 up is typed uint64 by its value: the fast
        # path, keyed by the int type, must not take such a launch's kernel.
        by_value = False
        if None in types:
            try:
                types = tuple([typeof(a, self._arg_name(i)) for i, a in enumerate(args)])
            except (TypeError, ValueError, OverflowError) as exc:  # argument 'x': ...
                types = self._big_ints_as_floats(args) if isinstance(exc, OverflowError) else None
                if types is None:
                    raise _users(type(exc)("kernel '%s': %s" % (self.__name__, exc))) from None
            by_value = any(type(a) is int and t != "int64" for a, t in zip(args, types))
        overload = self._overloads.get(types)
        if overload is None:
            overload = self._compile_for(types)
        if before is not None:
            before(overload)
        if overload.pointers:  # CPointer parameters: addresses
            try:
                _check_pointer_arguments(args, overload.argtypes, self._arg_name, overload.cpu)
            except TypeError as exc:
                raise _users(exc)
        if any("EnumMember(" in t for t in types):  # Enum members: their values
            args = tuple(_enum_values(a) if "EnumMember(" in t else a
                         for a, t in zip(args, types))
        if any("datetime64[" in t or "timedelta64[" in t for t in types):
            # NumPy datetime64/timedelta64 scalars (also in tuples): their int64 counts.
            args = tuple(_datetime_count(a, t) for a, t in zip(args, overload.argtypes))
        records = None
        if any(t.startswith("Record(") for t in types):
            # A record alone (a[i]): a 1-element array holds it for the launch.
            records, args = [], list(args)
            for i, t in enumerate(types):
                if t.startswith("Record(") and not isinstance(args[i], _devicearray.DeviceArray):
                    holder = np.array([args[i]], dtype=args[i].dtype)
                    records.append((args[i], holder))
                    args[i] = holder
            args = tuple(args)
        # numpy arrays travel to the device and back (numba.cuda's behaviour);
        # tuples are passed as their elements (docs/abi.md).
        given = args  # (the packer's errors name a tuple's element from these)
        if overload.flat:
            if hints:  # each argument's hint at its first flattened position
                hints = tuple(h for a, hint in zip(args, hints)
                              for n in (len(flatten((a,))),)
                              for h in [hint][:n] + [None] * (n - 1))
            args = tuple(flatten(args))
        if overload.cpu:
            self._launch_on_cpu(overload, griddim, blockdim, shared, args, hints,
                                given if overload.flat else None)
            if records:
                _write_records_back(records)
            return None
        copy_back = None
        for i, a in enumerate(args):
            # numpy arrays and their subclasses (np.recarray, np.memmap), not
            # ones the GPU reads in place (mapped, managed: their class has
            # __cuda_array_interface__)
            if type(a) is np.ndarray or (isinstance(a, np.ndarray) and
                                         not hasattr(type(a), "__cuda_array_interface__")):
                hint = (hints[i] if hints else None) or _InOut
                if copy_back is None:
                    copy_back, args = [], list(args)
                    if not hints:
                        self._warn_host_copy()
                dev = (_devicearray.to_device(a) if hint.copy_in
                       else _devicearray.device_array_like(a))
                args[i] = dev
                if a.flags.writeable and hint.copy_out:
                    copy_back.append((dev, a))
        fast = None
        with overload.record_lock if overload.error_sites else _NO_LOCK:
            try:
                narrow = overload.kernel.launch(griddim, blockdim, shared, stream, tuple(args))
            except (TypeError, OverflowError) as exc:
                raise self._named(exc, given if overload.flat else None) from None
            if narrow is False:
                # An array of 2^31 bytes or more: the 64-bit-index variant.
                overload.wide_kernel().launch(griddim, blockdim, shared, stream, tuple(args))
                if overload.error_sites:
                    self._check_error_record(overload._wide, stream)
            elif overload.error_sites:
                self._check_error_record(overload, stream)
            elif copy_back is None and not overload.flat and not by_value:
                fast = overload.kernel
        if copy_back:
            for dev, host in copy_back:
                dev.copy_to_host(host)
        if records:
            _write_records_back(records)
            return None
        return fast

    def _warn_host_copy(self):
        """numba.cuda's NumbaPerformanceWarning for host arrays, once per kernel
        (none when cuda.config.CUDA_WARN_ON_IMPLICIT_COPY is 0)."""
        from . import _config
        if getattr(self, "_warned_copy", False) or not _config.CUDA_WARN_ON_IMPLICIT_COPY:
            return
        self._warned_copy = True
        _options.warn_performance(
            "kernel '%s': host (numpy) arrays are copied to the device and back at every "
            "launch; pass device arrays (cuda.to_device) to avoid the copies" % self.__name__)

    def _named(self, exc, unflattened=None):
        """The C++ packer's "argument N: ..." error, naming the parameter (or,
        for tuples passed as their elements, `unflattened` the arguments
        given, the element: argument 't[1]')."""
        text = str(exc)
        flat_names = None if unflattened is None else self._flat_names(unflattened)
        if text.startswith("argument ") and ":" in text:
            index, rest = text[len("argument "):].split(":", 1)
            if index.isdigit() and flat_names is not None and int(index) < len(flat_names):
                text = "argument '%s':%s" % (flat_names[int(index)], rest)
            elif index.isdigit() and not self._overload_is_flat():
                text = "%s:%s" % (self._arg_name(int(index)), rest)
        if isinstance(exc, TypeError):
            text += self._hints_note()
        return _users(type(exc)("kernel '%s': %s" % (self.__name__, text)))

    def _hints_note(self):
        """For argument errors of a kernel typed by its type hints: that they
        are its signature (numba.cuda ignores annotations)."""
        if not getattr(self, "_hinted", False):
            return ""
        return ("\nnote: the kernel's signature is %s, from the type hints on its parameters "
                "(numba.cuda ignores annotations; pyjit compiles them as the signature): "
                "remove them to type the kernel per call" % self.signature_strings[0])

    def _flat_names(self, args):
        """The name of each value flatten(args) passes: 't[1]' for element 1
        of parameter t's tuple."""
        names = []

        def walk(value, name):
            if isinstance(value, tuple):
                for k, v in enumerate(value):
                    walk(v, "%s[%d]" % (name, k))
            elif not compile_time_only(value):  # (as flatten passes them)
                names.append(name)
        for i, a in enumerate(args):
            walk(a, self._params[i] if i < len(self._params) else str(i))
        return names

    def _overload_is_flat(self):
        return any(ov.flat for ov in self._overloads.values())

    def _launch_on_cpu(self, overload, griddim, blockdim, shared, args, hints=None,
                       unflattened=None):
        """The CPU backend: numpy arrays are used in place (no copies), but
        for cuda.In(a), whose writes the GPU would not copy back, and for
        arrays whose memory another argument's overlaps (`k(a, a)`,
        `k(a[1:], a[:-1])`): those get a copy each, copied back in argument
        order after the launch, as a GPU launch copies them (numba's)."""
        host_args, copies, back = [], [], []
        aliased = _overlapping_host_arrays(args)
        for i, a in enumerate(args):
            if isinstance(a, np.ndarray):
                hint = hints[i] if hints else None
                if hint is not None and not hint.copy_out:
                    a = a.copy()
                elif i in aliased:
                    own = a.copy(order="K")
                    if a.flags.writeable:  # (a read-only one: the kernel cannot write it)
                        back.append((a, own))
                    a = own
                host_args.append(_HostArray(a))
            elif isinstance(a, _devicearray.DeviceArray) and a._buffer_is_host():
                host_args.append(a)  # the CPU backend's device memory
            elif isinstance(a, _devicearray.DeviceArray) and _devicearray.host_memory():
                # No GPU, and not the CPU backend's memory: a foreign interface.
                raise TypeError("%s views memory the CPU backend did not allocate (a GPU "
                                "array's, from a __cuda_array_interface__); a kernel on the "
                                "CPU backend takes numpy arrays (or pyjit's device arrays)"
                                % self._arg_name(i))
            elif isinstance(a, _devicearray.DeviceArray):
                # pyjit's GPU memory (a GPU is present, the kernel runs on the
                # CPU): copied to the host and back, as numpy arrays are for
                # GPU kernels.
                if not (a.is_c_contiguous() or a.is_f_contiguous()):
                    raise TypeError("%s is a non-contiguous view of GPU memory; a kernel on "
                                    "the CPU backend takes it only contiguous" % self._arg_name(i))
                host = a.copy_to_host()
                if isinstance(a, _devicearray.DeviceRecord):
                    host = host.reshape(1)  # a record is passed as its 1-element array
                copies.append((a, host))
                host_args.append(_HostArray(host))
            elif hasattr(a, "__cuda_array_interface__"):
                # Another library's view of the CPU backend's own memory is
                # read in place; GPU memory is not readable here.
                from .cuda import as_cuda_array
                try:
                    view = as_cuda_array(a)
                except (ValueError, TypeError) as exc:  # a malformed descriptor
                    raise _users(TypeError("kernel '%s': %s: %s" % (
                        self.__name__, self._arg_name(i), exc))) from None
                if not view._buffer_is_host():
                    raise _users(TypeError(
                        "kernel '%s': %s is a GPU array; a kernel on the CPU backend takes "
                        "numpy arrays (or pyjit's device arrays)"
                        % (self.__name__, self._arg_name(i))))
                host_args.append(view)
            else:
                host_args.append(a)
        with overload.record_lock if overload.error_sites else _NO_LOCK:
            try:
                overload.kernel.launch(griddim, blockdim, shared, 0, tuple(host_args))
            except (TypeError, OverflowError) as exc:
                raise self._named(exc, unflattened) from None
            except (KernelError, KeyboardInterrupt) as exc:
                # A thread that failed a check returns; the runner may then find
                # a barrier it left waiting (a deadlock). The failed check is the
                # cause: report it (and clear the record for the next launch).
                # Ctrl-C stops the launch: a while loop it stopped names itself
                # (Python's own KeyboardInterrupt, without a message, passes).
                failure = self._recorded_failure(overload, 0) if overload.error_sites else None
                if failure is None and isinstance(exc, KeyboardInterrupt) and exc.args:
                    failure = _make_exception(KeyboardInterrupt, "kernel '%s': %s"
                                              % (self.__name__, exc))
                if failure is None:
                    raise
                raise failure from None
            failure = self._recorded_failure(overload, 0) if overload.error_sites else None
        for dev, host in copies:
            dev.copy_to_device(host)
        for a, own in back:
            np.copyto(a, own)
        if failure is not None:
            raise failure

    def _check_error_record(self, overload, stream):
        """Debug mode: waits for the launch and raises the first failed check
        (IndexError, AssertionError) with its line, thread and block."""
        failure = self._recorded_failure(overload, stream)
        if failure is not None:
            raise failure

    def _recorded_failure(self, overload, stream):
        """The exception for the first failed check of the last launch (its
        error record, then cleared), or None."""
        if overload.cpu:
            pass  # the launch has finished
        elif stream:
            ext().stream_synchronize(stream)
        else:
            ext().synchronize()
        record = overload.kernel.error_record()
        if record is None:
            return None
        exc_name, message, filename, line, col = overload.error_sites[record[0] - 1][:5]
        site = overload.error_sites[record[0] - 1]
        # raise E("bad", 3): the further arguments, compile-time constants
        extra = tuple(ast.literal_eval(a) for a in site[5]) if len(site) > 5 else ()
        text = message.format(_RecordWord(record[1]), _RecordWord(record[2]))
        where = "%s:%d:%d" % (filename, line, col)
        # The device function calls it lies in (a cache entry of an older
        # pyjit has none), but not those between pyjit's own functions.
        for call in (site[6] if len(site) > 6 else ()):
            if not _options.is_pyjit_source(call[0]):
                where += ", called from %s:%d:%d" % tuple(call)
        detail = ("in kernel '%s' at %s (thread (%d, %d, %d) of block (%d, %d, %d))"
                  % ((self.__name__, where) + tuple(record[3:9])))
        exc_type = _exception_class(exc_name)
        return _make_exception(exc_type, ("%s %s" % (text, detail)) if text else detail, *extra)

    def _compile_for(self, types):
        # One compile per signature, also when many threads call at once.
        with self._compile_lock:
            overload = self._overloads.get(types)
            if overload is not None:
                return overload
            return self._compile_locked(types)

    def _compile_locked(self, types):
        arch = self._arch()
        compile_types = types
        if self.signature_strings:
            compile_types = self._match_signature(types)
        overload = self._overloads.get(compile_types)
        if overload is None and self._compile_disabled:
            # As numba's dispatcher with compiling disabled: the compiled
            # overload the arguments convert to (unsafe conversions too).
            compiled = [("(%s)" % ", ".join(t), list(t)) for t in self._infos]
            match = self._match_signature(types, compiled, quiet=True) if compiled else None
            if match is None:
                raise TypeError("No matching definition for argument type(s) %s (kernel '%s': "
                                "compiling is disabled, disable_compile())"
                                % (", ".join(types), self.__name__))
            overload = self._overloads[types] = self._overloads[match]
            self._converted.add(types)
            return overload
        if overload is None:
            info = self._infos.get(compile_types) or describe(self.py_func)
            try:
                overload = _Overload(self, compile_types, arch, info)
            except CompileError as exc:
                if not self.signature_strings and len(exc.args) == 1 and \
                        isinstance(exc.args[0], str):
                    # Typed from the arguments given: say which types they
                    # had (a None or a scalar where the body wants an array).
                    exc.args = (exc.args[0].rstrip("\n") + "\nnote: kernel '%s' was compiled "
                                "for the types of the arguments given: %s"
                                % (self.__name__, ", ".join(
                                    "%s: %s" % (self._params[i] if i < len(self._params)
                                                else "argument %d" % i, t)
                                    for i, t in enumerate(types))),)
                raise
            self._infos[compile_types] = info
            self._overloads[compile_types] = overload
        self._overloads[types] = overload
        return overload

    def _signature_types(self):
        return self._sig_types

    def configure(self, griddim, blockdim, stream=0, sharedmem=0):
        """numba's: the launcher `kernel[griddim, blockdim, stream, sharedmem]` gives."""
        return self[griddim, blockdim, stream, sharedmem]

    def enable_caching(self):
        """numba's: keeps this kernel's compiled code in the disk cache (on
        by default in pyjit; this undoes cache=False for later compiles)."""
        self.options["cache"] = True

    def disable_compile(self, val=True):
        """numba's: with `val`, a launch with argument types not compiled yet
        runs the compiled overload they convert to, as numba chooses one
        (the fewest unsafe conversions, then safe ones, then promotions),
        or raises TypeError ("No matching definition") where none takes
        them, instead of compiling. disable_compile(False) compiles for the
        types given again."""
        with self._compile_lock:
            self._compile_disabled = bool(val)
            if not val and self._converted:
                for table in self._by_device.values():
                    for types in self._converted:
                        table.pop(types, None)
                self._converted = set()
                self._dispatch_init(len(self._params))  # the launch fast path's table too

    def typeof_pyval(self, val):
        """numba's: the type of `val` as a kernel argument (pyjit.typeof)."""
        from .types import typeof as _type_object
        return _type_object(val)

    def recompile(self):
        """numba's Dispatcher.recompile: compiles every signature compiled so
        far again, reading the kernel's globals anew (a global changed after
        its first compile; pyjit's disk-cache key holds their values).
        Raises what compiling raises."""
        with self._compile_lock:
            keys = {key: None for table in self._by_device.values() for key in table}
            self._infos = {}
            self._by_device = {}
            self._dispatch_init(len(self._params))  # the launch fast path's table too
            for types in keys:
                self._compile_for(types)

    @property
    def stats(self):
        """numba's Dispatcher.stats: (cache_path, cache_hits, cache_misses),
        the hits and misses Counters of this kernel's disk-cache lookups by
        argument types (docs/cache.md)."""
        hits, misses = collections.Counter(), collections.Counter()
        seen = set()
        for table in self._by_device.values():
            for overload in table.values():
                if id(overload) in seen:
                    continue
                seen.add(id(overload))
                if overload.cache_hit is not None:
                    (hits if overload.cache_hit else misses)[overload.argtypes] += 1
        return _CacheStats(_cache.directory() if self.options.get("cache", True) is not False
                           else None, hits, misses)

    def _big_ints_as_floats(self, args):
        """The argument types, a Python int beyond 64 bits typed float64 where
        every explicit signature takes a float or complex number there (numba
        converts such an int to the parameter's type: float(10**30)); None
        where some argument still does not type."""
        sigs = self._signature_types() if self.signature_strings else []
        if not sigs:
            return None
        out = []
        for i, a in enumerate(args):
            if type(a) is int and not _INT64_MIN <= a <= _UINT64_MAX:
                if not all(len(s) > i and s[i] in _FLOAT_PARAMS for s in sigs):
                    return None
                out.append("float64")
                continue
            try:
                out.append(typeof(a, self._arg_name(i)))
            except (TypeError, ValueError, OverflowError):
                return None
        return tuple(out)

    def _match_signature(self, types, candidates=None, quiet=False):
        """The explicit signature that takes the argument types with the least
        conversion, as numba chooses overloads: the fewest unsafe conversions
        (float64 to float32), then the fewest safe ones (int32 to float64), then
        the fewest promotions (int16 to int32). Two signatures rated alike
        raise TypeError ('ambiguous'), as numba's. `candidates`: (spelling,
        argument types) pairs in place of the explicit signatures; `quiet`:
        None rather than a TypeError when none takes them."""
        if candidates is None:
            candidates = zip(self.signature_strings, self._signature_types())
        candidates = list(candidates)
        problems, best, best_rank, tied = [], None, None, None
        for sig, sig_types in candidates:
            if len(sig_types) != len(types):
                problems.append("%s takes %d arguments" % (sig, len(sig_types)))
                continue
            ranks = [_conversion(want, got) for want, got in zip(sig_types, types)]
            if None in ranks:
                i = ranks.index(None)
                problem = "%s: %s is %s, the signature wants %s" % (
                    sig, self._arg_name(i), types[i], sig_types[i])
                if types[i].endswith(", A)") and sig_types[i].endswith(", C)") and \
                        types[i][:-3] == sig_types[i][:-3]:
                    problem += " (a strided view: np.ascontiguousarray() copies it contiguous)"
                problem += _reinterpret_hint(types[i], sig_types[i],
                                             self._params[i] if i < len(self._params) else "a")
                problems.append(problem)
                continue
            # numba's rating: unsafe conversions, then safe ones, then promotions.
            rank = (ranks.count(3), ranks.count(2), ranks.count(1))
            if best_rank is None or rank < best_rank:
                best, best_rank, tied = tuple(sig_types), rank, None
            elif rank == best_rank and tuple(sig_types) != best:
                tied = sig
        if best is not None and tied is not None:
            first = next(sig for sig, sig_types in candidates if tuple(sig_types) == best)
            raise _users(TypeError(
                "ambiguous overloading of kernel '%s' for arguments (%s): %s and %s take them "
                "with as many conversions; pass arguments of one signature's exact types"
                % (self.__name__, ", ".join(types), first, tied)))
        if best is not None or quiet:
            return best
        raise _users(TypeError("no signature of kernel '%s' matches the arguments: %s%s"
                               % (self.__name__, "; ".join(problems), self._hints_note())))

    # -- inspection -------------------------------------------------------------
    # As numba.cuda: given a signature, one overload's value; given none, a
    # dict {argument types: value} of every compiled overload (the resource
    # getters give a specialized kernel's value itself).
    def _signature_key(self, signature):
        """The overload key (canonical argument type strings) of `signature`:
        a tuple of argument types (pyjit or numba type objects, or their
        spellings), an object with `.args` (a numba Signature), or a
        'void(...)' string. TypeError for a spelling pyjit cannot parse."""
        if isinstance(signature, (tuple, list)) and tuple(signature) in self._overloads:
            return tuple(signature)
        return tuple(_parse_signature_types(_signature_of(signature)))

    def _overload_for(self, signature):
        if signature is None:  # one overload: pyjit's own calls (cooperative grid blocks)
            overloads = self._all_overloads()
            if not overloads:
                raise ValueError("kernel '%s' has not been compiled yet: give @cuda.jit a "
                                 "signature, or launch it once first" % self.__name__)
            return next(iter(overloads.values()))
        key = self._signature_key(signature)
        try:
            return self._all_overloads().get(key) or self._overloads[key]
        except KeyError:
            raise KeyError("kernel '%s' has no overload for %r; compiled: %s"
                           % (self.__name__, key, self.signatures)) from None

    def _all_overloads(self):
        """{argument types: overload}, compiling explicit signatures first
        where pyjitc deferred them."""
        if not self._overloads and self.signature_strings:
            self._compile_eagerly()
        return self.overloads

    def _inspect(self, signature, get):
        if signature is not None:
            return get(self._overload_for(signature))
        # Looked up by type objects too (`k.inspect_asm()[(float64[::1],)]`), as numba's.
        return _Overloads({sig: get(overload) for sig, overload in self._all_overloads().items()},
                          self._signature_key)

    def _resource(self, signature, name=None):
        """One resource-usage entry (`name`; None: all of them) as _inspect
        gives it; a specialized kernel given no signature answers for its one."""
        if signature is None and self.specialized:
            signature = self.signatures[0]
        return self._inspect(signature, lambda overload: (
            self._attributes(overload) if name is None else self._attributes(overload)[name]))

    def inspect_asm(self, signature=None):
        """The PTX of the overload for `signature` (str), or without one a dict
        {argument types: PTX} of every compiled overload, as numba.cuda. For
        a kernel on the CPU backend, the PTX it would have on sm_90 (compiled
        when first asked for, with the kernel's options)."""
        return self._inspect(signature, self._ptx)

    def _ptx(self, overload):
        if not overload.cpu:
            return overload.ptx
        ptx = getattr(overload, "_gpu_ptx", None)
        if ptx is None:
            from .cuda import compile_ptx
            opts = {k: v for k, v in self.options.items()
                    if k in ("debug", "lineinfo", "fastmath", "opt", "launch_bounds", "fma")}
            ptx, _ = compile_ptx(self.py_func, "void(%s)" % ", ".join(overload.argtypes),
                                 **opts)
            overload._gpu_ptx = ptx
        return ptx

    def inspect_lto_ptx(self, signature=None):
        """numba-cuda's link-time-optimised PTX: pyjit's kernels are PTX
        from LLVM's NVPTX backend, never NVVM LTO-IR, so this is the kernel's
        PTX, as inspect_asm gives it (a str for `signature`, else a dict
        {argument types: PTX}). LTO-IR files in `link=` are linked into the
        cubin after it and are not part of this text."""
        return self.inspect_asm(signature)

    def inspect_sass(self, signature=None):
        """SASS of the overload for `signature` (str), disassembled from its
        cubin by CUDA's nvdisasm (or cuobjdump); without a signature, a dict
        {argument types: SASS} of every compiled overload. Raises RuntimeError
        when neither tool is found (they ship with the CUDA toolkit) or for
        the CPU backend."""
        return self._inspect(signature, self._sass)

    def inspect_sass_cfg(self, signature=None):
        """The control-flow graph of the overload's SASS, in DOT format
        (numba's inspect_sass_cfg: CUDA's `nvdisasm -cfg`); without a
        signature, a dict {argument types: DOT text}. Raises RuntimeError
        when nvdisasm is not found, or for the CPU backend."""
        return self._inspect(signature, functools.partial(self._sass, cfg=True))

    def _sass(self, overload, cfg=False):
        import shutil
        import subprocess
        import tempfile
        if overload.cpu:
            raise RuntimeError("kernel '%s' runs on the CPU backend: it has no SASS"
                               % self.__name__)
        cuda_bin = os.path.join(os.environ.get("CUDA_HOME", "/usr/local/cuda"), "bin")
        tools = ((("nvdisasm", ["-cfg", "-poff"]),) if cfg
                 else (("nvdisasm", ["-c"]), ("cuobjdump", ["-sass"])))
        for tool, args in tools:
            path = shutil.which(tool) or shutil.which(tool, path=cuda_bin)
            if path is None:
                continue
            with tempfile.NamedTemporaryFile(suffix=".cubin") as f:
                f.write(overload.cubin)
                f.flush()
                done = subprocess.run([path] + args + [f.name], capture_output=True, text=True)
            if done.returncode != 0:
                raise RuntimeError("%s failed on kernel '%s': %s"
                                   % (tool, self.__name__, done.stderr.strip()))
            return done.stdout
        raise RuntimeError("%s needs %s (CUDA toolkit) on PATH or in %s"
                           % ("inspect_sass_cfg" if cfg else "inspect_sass",
                              "nvdisasm" if cfg else "nvdisasm or cuobjdump", cuda_bin))

    def _attributes(self, overload):
        if overload.cpu:
            raise RuntimeError("kernel '%s' runs on the CPU backend: resource usage is known "
                               "for GPU kernels" % self.__name__)
        return overload.kernel.attributes()

    # Resource usage from cuFuncGetAttribute: given a signature (or for a
    # specialized kernel), the value; else {argument types: value}.
    def get_regs_per_thread(self, signature=None):
        """Registers per thread."""
        return self._resource(signature, "regs_per_thread")

    def get_shared_mem_per_block(self, signature=None):
        """Static shared memory per block, bytes."""
        return self._resource(signature, "shared_mem_per_block")

    def get_local_mem_per_thread(self, signature=None):
        """Local memory (spills, local arrays) per thread, bytes."""
        return self._resource(signature, "local_mem_per_thread")

    def get_const_mem_size(self, signature=None):
        """Constant memory used by the kernel (global arrays), bytes."""
        return self._resource(signature, "const_mem_size")

    def get_max_threads_per_block(self, signature=None):
        """The largest block this kernel can be launched with."""
        return self._resource(signature, "max_threads_per_block")

    def resource_usage(self, signature=None):
        """All of the above as one dict (plus ptx_version, binary_version);
        without a signature, one such dict per overload (pyjit's own)."""
        return self._resource(signature)

    def max_cooperative_grid_blocks(self, blockdim, dynsmemsize=0, signature=None):
        """Blocks of `blockdim` threads that can be resident at once on the whole
        device: the most a grid-synchronizing launch (cuda.cg) may use. On the
        CPU backend, which runs such a grid as fibers on one host thread:
        CPU_GRID_SYNC_THREADS (16384) // threads per block."""
        return self._overload_for(signature).max_cooperative_grid_blocks(blockdim, dynsmemsize)

    @user_facing
    def compile(self, sig):
        """Compiles for signature `sig` ('void(float32[:])', a type tuple or a
        numba Signature) now and returns its overload, as numba's
        CUDADispatcher.compile; a kernel without signatures stays lazy for
        other types. TypeError for a bad signature, CompileError as a call."""
        text = signature_text(sig)
        restype = return_type_text(text)
        if restype not in ("", "void", "none"):
            raise TypeError("kernel '%s' must have void return type (a kernel returns "
                            "nothing, so its signature starts with 'void('), got %r"
                            % (self.__name__, text))
        return self._compile_for(tuple(_parse_signature_types(text)))

    def specialize(self, *args):
        """A new kernel compiled for the types of `args` only (numba's
        specialize): later calls must match them. RuntimeError on a kernel
        that is itself specialized."""
        if self.specialized:
            raise RuntimeError("kernel '%s' is already specialized" % self.__name__)
        # Values, or type objects (`float32[::1]`) standing for their type, as numba takes.
        types = tuple(_parse_signature_types("(%s)" % a)[0] if is_type_object(a)
                      else typeof(a, self._arg_name(i)) for i, a in enumerate(args))
        cache = self.__dict__.setdefault("_specializations", {})
        special = cache.get(types)
        if special is None:
            special = Dispatcher(self.py_func, ["void(%s)" % ", ".join(types)], self.options)
            special._specialized = True
            cache[types] = special
        return special

    @property
    def specializations(self):
        """{argument types: specialized kernel} made by specialize(), as numba's."""
        return self.__dict__.setdefault("_specializations", {})

    @property
    def specialized(self):
        """True for a kernel made by specialize() or given one signature
        string (not a list), as numba.cuda decides it."""
        return getattr(self, "_specialized", False)

    @property
    def overloads(self):
        """{argument types: compiled overload} for every compiled signature,
        the keys tuples of type objects (numba's: `key[0].dtype`), each equal
        to its spelling too; looked up also by spellings or a numba
        Signature, as numba's."""
        from .types import _of_spelling
        overloads = self._overloads
        return _Overloads({tuple(_of_spelling(t) for t in ov.argtypes): ov
                           for ov in overloads.values()}, self._signature_key)

    def inspect_llvm(self, signature=None):
        """The optimized LLVM IR of the overload for `signature` (str), or a
        dict {argument types: LLVM IR} of every compiled overload."""
        return self._inspect(signature, lambda overload: overload.llvm)

    def inspect_ir(self, signature=None):
        """pyjit's typed SSA IR of the overload for `signature` (str), or a
        dict {argument types: IR} of every compiled overload."""
        return self._inspect(signature, lambda overload: overload.ir)

    def inspect_types(self, file=None, signature=None):
        """numba's inspect_types: prints each compiled overload's typed code to
        `file` (default sys.stdout). pyjit prints its typed SSA IR, in which
        every value carries its type (`%3 = add %1, %2 : float32`)."""
        out = file if file is not None else sys.stdout
        texts = self.inspect_ir(signature)
        if signature is not None:
            texts = {signature: texts}
        for types, text in texts.items():
            if isinstance(types, tuple):  # numba's header: the tuple of its type objects
                types = "(%s%s)" % (", ".join(str(t) for t in types), "," if len(types) == 1 else "")
            print("%s %s" % (self.__name__, types), file=out)
            print("-" * 80, file=out)
            print(text, file=out)

    @property
    def nopython_signatures(self):
        """numba's: the Signature (`void(argument types)`, with `.args` and
        `.return_type`) of every compiled overload."""
        from .types import signature, void
        return [signature(void, *types) for types in self.signatures]

    def get_overload(self, sig):
        """numba's: the compiled overload for `sig` (argument types, a
        signature string or a Signature); KeyError if none was compiled."""
        return self.overloads[sig]

    @property
    def signatures(self):
        """The argument types of every compiled overload, as tuples of type
        objects (numba's: `sig[0].ndim`, `isinstance(sig[0], types.Array)`),
        each equal to its canonical spelling too (`sig == ('float32',)`);
        `(float32[::1],) in k.signatures` finds spellings and objects."""
        from .types import _of_spelling
        return _Signatures(dict.fromkeys(tuple(_of_spelling(t) for t in ov.argtypes)
                                         for ov in self._overloads.values()),
                           self._signature_key)


_register_fast_types()


def _returns_a_value(py_func):
    """Whether `py_func`'s source has a `return` of a value other than None
    outside nested functions (so it cannot be a kernel). False when its
    source cannot be read."""
    from ._source import _parse, _source_lines
    try:
        lines, _, _ = _source_lines(py_func)
        tree = _parse(textwrap.dedent("".join(lines)))  # (parsed already by _source_lines)
    except (OSError, TypeError, SyntaxError, RecursionError, MemoryError):
        return False
    fn = next((n for n in ast.walk(tree)
               if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))), None)
    if fn is None:
        return False
    if isinstance(fn, ast.Lambda):  # its body is its result: `lambda: None` returns none
        if sum(isinstance(n, ast.Lambda) for n in ast.walk(tree)) > 1:
            return False  # which one is it? compiling it says (describe)
        return not (isinstance(fn.body, ast.Constant) and fn.body.value is None)
    stack = list(fn.body)
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            continue
        if isinstance(node, ast.Return) and node.value is not None and not (
                isinstance(node.value, ast.Constant) and node.value.value is None):
            return True
        stack.extend(ast.iter_child_nodes(node))
    return False


def _signature_from_hints(py_func):
    """'void(float32[:], int32)' from type hints on every parameter, else None.

    Hints are pyjit (or numba) type objects, or their spellings as strings
    (also as `from __future__ import annotations` leaves them). numba.cuda
    ignores annotations, so hints that are not all types (`np.ndarray`,
    `int`, `npt.NDArray[np.float32]`), and hints on a function annotated to
    return a value (a device function, called from kernels), are ignored: the
    kernel stays lazily typed.
    """
    from .types import Type
    sig = inspect.signature(py_func)
    params = list(sig.parameters.values())
    hints = [p.annotation for p in params]
    if not hints or any(h is inspect.Parameter.empty for h in hints):
        return None
    ret = sig.return_annotation
    if ret not in (inspect.Signature.empty, None, "None", "void", "none") and \
            str(ret) not in ("void", "none"):
        return None
    spelled = []
    for h in hints:
        if isinstance(h, str):
            try:
                h = eval(h, dict(py_func.__globals__))  # noqa: S307 (the module's own text)
            except Exception:
                pass
        if isinstance(h, Type) or type(h).__module__.startswith("numba"):
            spelled.append(str(h))
        elif isinstance(h, str) and _is_type_spelling(h):
            spelled.append(h)
        else:
            return None
    return "void(%s)" % ", ".join(spelled)


def _is_type_spelling(text):
    """Whether `text` spells one pyjit type ('float32[:]', 'int32')."""
    try:
        return len(ext().parse_signature("(%s)" % text)) == 1
    except ValueError:
        return False


def _enum_values(value):
    """A plain Enum member's int value, also inside (named) tuples."""
    if isinstance(value, tuple):
        values = [_enum_values(v) for v in value]
        fields = getattr(type(value), "_fields", None)
        return type(value)(*values) if isinstance(fields, tuple) else tuple(values)
    if isinstance(value, enum.Enum) and not isinstance(value, int):
        from ._source import enum_member_value
        return enum_member_value(value)
    return value


def _write_records_back(records):
    """The fields a kernel changed in records passed alone (np.void views of
    a structured array), written back into them."""
    for record, holder in records:
        after = holder[0]
        if after.tobytes() != record.tobytes():
            for name in record.dtype.names:
                record[name] = after[name]


def _normal_signature(has, key, signature):
    """`signature` as the overload key spells it (`key`), unless `has` it as
    given already or `key` cannot read it."""
    if has(signature):
        return signature
    try:
        return key(signature)
    except (TypeError, ValueError):
        return signature


class _Signatures(list):
    """Dispatcher.signatures: tuples of argument types (type objects), in
    which spellings, other type objects and numba Signatures are found too."""

    def __init__(self, items, key):
        super().__init__(items)
        self._key = key

    def __contains__(self, signature):
        return list.__contains__(
            self, _normal_signature(lambda s: list.__contains__(self, s), self._key, signature))


def _signature_of(signature):
    """The signature text of a tuple or list of argument types (type
    objects or their spellings), a numba Signature or a signature string."""
    if isinstance(signature, (tuple, list)):
        return "(%s)" % ", ".join(str(t) for t in signature)
    return signature_text(signature)


class _Overloads(dict):
    """Dispatcher.overloads: keys are argument type spellings; a lookup by
    type objects (`(int32[:, ::1],)`) or a numba Signature finds the same."""

    def __init__(self, items, key):
        super().__init__(items)
        self._key = key

    def _normal(self, signature):
        return _normal_signature(lambda s: dict.__contains__(self, s), self._key, signature)

    def __getitem__(self, signature):
        return dict.__getitem__(self, self._normal(signature))

    def __contains__(self, signature):
        return dict.__contains__(self, self._normal(signature))

    def get(self, signature, default=None):
        return dict.get(self, self._normal(signature), default)


def is_type_object(value):
    """A type object of a signature: pyjit's (float32, float32[:]) or numba's."""
    from .types import Type
    return isinstance(value, Type) or (
        not isinstance(value, (str, tuple, list)) and
        str(getattr(type(value), "__module__", "")).startswith("numba"))


# 'void(...)', 'f(...)', 'timedelta64[D](...)', a device function's 'float32[:](...)'
_CALL_FORM = re.compile(r"^\s*[A-Za-z_]\w*(\[[\w:, ]+\])?\s*\(.*\)\s*$", re.S)


def _parenthesized(text):
    """Whether `text` is one parenthesized group: '(float32[:], int32)'."""
    text = text.strip()
    if not text.startswith("("):
        return False
    depth = 0
    for i, ch in enumerate(text):
        depth += ch in "(["
        depth -= ch in ")]"
        if depth == 0:
            return i == len(text) - 1
    return False


def signature_text(sig):
    """The string of a signature given as a string, a pyjit or numba
    signature object (`void(float32[:])`, numba's Signature), or a tuple of
    argument types (`(float64[:], int32)`, numba's argument-only form, spelled
    '(float64[:], int32)'; type spellings too, as `kernel.signatures` gives
    them). TypeError for anything else."""
    from .types import Type
    if isinstance(sig, str):
        for open_, close in ("()", "[]"):
            if sig.count(open_) != sig.count(close):
                raise _users(TypeError("invalid type signature %r: %s" % (sig, (
                    "a '%s' is missing" % close if sig.count(open_) > sig.count(close)
                    else "a '%s' has no '%s'" % (close, open_)))))
        if not _CALL_FORM.match(sig) and "," in sig and not _parenthesized(sig):
            # numba evaluates "float32[:], int32" to a tuple of argument types.
            return "(%s)" % sig.strip().rstrip(",")
        return sig
    if isinstance(sig, Type):
        return str(sig)
    if hasattr(sig, "args") and hasattr(sig, "return_type"):  # numba's Signature
        return "%s(%s)" % (sig.return_type, ", ".join(str(a) for a in sig.args))
    if isinstance(sig, tuple) and all(is_type_object(a) or isinstance(a, str) for a in sig):
        return "(%s)" % ", ".join(str(a) for a in sig)
    raise _users(TypeError("signatures are strings such as 'void(float32[:], int32)', "
                           "signature objects or tuples of argument types, got %r" % (sig,)))


def return_type_text(sig):
    """The return type of a signature string: what precedes the parenthesized
    arguments that end it ('UniTuple(int64, 2)' of 'UniTuple(int64, 2)(int64)');
    "" for none ('(int64)')."""
    text = sig.strip()
    if not text.endswith(")"):
        return text.split("(", 1)[0].strip()
    depth = 0
    for i in range(len(text) - 1, -1, -1):
        depth += {")": 1, "(": -1}.get(text[i], 0)
        if depth == 0:
            return text[:i].strip()
    return ""


def _parse_signature_types(sig):
    """Argument type strings of 'void(float32[:], int32)' in canonical spelling."""
    try:
        return list(ext().parse_signature(sig))
    except ValueError as exc:  # (the user's text: no pyjit frames under it)
        raise _users(TypeError(str(exc))) from None


_CacheStats = collections.namedtuple("_CacheStats", ("cache_path", "cache_hits", "cache_misses"))


_INT_TYPES = frozenset(("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"))


def _datetime_count(value, t):
    """A datetime64/timedelta64 scalar typed `t` as the int64 count the
    kernel parameter holds (NaT is -2**63), in t's unit; inside a tuple, in
    the scalar's own unit (its element type); other values as they are."""
    if isinstance(value, (np.datetime64, np.timedelta64)):
        if t.startswith(("datetime64[", "timedelta64[")):
            value = value.astype(np.dtype(t))
        return int(value.view(np.int64))
    if isinstance(value, tuple):
        converted = [_datetime_count(v, "") for v in value]
        fields = getattr(type(value), "_fields", None)
        return type(value)(*converted) if isinstance(fields, tuple) else tuple(converted)
    return value


def _check_pointer_arguments(args, argtypes, name_of, cpu=False):
    """Checks each CPointer parameter's argument, an address (an int, which
    the launch packs as the pointer's parameters: address, extent 0, item
    size; docs/abi.md): TypeError naming the parameter for anything else,
    and, for a CPU-backend kernel on a machine with a GPU, for GPU memory
    (the host cannot read it: the kernel would crash the process)."""
    for i, (a, t) in enumerate(zip(args, argtypes)):
        if not t.startswith("CPointer("):
            continue
        if isinstance(a, bool) or not isinstance(a, (int, np.integer)) or not \
                0 <= int(a) < 1 << 64:
            raise TypeError("%s is a %s parameter: it takes an address (an int such as "
                            "a.__cuda_array_interface__['data'][0]), not %r"
                            % (name_of(i), t, a if isinstance(a, (int, np.integer)) else
                               type(a).__name__))
        if 0 < int(a) < 65536:
            # Never a device or host allocation (the pages after null; 0 is
            # a null pointer a kernel may test): on the CPU backend a kernel
            # would crash the process, on the GPU fault.
            raise TypeError("%s is a %s parameter: %#x is not an address of memory"
                            % (name_of(i), t, int(a)))
        if cpu and int(a) and not ext().host_readable(int(a), _pointee_bytes(t)):
            # The kernel runs in this process: reading there would crash it.
            if not _devicearray.host_memory() and ext().pointer_kind(int(a)) == "device":
                raise TypeError("%s is a %s parameter of a kernel on the CPU backend: %#x is "
                                "GPU memory, which the host cannot read (give it a host "
                                "address, a.ctypes.data of a numpy array)"
                                % (name_of(i), t, int(a)))
            raise TypeError("%s is a %s parameter of a kernel on the CPU backend: this process "
                            "cannot read memory at %#x (give it a host address, a.ctypes.data "
                            "of a numpy array)" % (name_of(i), t, int(a)))


def _pointee_bytes(t):
    """Item size in bytes of a CPointer(T) type string's T (1 when unknown)."""
    try:
        return np.dtype(t[len("CPointer("):-1]).itemsize
    except TypeError:
        return 1


def _reinterpret_hint(got, want, name):
    """For an array argument of another number dtype than a signature's
    array (int32 data, float32[:]): how to convert its values, and, where
    the item sizes match, how to pass its bytes as numba does (numba
    launches a kernel of one signature without checking array dtypes, so it
    reads the bytes as the signature's dtype), which pyjit refuses."""
    from .types import Array, _of_spelling
    g, w = _of_spelling(got), _of_spelling(want)
    if not isinstance(g, Array) or not isinstance(w, Array) or g.ndim != w.ndim or \
            str(g.dtype) == str(w.dtype):
        return ""
    try:
        same_size = np.dtype(str(g.dtype)).itemsize == np.dtype(str(w.dtype)).itemsize
    except (TypeError, ValueError):  # (a record's spelling, "Record(x[...]...)")
        return ""
    return (" (convert its values with %s.astype(np.%s)%s)" % (
        name, w.dtype, "; numba would read its bytes as %s, which %s.view(np.%s) does"
        % (w.dtype, name, w.dtype) if same_size else ""))


def _conversion(want, got):
    """How an argument typed `got` passes to a parameter typed `want` (type
    strings), as C++ TypeRules' conversionTo rates it for device functions:
    0 as it is, 1 a promotion (a wider type of its kind), 2 a safe conversion
    (bool to a number, an integer to float64, a C/F array as layout A, ...),
    3 an unsafe one (narrowing, float to int), None not at all."""
    if want == got:
        return 0
    if want.startswith("CPointer(") and got in _INT_TYPES:
        # A pointer parameter takes an address (numba: a pointer-sized int), a
        # conversion: a signature taking the int as it is rates better.
        return 2
    try:
        return ext().conversion(want, got)
    except ValueError:
        return None  # a spelling only Python makes: only as it is


class DeviceFunction(_Compiled):
    """A `@cuda.jit(device=True)` function: callable from kernels and other
    device functions, typed per call site and inlined there. Not callable
    from the host."""

    def __init__(self, py_func, signatures=(), options=None):
        super().__init__(py_func, options)
        # Signatures are checked now; typing happens at each call site.
        self.signature_strings = [signature_text(sig) for sig in signatures]
        for sig in self.signature_strings:
            _parse_signature_types(sig)
        self._alone_cache = {}  # signature text -> compile_ptx's result (inspect_*)
        new_lock(self, "_alone_lock")

    @property
    def signatures(self):
        """The declared signatures' argument types, as tuples of type objects
        (numba's device dispatcher lists those it compiled; pyjit inlines a
        device function at each call, so calls add none)."""
        from .types import _of_spelling
        return _Signatures([tuple(_of_spelling(t) for t in _parse_signature_types(sig))
                            for sig in self.signature_strings],
                           lambda s: tuple(_parse_signature_types(_signature_of(s))))

    def __call__(self, *args, **kwargs):
        raise DeviceFunctionCallError("device function '%s' can only be called from a kernel "
                                      "or another device function" % self.__name__)

    def __getitem__(self, config):
        raise DeviceFunctionLaunchError(
            "device function '%s' cannot be launched as a kernel (numba: 'Cannot compile a "
            "device function as a kernel'); call it from a kernel, or decorate it with "
            "@cuda.jit without device=True" % self.__name__)

    def _alone(self, signature, key):
        """Text `key` ("ptx", "llvm", "ir") of the function compiled on its
        own for `signature` (argument types, or a signature string), as
        numba's device dispatcher gives it; without one a dict {argument
        types: text} over the declared signatures. Kernels still inline it
        where they call it: this is the code it has alone, compiled with
        its options as cuda.compile_ptx(device=True) does (numbers, bools
        and pointers only). Raises CompileError, TypeError for a bad
        signature."""
        from .cuda import _compile_alone
        if signature is None:
            return _Overloads({tuple(_parse_signature_types(sig)): self._alone(sig, key)
                               for sig in self.signature_strings}, self._key_of)
        sig = _signature_of(signature)
        with self._alone_lock:
            result = self._alone_cache.get(sig)
            if result is None:
                o = self.options
                result = _compile_alone(self.py_func, sig, debug=o.get("debug", False),
                                        lineinfo=o.get("lineinfo", False), device=True,
                                        fastmath=o.get("fastmath", False), opt=o.get("opt", 3),
                                        fma=o.get("fma", True))[0]
                self._alone_cache[sig] = result
        return result[key]

    @staticmethod
    def _key_of(signature):
        return tuple(_parse_signature_types(_signature_of(signature)))

    def inspect_asm(self, signature=None):
        """PTX of the function compiled on its own (numba's ABI: an int32
        status, the result through a pointer passed first); see _alone."""
        return self._alone(signature, "ptx")

    def inspect_sass(self, signature=None):
        raise DeviceFunctionLaunchError(
            "cannot inspect the SASS of device function '%s' (numba: 'Cannot inspect SASS of a "
            "device function'): a cubin holds kernels; inspect a kernel that calls it"
            % self.__name__)

    def inspect_sass_cfg(self, signature=None):
        raise DeviceFunctionLaunchError(
            "cannot inspect the SASS CFG of device function '%s' (numba: 'Cannot inspect SASS "
            "CFG of a device function'); inspect a kernel that calls it" % self.__name__)

    def inspect_llvm(self, signature=None):
        """LLVM IR of the function compiled on its own; see _alone."""
        return self._alone(signature, "llvm")

    def inspect_ir(self, signature=None):
        """pyjit's IR of the function compiled on its own; see _alone."""
        return self._alone(signature, "ir")

    def __repr__(self):
        return "<pyjit device function %s>" % self.__name__


class HostDeviceFunction(DeviceFunction):
    """A `pyjit.njit` function (numba's `@njit`): called from the host it is
    the Python function, run by the interpreter (pyjit compiles for the GPU
    and its CPU backend only); called from kernels and device functions it
    is a device function, typed per call site and inlined."""

    def __call__(self, *args, **kwargs):
        return self.py_func(*args, **kwargs)

    def __repr__(self):
        return "<pyjit njit function %s>" % self.__name__


class KernelOrFunction(HostDeviceFunction):
    """`@jit(nopython=True)`, which is a kernel to numba.cuda.jit and a CPU
    function to numba.jit (pyjit.jit is cuda.jit): `f[grid, block](*args)`
    launches it as a kernel (the kernel API, `f.specialize`, `f.inspect_asm`,
    ..., is its kernel's); `f(*args)` from the host runs the Python function;
    a call from a kernel or device function inlines it as a device function.
    The kernel is made at its first use, so a signature that is not a
    kernel's (a return type other than void) raises only then."""

    def __init__(self, py_func, signatures=(), options=None):
        super().__init__(py_func, signatures, options)
        self._kernel_signatures = list(signatures)
        self._kernel = None
        new_lock(self, "_kernel_lock")

    def _signatures_for_pickle(self):
        return list(self._kernel_signatures)

    def _as_kernel(self):
        with self._kernel_lock:
            if self._kernel is None:
                self._kernel = Dispatcher(self.py_func, self._kernel_signatures, self.options)
            return self._kernel

    def __getitem__(self, config):
        return self._as_kernel()[config]

    def inspect_asm(self, signature=None):
        return self._as_kernel().inspect_asm(signature)

    def inspect_sass(self, signature=None):
        return self._as_kernel().inspect_sass(signature)

    def inspect_sass_cfg(self, signature=None):
        return self._as_kernel().inspect_sass_cfg(signature)

    def inspect_llvm(self, signature=None):
        return self._as_kernel().inspect_llvm(signature)

    def inspect_ir(self, signature=None):
        return self._as_kernel().inspect_ir(signature)

    def __getattr__(self, name):  # the kernel's API: forall, specialize, inspect_*, ...
        if name.startswith("_"):
            raise AttributeError(name)
        return getattr(self._as_kernel(), name)

    def __repr__(self):
        return "<pyjit kernel or function %s>" % self.__name__


# numba.njit's options that only mean something for numba's CPU compilation.
_CPU_ONLY_OPTIONS = ("nopython", "nogil", "parallel", "boundscheck", "error_model",
                     "cache", "locals", "no_cpython_wrapper", "no_cfunc_wrapper", "target")


def njit(func_or_sig=None, **options):
    """numba's `@njit` (also `@jit(nopython=True)`): a function callable from
    the host (as plain Python) and from kernels (as a device function).
    `fastmath=` applies where kernels inline it; numba's CPU options
    (`cache`, `nogil`, `parallel`, ...) are accepted and mean nothing here.
    A signature (string or list) is checked and used as a device function's.
    TypeError for an option neither takes."""
    device_options = {k: v for k, v in options.items() if k not in _CPU_ONLY_OPTIONS}

    def decorate(func, sigs=()):
        return HostDeviceFunction(func, sigs, device_options)

    if callable(func_or_sig) and not isinstance(func_or_sig, str):
        return decorate(func_or_sig)
    if func_or_sig is None:
        return decorate
    sigs = func_or_sig if isinstance(func_or_sig, list) else [func_or_sig]
    return lambda func: decorate(func, sigs)
