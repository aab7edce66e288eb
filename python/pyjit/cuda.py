"""pyjit.cuda: the numba.cuda-compatible API (`from pyjit import cuda`).

Kernels: `@cuda.jit`, `@cuda.jit("void(float32[:], float32)")`, then
`kernel[grid, block](*args)`. Inside kernels: `cuda.grid`, `cuda.gridsize`,
`cuda.threadIdx/blockIdx/blockDim/gridDim.x/.y/.z`. Host side: device
arrays (`to_device`, `device_array`, `device_array_like`), `synchronize`,
events for timing.
"""
from ._devicearray import host_extent as _host_extent
from ._devicearray import strides_like as _strides_like
from ._devicearray import (DeviceArray, DeviceRecord, ManagedArray, MappedArray, device_array,
                           device_array_like, from_dlpack, managed_array, mapped_array,
                           pinned_array, to_device)
from ._args import In, InOut, Out
from ._linkable import Archive, Cubin, CUSource, Fatbin, LinkableCode, LTOIR, Object, PTXSource
from . import _emm
from ._emm import (BaseCUDAMemoryManager, GetIpcHandleMixin, HostOnlyCUDAMemoryManager,
                   MemoryInfo, MemoryPointer, set_memory_manager)
from ._dispatcher import DeviceFunction, Dispatcher, user_facing as _user_facing
from .errors import CudaError as _CudaError, CudaSupportError
from .errors import CompileError as _CompileError, KernelError as _KernelError
from .errors import LinkError as _LinkError
import collections as _collections
import contextlib as _contextlib
import os as _os
import math as _math
import operator as _operator
import threading as _threading

from ._ext import current_device as _current_device
from ._ext import ext as _ext

__all__ = ["CUSource", "PTXSource", "Cubin", "Fatbin", "Object", "Archive", "LTOIR",
           "LinkableCode", "jit", "compile_ptx", "vectorize", "guvectorize", "stream", "default_stream", "legacy_default_stream",
           "per_thread_default_stream", "external_stream", "Stream", "to_device", "device_array",
           "device_array_like", "pinned_array", "mapped_array", "MappedArray", "from_dlpack",
           "as_cuda_array", "is_cuda_array", "from_cuda_array_interface", "synchronize",
           "is_available", "event", "event_elapsed_time", "get_current_device", "select_device",
           "gpus", "list_devices", "close", "pinned", "mapped", "pinned_array_like",
           "mapped_array_like", "current_context", "defer_cleanup", "profile_start",
           "profile_stop", "profiling", "detect", "MemoryInfo", "reduce", "Reduce",
           "managed_array", "ManagedArray", "declare_device", "In", "Out", "InOut",
           "compile", "compile_all", "compile_for_current_device", "compile_ptx_for_current_device",
           "is_supported_version", "cuda_error", "open_ipc_array", "CudaSupportError", "runtime",
           "DeviceArray", "DeviceRecord", "threadIdx", "blockIdx", "blockDim", "gridDim", "grid",
           "gridsize", "is_float16_supported", "is_bfloat16_supported", "literal_unroll", "carray", "farray",
           "set_memory_manager", "BaseCUDAMemoryManager", "HostOnlyCUDAMemoryManager",
           "GetIpcHandleMixin", "MemoryPointer", "IpcHandle"]


@_user_facing
def jit(func_or_sig=None, device=False, **options):
    """Compiles a Python function as a CUDA kernel, or with `device=True` as a
    device function callable from kernels.

    `@jit` compiles lazily for each new set of argument types;
    `@jit("void(float32[:], int32)")` (or a list of signatures, or a tuple
    of argument types as numba takes it: `@jit((float32[:], int32))`) fixes
    the types. Errors in the kernel raise pyjit.CompileError at compilation.
    """
    def decorate(func, sigs=()):
        import types as _pytypes
        if not isinstance(func, _pytypes.FunctionType):
            inner = getattr(func, "py_func", None)  # a pyjit or numba dispatcher: its function
            if not isinstance(inner, _pytypes.FunctionType):
                wrapped = getattr(func, "__wrapped__", None)
                raise TypeError(
                    "cuda.jit takes a Python function (a def or a lambda), not %s%s"
                    % (type(func).__name__,
                       " (it wraps '%s': decorate that function itself)"
                       % getattr(wrapped, "__name__", "?") if wrapped is not None else ""))
            func = inner
        from ._options import without_numba_generic
        from ._dispatcher import KernelOrFunction, _CPU_ONLY_OPTIONS
        hybrid = options.get("nopython") is True and not device
        if hybrid:  # numba.jit's CPU options (parallel=True, ...) mean nothing here, as for njit
            kept = {k: v for k, v in options.items()
                    if k not in _CPU_ONLY_OPTIONS or k in ("cache", "target")}
        kernel_options = without_numba_generic(kept if hybrid else options,
                                               getattr(func, "__name__", "?"))
        if device:
            return DeviceFunction(func, sigs, kernel_options)
        from ._dispatcher import _returns_a_value, return_type_text, signature_text
        if sigs and _returns_a_value(func) and not any(
                return_type_text(signature_text(sig)) in ("void", "none")
                for sig in sigs):
            # A function returning a value is no kernel: with a signature that is
            # not a kernel's (void), it is numba.jit(sig)'s CPU function (pyjit.jit
            # is cuda.jit), as pyjit.njit(sig) makes it: Python from the host, a
            # device function of that signature in kernels. (Without a
            # signature, Dispatcher.__call__ runs the Python function.)
            from ._dispatcher import HostDeviceFunction
            return HostDeviceFunction(func, sigs, kernel_options)
        if hybrid:
            # numba.cuda.jit(nopython=True) is a kernel, numba.jit(nopython=True)
            # a CPU function: both at once (pyjit.jit is cuda.jit).
            return KernelOrFunction(func, sigs, kernel_options)
        return Dispatcher(func, sigs, kernel_options)

    from . import _config
    # debug and opt not given (or None): numba's defaults from the environment
    # (NUMBA_CUDA_DEBUGINFO, NUMBA_OPT), as numba.cuda.jit reads them.
    quiet = False
    if options.get("debug") is None and _config.CUDA_DEBUGINFO_DEFAULT:
        options["debug"] = True
        quiet = device  # (a device function compiles with its kernel's options)
    if options.get("opt") is None and _config.OPT == 0:
        options["opt"] = False  # (numba: opt = config.OPT != 0)
    for key in ("debug", "opt"):
        if key in options and options[key] is None:
            del options[key]
    from ._options import warn_config
    if not quiet:
        warn_config(options)  # (as numba, when the decorator is called)
    if callable(func_or_sig) and not isinstance(func_or_sig, str):
        return decorate(func_or_sig)
    if func_or_sig is None:
        return decorate
    from ._dispatcher import is_type_object
    if isinstance(func_or_sig, list) or (isinstance(func_or_sig, tuple) and not (
            func_or_sig and all(is_type_object(t) for t in func_or_sig))):
        return _user_facing(lambda func: decorate(func, func_or_sig))

    if not isinstance(func_or_sig, (str, tuple)) and not is_type_object(func_or_sig):
        raise TypeError("cuda.jit: expected a function, a signature (a string such as "
                        "'void(float32[:])', a type, or a list or tuple of them) or nothing, "
                        "got %r" % (func_or_sig,))

    @_user_facing
    def specialized(func):  # one signature, not in a list: numba's specialized kernel
        kernel = decorate(func, [func_or_sig])
        from ._dispatcher import HostDeviceFunction
        if not device and type(kernel) is not HostDeviceFunction:  # (numba.jit(sig)'s: no kernel)
            kernel._specialized = True
        return kernel
    return specialized


class DeclaredDevice:
    """A foreign device function (cuda.declare_device): calling it in a
    kernel calls `symbol` with numba.cuda's device-function ABI,
    `extern "C" __device__ int symbol(T *result, params...)`. Kernels that
    call it link its `link` files."""

    def __init__(self, symbol, result, params, link, signature, abi="numba", arrays=()):
        self._symbol, self._result, self._params = symbol, result, params
        self._arrays = dict(arrays)  # parameter index -> its array type, as declared
        self._abi = abi
        self._link = tuple(_os.path.abspath(_os.fspath(p)) for p in link)
        self.__name__ = symbol
        self.__doc__ = "declared device function %s: %s" % (symbol, signature)
        self._signature = signature

    def __call__(self, *args, **kwargs):
        raise RuntimeError("declared device function '%s' can only be called inside a kernel"
                           % self._symbol)

    @property
    def name(self):
        """The symbol (numba's `.name`)."""
        return self._symbol

    @property
    def sig(self):
        """The signature, as numba's: `.return_type` and `.args`, pyjit type
        objects (`int32`, `CPointer(float32)`; an array parameter as
        declared, `float32[:]`, though its data pointer is what is passed)."""
        from .types import Type
        import collections
        Signature = collections.namedtuple("Signature", "return_type args")
        params = [self._arrays.get(i) or ("CPointer(%s)" % p[4:]) if p.startswith("ptr ") else
                  ("voidptr" if p == "ptr" else p)
                  for i, p in enumerate(q for q in self._params.split(",") if q)]
        result = ("CPointer(%s)" % self._result[4:]) if self._result.startswith("ptr ") \
            else self._result
        return Signature(Type(result), tuple(Type(p) for p in params))

    def __repr__(self):
        return "<declared device function %s %s>" % (self._symbol, self._signature)


def _split_top_level(text):
    """`text` split at the commas outside parentheses and brackets (stripped; empty
    parts kept, so that `f(a,,b)` can be refused)."""
    parts, depth, start = [], 0, 0
    for i, c in enumerate(text):
        depth += c in "(["
        depth -= c in ")]"
        if c == "," and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    parts = [p.strip() for p in parts]
    return [] if parts == [""] else parts


def declare_device(name, sig, link=None, use_cooperative=False, abi="numba"):
    """Declares a device function written elsewhere (CUDA C++, PTX, a cubin,
    ...), as numba.cuda.declare_device does: `name` is its (extern "C")
    symbol, `sig` its signature, e.g. 'float32(float32, float32)';
    `CPointer(float32)` or `float32*` declares a pointer parameter, which
    takes an array of that dtype (its data pointer is passed) or a pointer;
    `voidptr` an array of any dtype; a result `CPointer(float32)` or
    `float32*` is a pointer the kernel indexes. The function
    follows numba.cuda's ABI: `extern "C" __device__ int name(T *result,
    params...)`, returning 0. `link` lists files linked into every kernel
    that calls it (.cu through NVRTC; .ptx .cubin .fatbin .ltoir .o .a);
    `use_cooperative` is accepted for numba.cuda's signature. abi="c" calls
    `extern "C" __device__ T name(params...)` instead (numba-cuda's C ABI;
    numbers only as its result). Returns the callable to use in kernels. Raises TypeError or ValueError for a bad
    signature."""
    import re
    if not isinstance(name, str) or not re.fullmatch(r"[A-Za-z_$][\w$]*", name):
        raise ValueError("declare_device: the name must be a C symbol, got %r" % (name,))
    if isinstance(sig, (tuple, list)) or (isinstance(sig, str) and sig.lstrip().startswith("(")):
        raise TypeError("Return type must be provided for device declarations (declare_device "
                        "%r: write e.g. 'int32(float32[:])'), got %r" % (name, sig))
    if hasattr(sig, "args") and hasattr(sig, "return_type"):
        # A signature object, numba's (int32(int32)) or pyjit's: its text
        # ('int32(int32)'; numba spells void 'none' and CPointer(int32) 'int32*').
        from ._dispatcher import signature_text
        sig = signature_text(sig)
    if not isinstance(sig, str):
        raise TypeError("declare_device: the signature is a string such as "
                        "'float32(float32, float32)' or a signature object, got %r" % (sig,))
    m = re.fullmatch(r"\s*(CPointer\(\s*\w+\s*\)|\w+\s*\*|\w+)\s*\((.*)\)\s*", sig, re.DOTALL)
    if not m:
        raise ValueError("declare_device: cannot read signature %r (write e.g. "
                         "'float32(float32, CPointer(int32))')" % sig)
    aliases = {"intp": "int64", "uintp": "uint64", "boolean": "bool"}

    def scalar(text):
        text = aliases.get(text, text)
        try:
            (canonical,) = _ext().parse_signature("void(%s)" % text)
        except ValueError:
            canonical = None
        if canonical is None or "[" in canonical or "(" in canonical or canonical == "none":
            raise ValueError("declare_device: %r in signature %r is not a scalar type "
                             "(arrays are passed as CPointer(dtype))" % (text, sig))
        return canonical

    def array_type(text):
        """(dtype, canonical type) of an array parameter (`float32[:]`,
        numba-cuda's declare_device takes them: the data pointer is
        passed), else None."""
        try:
            (canonical,) = _ext().parse_signature("void(%s)" % aliases.get(text, text))
        except ValueError:
            return None
        array = re.fullmatch(r"(?:readonly )?array\((\w+), \d+d, [CFA](?:, readonly)?\)",
                             canonical or "")
        return (array.group(1), canonical) if array else None

    result = m.group(1).strip()
    pointer = re.fullmatch(r"CPointer\(\s*(\w+)\s*\)|(\w+)\s*\*", result)
    if pointer:  # a pointer result (numba's CPointer(int32)(...)): p[i] in the kernel
        result = "ptr " + scalar(pointer.group(1) or pointer.group(2))
    else:
        result = "void" if result in ("void", "none") else scalar(result)
    params, arrays = [], {}
    parts = _split_top_level(m.group(2))
    if len(parts) > 1 and not parts[-1]:
        parts.pop()  # a trailing comma, as Python allows in a call
    for p in parts:
        if not p:
            raise ValueError("declare_device: signature %r has an empty parameter" % sig)
        ptr = re.fullmatch(r"CPointer\((.+)\)|(.+?)\s*\*", p, re.DOTALL)
        if p == "voidptr":  # void*: an array of any dtype
            params.append("ptr")
        elif ptr:
            params.append("ptr " + scalar((ptr.group(1) or ptr.group(2)).strip()))
        elif (array := array_type(p)) is not None:  # an array: its data pointer, as numba-cuda
            arrays[len(params)] = array[1]  # (sig.args shows it as declared)
            params.append("ptr " + array[0])
        else:
            params.append(scalar(p))
    if isinstance(link, (set, frozenset)):  # numba takes a set too: a stable order
        link = sorted(link, key=str)
    if isinstance(link, (str, bytes, _os.PathLike)):  # one path, as numba wraps it
        link = [link]
    if link is not None and not isinstance(link, (list, tuple)):
        raise TypeError("declare_device: link must be a file path or a list of them, got %r"
                        % (link,))
    if abi not in ("numba", "c"):
        raise ValueError("declare_device: abi must be 'numba' or 'c', got %r" % (abi,))
    return DeclaredDevice(name, result, ",".join(params), link or (), sig, abi, arrays)


@_user_facing
def compile_ptx(pyfunc, sig, debug=False, lineinfo=False, device=False, fastmath=False, cc=None,
                opt=3, launch_bounds=None, fma=True, abi="numba", abi_info=None):
    """PTX of `pyfunc` compiled for the signature `sig`, no GPU needed.

    `sig` is a string such as "void(float32[:], int32)" (or a tuple of
    argument types, `(float32[::1], float32)`); `cc` a compute
    capability tuple (default (9, 0), sm_90); debug, lineinfo, fastmath,
    fma, opt and launch_bounds as for @cuda.jit. The PTX declares the arch's first PTX ISA version
    (the most portable). Returns (ptx: str, return type) like
    numba.cuda.compile_ptx: pyjit.void for a kernel.

    With device=True, `pyfunc` is a device function compiled on its own as a
    PTX .func (to link into C++ or another JIT): numbers and pointers
    (CPointer(float32): a C `float *`) in, a number or
    None out (a complex one, with abi="c", a struct of its two parts by
    value; docs/abi.md) (`sig` such as "float32(float32, int32)"; its return type may
    be left to inference, "(float32, int32)"; a declared one converts every
    return, as numba's). abi="c" (numba's): the
    function returns its result, named `abi_info["abi_name"]` or the
    function's name; abi="numba": it returns an int32 status (0) and stores
    its result through a pointer passed first (named the same; numba would
    mangle the name). Returns (ptx, the inferred return type).
    Raises CompileError, TypeError for a bad signature, NotImplementedError for an abi other
    than "c" or "numba" (numba's type)."""
    result, restype = _compile_alone(pyfunc, sig, debug, lineinfo, device, fastmath, cc, opt,
                                     launch_bounds, fma, abi, abi_info)
    return result["ptx"], restype


def _compile_alone(pyfunc, sig, debug=False, lineinfo=False, device=False, fastmath=False,
                   cc=None, opt=3, launch_bounds=None, fma=True, abi="numba", abi_info=None):
    """compile_ptx's work: (the compiler's result dict, with "ir", "llvm"
    and "ptx" texts, the return type)."""
    from . import _options
    from ._dispatcher import _parse_signature_types, return_type_text, signature_text
    from ._source import describe
    func = getattr(pyfunc, "py_func", pyfunc)
    if not hasattr(func, "__code__"):
        raise TypeError("compile_ptx compiles a Python function (def or lambda) or a "
                        "@cuda.jit one, not %r" % (pyfunc,))
    sig = signature_text(sig)  # a tuple of argument types, as numba takes it, too
    restype = return_type_text(sig) if isinstance(sig, str) else ""
    if not device and restype not in ("", "void", "none"):
        raise TypeError("a kernel must have void return type (it returns nothing: its "
                        "signature starts with 'void('), got %r" % sig)
    if not device and not restype:
        # No return type given, and the function returns one: numba's
        # TypeError, found typing the kernel (given void, the CompileError
        # points at the return).
        from ._dispatcher import _returns_a_value
        if _returns_a_value(pyfunc):
            raise TypeError("a kernel must have void return type, and '%s' returns a value "
                            "(compile it with device=True)" % pyfunc.__name__)
    if device and abi not in ("c", "numba"):
        raise NotImplementedError("Unsupported ABI: %r (abi must be 'c' or 'numba')" % (abi,))
    if not device and abi != "numba":
        raise NotImplementedError("abi=%r is for device functions (device=True); a kernel has "
                                  "the kernel ABI (docs/abi.md)" % (abi,))
    abi_name = (abi_info or {}).get("abi_name")
    if abi_name is not None:
        import re
        if not isinstance(abi_name, str) or not re.fullmatch(r"[A-Za-z_$][\w$]*", abi_name):
            raise ValueError("abi_info['abi_name'] must be a C symbol ([A-Za-z_$][A-Za-z0-9_$]*), "
                             "got %r" % (abi_name,))
        if abi_name.startswith(("__nv_", "__pyjit", "llvm.", "__nvvm")):
            # libdevice's and pyjit's own functions: a device function of
            # that name would be called by the code it calls (__nv_sinf
            # calling math.sin: itself).
            raise ValueError("abi_info['abi_name'] %r is reserved (names starting with __nv_ "
                             "are libdevice's, __pyjit pyjit's): choose another" % (abi_name,))
    if debug:
        _options.warn_config({"debug": debug, "opt": opt, "lineinfo": lineinfo})  # (as jit's)
    func = getattr(pyfunc, "py_func", pyfunc)
    info = describe(func)
    arch = _arch_of(cc) if cc else "sm_90"
    options = _options.compile_options({"debug": debug, "lineinfo": lineinfo,
                                        "fastmath": fastmath, "fma": fma,
                                        "launch_bounds": launch_bounds})
    if device:
        options["abi"] = abi
        options["abi_name"] = abi_name or info["name"]
        if restype:
            # every return converts to it; void/none: returns nothing
            options["return_type"] = "none" if restype == "void" else restype
    from ._source import placement_options
    options.update(placement_options(info))
    from ._overload import compile_resolving
    result = compile_resolving(lambda: _ext().compile_kernel(
        info["source"], info["filename"], info["firstline"], info["name"], info["globals"],
        tuple(_parse_signature_types(sig)), arch, _options.opt_level({"opt": opt}), "ptx",
        options))
    _options.warn_compile(result)
    from . import types as _types_module
    if device:
        name = result["return_type"]
        return result, (_types_module.void if name == "none"
                        else getattr(_types_module, name, name))
    return result, _types_module.void


def _current_cc():
    """The current GPU's compute capability, or None without a GPU."""
    if not is_available():
        return None
    return tuple(get_current_device().compute_capability)


def _arch_of(cc):
    """"sm_90" for (9, 0); (9, 0, "a") (numba's arch-specific features) is
    sm_90a, (10, 0, "f") (family-specific features) sm_100f. ValueError for
    anything else."""
    if isinstance(cc, (str, bytes)) or not hasattr(cc, "__iter__"):
        raise ValueError("cc must be a tuple (major, minor), (major, minor, 'a') or "
                         "(major, minor, 'f'), got %r" % (cc,))
    cc = tuple(cc)
    if not (len(cc) in (2, 3) and all(isinstance(v, int) and not isinstance(v, bool)
                                      for v in cc[:2])
            and (len(cc) == 2 or cc[2] in ("a", "f"))):
        raise ValueError("cc must be (major, minor), (major, minor, 'a') or (major, minor, 'f'), "
                         "got %r" % (cc,))
    arch = "sm_%d%d%s" % (cc[0], cc[1], cc[2] if len(cc) == 3 else "")
    known = _ext().ptx_targets()  # the compiler's table of targets
    if arch not in known:
        raise ValueError("cc %r: pyjit compiles for %s" % (cc, ", ".join(sorted(
            {a.rstrip("af") for a in known}, key=lambda a: int(a[3:])))))
    return arch


def compile_ptx_for_current_device(pyfunc, sig, **kwargs):
    """compile_ptx for the current GPU's compute capability (sm_90 without
    one), as numba.cuda's."""
    kwargs.setdefault("cc", _current_cc())
    return compile_ptx(pyfunc, sig, **kwargs)


@_user_facing
def compile(pyfunc, sig, debug=False, lineinfo=False, device=True, fastmath=False, cc=None,
            opt=3, abi="c", abi_info=None, output="ptx", forceinline=False, launch_bounds=None,
            fma=True):
    """numba.cuda.compile for output='ptx': compile_ptx's (PTX, return type),
    with numba-cuda's defaults: a device function (device=True) of the C ABI
    (abi='c'); a kernel takes device=False, abi='numba'.
    Raises NotImplementedError for output='ltoir' (pyjit has no NVVM to make
    LTO-IR) and for abi='c' with device=False; ValueError for forceinline
    (numba forces inlining in LTO-IR only)."""
    if output != "ptx":
        raise NotImplementedError("cuda.compile(output=%r): pyjit gives PTX (output='ptx'); "
                                  "pyjitc --emit=cubin gives a cubin" % (output,))
    if forceinline:
        raise ValueError("cuda.compile(forceinline=True): Can only designate forced inlining "
                         "in LTO-IR (numba's rule), and pyjit gives PTX")
    return compile_ptx(pyfunc, sig, debug=debug, lineinfo=lineinfo, device=device,
                       fastmath=fastmath, cc=cc, opt=opt, launch_bounds=launch_bounds, fma=fma,
                       abi=abi, abi_info=abi_info)


def compile_for_current_device(pyfunc, sig, **kwargs):
    """cuda.compile for the current GPU's compute capability."""
    kwargs.setdefault("cc", _current_cc())
    return compile(pyfunc, sig, **kwargs)


@_user_facing
def compile_all(pyfunc, sig, debug=False, lineinfo=False, device=True, fastmath=False, cc=None,
                opt=3, abi="c", abi_info=None, output="ptx", forceinline=False,
                launch_bounds=None, fma=True):
    """numba.cuda.compile_all: cuda.compile's PTX, then the code of the files
    the function links (its declared device functions' `link=`), as
    ([ptx, *linked], return type), pyjit's device library last where the code
    calls it (pyjit.coop block primitives, grid sync: as relocatable cubin
    bytes, or PTX text): a .cu file as the PTX NVRTC makes of it,
    a .ptx file as text, other kinds (cubin, fatbin, LTO-IR, objects,
    archives) as bytes. Raises as cuda.compile does; LinkError when NVRTC
    rejects a .cu file; FileNotFoundError for a missing one."""
    from ._dispatcher import _link_files, _link_inputs
    from ._source import describe
    ptx, restype = compile(pyfunc, sig, debug=debug, lineinfo=lineinfo, device=device,
                           fastmath=fastmath, cc=cc, opt=opt, abi=abi, abi_info=abi_info,
                           output=output, forceinline=forceinline,
                           launch_bounds=launch_bounds, fma=fma)
    func = getattr(pyfunc, "py_func", pyfunc)
    info = describe(func)
    options = getattr(pyfunc, "options", None) or {}
    paths = _link_files(options, info, info["name"])
    codes = [ptx]
    arch = _arch_of(cc) if cc else "sm_90"
    inputs = list(_link_inputs(paths, arch))
    if isinstance(ptx, str) and "__pyjit_coop_" in ptx:
        # Calls of pyjit's device library (pyjit.coop's block primitives,
        # cuda.cg grid sync): its code, as the launch links it.
        from ._dispatcher import _devicelib_inputs
        inputs += _devicelib_inputs(arch)
    for kind, data, _ in inputs:
        codes.append(data.decode() if kind == "ptx" else data)
    return codes, restype


def is_supported_version():
    """True: pyjit runs on the CUDA 12 and 13 drivers it finds (numba.cuda's
    check of the runtime version)."""
    return True


class _Runtime:
    """numba.cuda's `cuda.runtime`: `get_version()` is the (major, minor) of
    the CUDA toolkit pyjit compiles with (its nvJitLink's; pyjit does not
    use the CUDA runtime library), (0, 0) when nvJitLink cannot be loaded."""

    def get_version(self):
        return tuple(_ext().nvjitlink_version())

    def is_supported_version(self):
        return is_supported_version()

    def __repr__(self):
        return "<pyjit cuda.runtime: CUDA %d.%d>" % self.get_version()


runtime = _Runtime()


def cuda_error():
    """None when the CUDA driver loaded, else the reason it did not (a string);
    in a process forked after its parent used the GPU, that reason ("CUDA
    initialized before forking: ...")."""
    try:
        return _ext().driver_error()
    except _CudaError as e:
        return str(e)


def synchronize():
    """Waits for all work on the GPU to finish. Without a usable GPU (the
    CPU backend, whose launches finish before they return) it returns at
    once."""
    from ._devicearray import host_memory
    if host_memory():  # PYJIT_TARGET=cpu, or no usable GPU
        return
    _ext().synchronize()


def is_available():
    """True when a CUDA driver and a GPU are usable (False in a process forked
    after its parent used the GPU)."""
    return cuda_error() is None


class _ComputeCapability(_collections.namedtuple("ComputeCapability", "major minor")):
    """A device's compute capability: a (major, minor) tuple with .major and
    .minor (numba-cuda's, from cuda.core), e.g. (9, 0) for an H200."""

    __slots__ = ()

    def __repr__(self):
        return "ComputeCapability(major=%d, minor=%d)" % self


class _Device:
    """A CUDA device: name, id, compute_capability and the limits CUDA
    reports (numba.cuda's attribute names). `with cuda.gpus[i]:` makes it
    this thread's device for the block."""

    def __init__(self, info):
        self._info = info
        self.name = info["name"]
        self.compute_capability = _ComputeCapability(*info["compute_capability"])
        self.id = info["ordinal"]
        self.MAX_THREADS_PER_BLOCK = info["max_threads_per_block"]
        self.MAX_BLOCK_DIM_X, self.MAX_BLOCK_DIM_Y, self.MAX_BLOCK_DIM_Z = info["max_block_dim"]
        self.MAX_GRID_DIM_X, self.MAX_GRID_DIM_Y, self.MAX_GRID_DIM_Z = info["max_grid_dim"]
        self.MAX_SHARED_MEMORY_PER_BLOCK = info["max_shared_memory_per_block"]
        self.MULTIPROCESSOR_COUNT = info["multiprocessor_count"]
        self.WARP_SIZE = info["warp_size"]
        self._previous = []

    @property
    def uuid(self):
        """numba's Device.uuid: the device's UUID as nvidia-smi prints it,
        'GPU-xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx' (cuDeviceGetUuid's 16
        bytes); on the CPU backend a fixed all-zero UUID."""
        raw = self._info.get("uuid", bytes(16))
        h = raw.hex()
        return "GPU-%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])

    def __repr__(self):
        return "<CUDA device %d '%s' (sm_%d%d)>" % ((self.id, self.name) + self.compute_capability)

    @property
    def _device(self):
        """numba's cuda.gpus[i] is a wrapper whose `_device` is the device
        (programs read `gpu._device.uuid`); here the entry is the device."""
        return self

    @property
    def supports_float16(self):
        """Whether kernels may compute in float16 (numba's: compute capability
        5.3 or later; always on the CPU backend)."""
        return self.compute_capability >= (5, 3)

    @property
    def supports_fp8(self):
        """False: pyjit kernels have no fp8 types yet (numba-cuda's cuda.fp8),
        whatever the device (numba: compute capability 8.9 or later), so a
        program checking it takes its other path."""
        return False

    @property
    def supports_bfloat16(self):
        """Whether kernels may compute in bfloat16 (numba's: 8.0 or later)."""
        return self.compute_capability >= (8, 0)

    def __getattr__(self, name):
        """Any other CUDA device attribute by numba's name (CU_DEVICE_ATTRIBUTE_
        without the prefix: CLOCK_RATE, L2_CACHE_SIZE, ...), read from the
        driver on first use; on the CPU backend an sm_90 GPU's values
        (_CPU_BACKEND_ATTRIBUTES). AttributeError for other names."""
        if not name.isupper() or name.startswith("_"):
            raise AttributeError("%r object has no attribute %r" % (type(self).__name__, name))
        if self._info.get("cpu_backend"):
            if name in _CPU_BACKEND_ATTRIBUTES:
                return _CPU_BACKEND_ATTRIBUTES[name]
            if name == "SHARED_MEMORY_PER_BLOCK":  # CUDA's older name
                return self.MAX_SHARED_MEMORY_PER_BLOCK
            raise AttributeError("device attribute %s is not modelled on the CPU backend (it "
                                 "has the launch limits, MULTIPROCESSOR_COUNT, WARP_SIZE and "
                                 "an sm_90 GPU's: %s)"
                                 % (name, ", ".join(sorted(_CPU_BACKEND_ATTRIBUTES))))
        value = _ext().device_attribute(self.id, name)
        setattr(self, name, value)
        return value

    def get_device_identity(self):
        """{'pci_domain_id', 'pci_bus_id', 'pci_device_id'} (numba's; zeros on
        the CPU backend)."""
        return {"pci_domain_id": self.PCI_DOMAIN_ID, "pci_bus_id": self.PCI_BUS_ID,
                "pci_device_id": self.PCI_DEVICE_ID}

    def reset(self):
        """numba's Device.reset: waits for the device's work and resets its
        context's memory manager (pyjit keeps the primary context itself)."""
        self.get_primary_context().reset()

    def get_primary_context(self):
        """This device's (primary) context, as numba's Device: made current;
        the same object every time (numba caches it too)."""
        return current_context(None if self._info.get("cpu_backend") else self.id)

    def __enter__(self):
        _closed.clear()
        if self._info.get("cpu_backend"):
            return self
        self._previous.append(_ext().selected_device())
        select_device(self.id)
        return self

    def __exit__(self, *exc):
        if not self._info.get("cpu_backend"):
            select_device(self._previous.pop())


# The CPU backend's other device attributes (numba's names): what an sm_90
# GPU reports, the values read from an NVIDIA H200 through cuDeviceGetAttribute
# on 2026-12-03 (CUDA 13.0, driver 580), so programs that size grids, shared
# memory or occupancy from them run. The CPU backend's own facts differ from
# the H200's: no ECC, no PCI location, host memory the device can map.
_CPU_BACKEND_ATTRIBUTES = {
    "MAX_THREADS_PER_MULTIPROCESSOR": 2048, "MAX_BLOCKS_PER_MULTIPROCESSOR": 32,
    "MAX_SHARED_MEMORY_PER_MULTIPROCESSOR": 233472, "MAX_SHARED_MEMORY_PER_BLOCK_OPTIN": 232448,
    "RESERVED_SHARED_MEMORY_PER_BLOCK": 1024, "MAX_REGISTERS_PER_BLOCK": 65536,
    "MAX_REGISTERS_PER_MULTIPROCESSOR": 65536, "TOTAL_CONSTANT_MEMORY": 65536,
    "CLOCK_RATE": 1980000, "MEMORY_CLOCK_RATE": 3201000, "GLOBAL_MEMORY_BUS_WIDTH": 6016,
    "L2_CACHE_SIZE": 62914560, "MAX_PERSISTING_L2_CACHE_SIZE": 39321600, "ASYNC_ENGINE_COUNT": 3,
    "CONCURRENT_KERNELS": 1, "COOPERATIVE_LAUNCH": 1, "UNIFIED_ADDRESSING": 1, "MANAGED_MEMORY": 1,
    "CAN_MAP_HOST_MEMORY": 1, "COMPUTE_CAPABILITY_MAJOR": 9, "COMPUTE_CAPABILITY_MINOR": 0,
    "INTEGRATED": 0, "ECC_ENABLED": 0, "KERNEL_EXEC_TIMEOUT": 0, "COMPUTE_MODE": 0,
    "CONCURRENT_MANAGED_ACCESS": 1, "PAGEABLE_MEMORY_ACCESS": 1, "TEXTURE_ALIGNMENT": 512,
    "GPU_OVERLAP": 1, "SINGLE_TO_DOUBLE_PRECISION_PERF_RATIO": 2, "STREAM_PRIORITIES_SUPPORTED": 1,
    "GLOBAL_L1_CACHE_SUPPORTED": 1, "LOCAL_L1_CACHE_SUPPORTED": 1,
    "HOST_NATIVE_ATOMIC_SUPPORTED": 1, "COMPUTE_PREEMPTION_SUPPORTED": 1,
    "MEMORY_POOLS_SUPPORTED": 1, "CLUSTER_LAUNCH": 1, "MAX_PITCH": 2147483647,
    "MULTI_GPU_BOARD": 0, "CAN_USE_HOST_POINTER_FOR_REGISTERED_MEM": 1,
    "PCI_BUS_ID": 0, "PCI_DEVICE_ID": 0, "PCI_DOMAIN_ID": 0, "TCC_DRIVER": 0,
    "REGISTERS_PER_BLOCK": 65536,  # (CUDA's older name of MAX_REGISTERS_PER_BLOCK)
}


def _cpu_backend_info():
    """The CPU backend's one device, as numba's simulator has a fake one: the
    launch limits pyjit checks there (docs/cpu-backend.md) and this
    machine's CPU count as its multiprocessors, so code that sizes grids from
    a device's attributes runs without a GPU."""
    from ._dispatcher import _CUDA_LIMITS
    return dict(_CUDA_LIMITS, name="pyjit CPU backend", compute_capability=(9, 0), ordinal=0,
                multiprocessor_count=_os.cpu_count() or 1, warp_size=32, cpu_backend=True)


def get_current_device():
    """This thread's device (name, compute_capability, limits); without a
    usable GPU, the CPU backend's (name 'pyjit CPU backend')."""
    _closed.clear()
    if _ext().driver_error() is not None:
        return _Device(_cpu_backend_info())
    return _Device(_current_device())


def select_device(device_id):
    """Makes GPU `device_id` this thread's device (numba.cuda.select_device):
    kernels compile and launch, and arrays are allocated, there. Raises
    CudaError naming the ordinal when there is no such device. Without a
    usable GPU, device 0 is the CPU backend's."""
    if _ext().driver_error() is not None:
        if int(device_id) == 0:
            return get_current_device()
        from .errors import CudaError
        raise CudaError("select_device(%d): CUDA_ERROR_INVALID_DEVICE: there is 1 device, the "
                        "CPU backend's (no usable GPU: %s)" % (int(device_id),
                                                               _ext().driver_error()),
                        code=101)
    _closed.clear()
    _ext().select_device(int(device_id))
    return get_current_device()


# Set by close() until a device is used again: cuda.gpus.current is then
# None, as numba's context stack is empty after close().
_closed = _threading.Event()


def close():
    """numba.cuda.close: pyjit keeps each device's primary context for the
    life of the process (shared with CuPy and PyTorch); this waits for work.
    Until a device is asked for again (get_current_device, select_device,
    `with cuda.gpus[i]`), cuda.gpus.current is None, as in numba. Each
    context's memory manager is reset and dropped: the next use makes a new
    one, from the EMM plugin set then."""
    synchronize()
    _emm.resets += 1
    for context in list(_CONTEXTS.values()):  # numba destroys its contexts here
        if context._memory_manager is not None:
            manager, context._memory_manager = context._memory_manager, None
            manager.reset()
    _closed.set()


class _GpuList:
    """cuda.gpus: the GPUs, indexable and iterable (len(cuda.gpus)); without a
    usable GPU, the CPU backend's one device."""

    def _count(self):
        return 1 if _ext().driver_error() is not None else _ext().device_count()

    def __len__(self):
        return self._count()

    def __getitem__(self, i):
        n = self._count()
        if isinstance(i, slice):  # numba's is a list: cuda.gpus[1:]
            return [self[k] for k in range(n)[i]]
        i = _operator.index(i)
        if not -n <= i < n:
            raise IndexError("GPU %d out of range: %d GPUs" % (i, n))
        i %= n
        if _ext().driver_error() is not None:
            return get_current_device()  # the CPU backend's
        current = _ext().selected_device()
        _ext().select_device(i)
        try:
            return _Device(_current_device())
        finally:
            _ext().select_device(current)

    def __iter__(self):
        return (self[i] for i in range(len(self)))

    @property
    def lst(self):
        """The devices as a list (numba's _DeviceList.lst)."""
        return list(self)

    def __str__(self):
        return ", ".join("<Managed Device %d>" % d.id for d in self)

    @property
    def current(self):
        """This thread's device; None after cuda.close() until one is used
        again (numba's empty context stack)."""
        return None if _closed.is_set() else get_current_device()


gpus = _GpuList()


def list_devices():
    return list(gpus)


class _EventError(_CudaError, RuntimeError):
    """An event the driver cannot time (numba's CudaAPIError); a RuntimeError too."""


class Event:
    """A CUDA event for timing GPU work (numba.cuda.event). On the CPU backend
    (no usable GPU) it records the host clock: launches there finish before
    they return."""

    def __init__(self, timing=True):
        from ._devicearray import host_memory
        self._time = None
        self.timing = bool(timing)
        self.handle = None if host_memory() else _ext().event_create()

    def record(self, stream=0):
        """Records the event on `stream` (a Stream, a foreign stream or 0);
        TypeError for anything else, on every backend, as wait() has it."""
        import time
        from ._dispatcher import _stream_handle
        handle = _stream_handle(stream)
        if self.handle is None:
            self._time = time.perf_counter()
        else:
            _ext().event_record(self.handle, handle)

    def synchronize(self):
        if self.handle is not None:
            _ext().event_synchronize(self.handle)

    def query(self):
        """True when the work before the event's last record has finished
        (always on the CPU backend, whose launches finish before returning)."""
        return True if self.handle is None else _ext().event_query(self.handle)

    def wait(self, stream=0):
        """Work queued on `stream` after this call waits for the work before
        the event's last record (cuStreamWaitEvent); the host does not wait."""
        from ._dispatcher import _stream_handle
        handle = _stream_handle(stream)  # a bad stream is refused on every backend
        if self.handle is not None:
            _ext().event_wait(self.handle, handle)

    def elapsed_time(self, other):
        """Milliseconds from this event to `other` (both recorded). Raises
        CudaError (also a RuntimeError) with the driver's code,
        CUDA_ERROR_INVALID_HANDLE (400), where either was created with
        timing=False or, on the CPU backend, was not recorded, as
        cuEventElapsedTime refuses them (numba's CudaAPIError); the driver's
        own CudaError for unrecorded events on a GPU."""
        if not (self.timing and other.timing):
            raise _EventError(400, "cuEventElapsedTime failed: CUDA_ERROR_INVALID_HANDLE: "
                                   "elapsed_time needs events created with timing=True")
        if self.handle is None:
            if self._time is None or other._time is None:
                raise _EventError(400, "cuEventElapsedTime failed: CUDA_ERROR_INVALID_HANDLE: "
                                       "both events must be recorded first")
            return (other._time - self._time) * 1e3
        return _ext().event_elapsed(self.handle, other.handle)

    def __del__(self):
        handle, self.handle = getattr(self, "handle", None), None
        if handle:
            try:
                _ext().event_destroy(handle)
            except Exception:
                pass


class _StreamHandle(int):
    """A CUstream as an int that also reads as numba's ctypes handle:
    `stream.handle.value` (None for the default stream, as c_void_p(0))."""

    @property
    def value(self):
        return int(self) or None


class Stream:
    """A CUDA stream (numba.cuda.stream). `handle` is the CUstream as an int
    (with `.value`, as numba's ctypes handle has).

    Kernel launches on a stream are asynchronous and ordered on it; host<->device
    copies given a stream are done synchronously in this release (correct, not
    overlapped).
    """

    def __init__(self, handle=None):
        from ._devicearray import host_memory
        self._owned = handle is None
        self._cpu_backend = False
        if handle is None and host_memory():
            handle = 0  # the CPU backend: launches are synchronous, a stream orders nothing
            self._owned = False
            self._cpu_backend = True
        self.handle = _StreamHandle(_ext().stream_create() if handle is None else handle)

    def synchronize(self):
        """Waits until all work queued on the stream has finished (at once on
        the CPU backend, whose launches finish before they return)."""
        from ._devicearray import host_memory
        if self.handle and not host_memory():
            _ext().stream_synchronize(self.handle)
        else:
            synchronize()

    def query(self):
        """True when all work queued on the stream has finished (cuStreamQuery)."""
        from ._devicearray import host_memory
        return True if host_memory() else _ext().stream_query(self.handle or 0)

    @_contextlib.contextmanager
    def auto_synchronize(self):
        """`with stream.auto_synchronize():` synchronizes the stream on leaving
        the block (numba.cuda)."""
        try:
            yield self
        finally:
            self.synchronize()

    def add_callback(self, callback, arg=None):
        """Calls callback(stream, status, arg) once the work queued so far has
        finished (numba.cuda's add_callback; cuStreamAddCallback): on a driver
        thread, so it must not call CUDA; status is 0 or the stream's error
        code. An exception it raises is reported as unraisable (numba warns).
        On the CPU backend (launches finish before they return) it is called
        at once, in this thread, and an exception it raises is reported so too."""
        from ._devicearray import host_memory
        if host_memory():
            _ext().call_reporting_errors(lambda status: callback(self, status, arg), 0)
            return
        _ext().stream_add_callback(self.handle or 0, lambda status: callback(self, status, arg))

    def async_done(self):
        """An asyncio future of the running event loop, done once the work
        queued so far has finished (numba.cuda's async_done); its result is
        the stream, or a CudaError for a failed stream."""
        import asyncio
        loop = asyncio.get_running_loop()
        future = loop.create_future()

        def done(stream, status, arg):
            def finish():
                if future.done():
                    return
                if status:
                    from .errors import CudaError
                    future.set_exception(CudaError("stream %#x failed with CUresult %d"
                                                   % (self.handle or 0, status), code=status))
                else:
                    future.set_result(stream)
            loop.call_soon_threadsafe(finish)
        self.add_callback(done)
        return future

    #: Whether the stream was made elsewhere (external_stream), as numba's.
    external = False

    def __int__(self):
        return int(self.handle or 0)

    def __cuda_stream__(self):
        """cuda.core's stream protocol, as numba's Stream has it: (version 0,
        the CUstream as an int)."""
        return (0, int(self.handle or 0))

    def __repr__(self):
        handle = int(self.handle or 0)
        if getattr(self, "_cpu_backend", False):  # (handle 0, but not the default stream)
            return "<CUDA stream on the CPU backend (launches finish in order)>"
        named = {0: "Default", 1: "Legacy default", 2: "Per-thread default"}
        if handle in named:  # (numba's wording, without its context)
            return "<%s CUDA stream>" % named[handle]
        return "<%sCUDA stream %d>" % ("External " if self.external else "", handle)

    def __del__(self):
        handle, self.handle = getattr(self, "handle", 0), 0
        if handle and getattr(self, "_owned", False):
            try:
                _ext().stream_destroy(handle)
            except Exception:
                pass


def stream():
    """A new CUDA stream."""
    return Stream()


def default_stream():
    """The default stream (handle 0: the legacy default stream)."""
    return Stream(0)


def legacy_default_stream():
    """The legacy default stream, by its explicit handle CU_STREAM_LEGACY (1)."""
    return Stream(1)


def per_thread_default_stream():
    """The calling thread's default stream, CU_STREAM_PER_THREAD (2): it does
    not synchronize with other streams as the legacy one does."""
    return Stream(2)


def external_stream(ptr):
    """A Stream wrapping a CUstream created elsewhere (not destroyed by
    pyjit; `.external` is True). `ptr` is the handle, an int (numba's
    TypeError for anything else, ValueError outside an unsigned 64-bit
    value)."""
    if isinstance(ptr, bool):
        raise TypeError("ptr for external stream must be an int, not bool")
    try:
        ptr = _operator.index(ptr)
    except TypeError:
        raise TypeError("ptr for external stream must be an int, not %s"
                        % type(ptr).__name__) from None
    if not 0 <= ptr < 2 ** 64:
        raise ValueError("ptr for external stream must be a CUstream handle (an unsigned 64-bit "
                         "value), got %d" % ptr)
    out = Stream(ptr)
    out.external = True
    return out


def pinned_array_like(ary):
    """A pinned_array with `ary`'s shape and dtype, its strides contiguous in
    the order of `ary`'s (as device_array_like)."""
    return pinned_array(ary.shape, ary.dtype, strides=_strides_like(ary))


def mapped_array_like(ary, stream=0, portable=False, wc=False):
    """A mapped_array with `ary`'s shape and dtype, its strides contiguous in
    the order of `ary`'s (as device_array_like)."""
    return mapped_array(ary.shape, ary.dtype, strides=_strides_like(ary), stream=stream,
                        portable=portable, wc=wc)


def _registered_base(ary, what):
    """The numpy array a `with cuda.pinned/mapped(ary)` block page-locks;
    TypeError for anything else, ValueError for a read-only array (numba's
    driver.host_pointer asks for writable memory: "buffer source array is
    read-only"; a mapped one would let kernels write it)."""
    import numpy as np
    if not isinstance(ary, np.ndarray):
        raise TypeError("cuda.%s() takes numpy arrays, got %s" % (what, type(ary).__name__))
    if not ary.flags.writeable:
        raise ValueError("cuda.%s(): the array is read-only (numba-cuda refuses it too: "
                         "buffer source array is read-only)" % what)
    return ary


@_contextlib.contextmanager
def pinned(*arylist):
    """`with cuda.pinned(a, b):` page-locks the arrays' memory for the block
    (cuMemHostRegister), so that copies of them run at full bandwidth and
    asynchronously on streams; unregistered on leaving (numba.cuda)."""
    from ._devicearray import host_memory
    arrays = [_registered_base(a, "pinned") for a in arylist]
    registered = []
    try:
        if not host_memory():
            for a in arrays:
                low, nbytes = _host_extent(a)
                if nbytes:
                    _ext().host_register(low, nbytes, False)
                    registered.append(low)
        yield
    finally:
        for low in registered:
            _ext().host_unregister(low)


@_contextlib.contextmanager
def mapped(*arylist, stream=0, portable=False, wc=False):
    """`with cuda.mapped(a, b) as (da, db):` page-locks the arrays and maps
    them into the device's address space for the block: the device arrays
    it gives view the same memory, so kernels read and write the host arrays
    in place (synchronize before reading results). One array gives one
    device array, several a list, as numba.cuda; each bound to `stream`
    (its copies given no stream go there)."""
    from ._devicearray import host_memory
    arrays = [_registered_base(a, "mapped") for a in arylist]
    registered = []
    try:
        views = []
        for a in arrays:
            if host_memory():
                # The CPU backend: a device array over the host memory as it
                # is (numba's mapped() gives a device array).
                from ._devicearray import DeviceArray, _External
                low, nbytes = _host_extent(a)
                buffer = _External(a.ctypes.data, low + nbytes - a.ctypes.data, a)
                buffer.host = a
                views.append(DeviceArray(a.shape, a.dtype, a.strides, buffer, stream=stream))
                continue
            low, nbytes = _host_extent(a)
            pointer = 0
            if nbytes:
                _ext().host_register(low, nbytes, True)
                registered.append(low)
                pointer = _ext().host_device_pointer(low) + (a.ctypes.data - low)
            views.append(from_cuda_array_interface(
                {"shape": a.shape, "strides": a.strides, "typestr": a.dtype.str,
                 "data": (pointer, False), "version": 3, "stream": None}, owner=a, sync=False))
            views[-1].stream = stream  # (numba's from_array_like(..., stream=stream))
        yield views[0] if len(views) == 1 else views
    finally:
        for low in registered:
            _ext().host_unregister(low)


class _Context:
    """The current device's context (numba.cuda.current_context()), with its
    memory manager: pyjit's allocator, or the EMM plugin set when it was
    made (_emm.py); assigning `memory_manager` replaces it."""

    def __init__(self, device):
        self.device = device
        self._memory_manager = None
        self._uninitialized = False  # an assigned manager, initialize() not yet called

    @property
    def memory_manager(self):
        if self._memory_manager is None:
            self._memory_manager = _emm.new_manager(self)
        return self._memory_manager

    @memory_manager.setter
    def memory_manager(self, manager):
        self._memory_manager = manager
        self._uninitialized = manager is not None
        _emm.note_plugin()

    def prepare_for_use(self):
        """numba's Context.prepare_for_use: the memory manager's initialize()
        (an assigned plugin's, once; numba's current_context() calls it)."""
        if self._uninitialized:
            self._uninitialized = False
            self._memory_manager.initialize()

    def memalloc(self, size):
        """`size` bytes of device memory from the memory manager: a MemoryPointer."""
        return self.memory_manager.memalloc(_emm._byte_count(size, "memalloc"))

    def memhostalloc(self, size, mapped=False, portable=False, wc=False):
        """`size` bytes of page-locked host memory (MappedMemory)."""
        return self.memory_manager.memhostalloc(_emm._byte_count(size, "memhostalloc"), mapped,
                                                portable, wc)

    def mempin(self, owner, pointer, size, mapped=False):
        """Page-locks `size` bytes of host memory at `pointer` while the result lives."""
        return self.memory_manager.mempin(owner, pointer, size, mapped)

    def memallocmanaged(self, size, attach_global=True):
        """`size` bytes of managed memory (cuMemAllocManaged; host code and
        kernels use the same address): a MemoryPointer freed when collected.
        A memory manager's own memallocmanaged is used where it has one."""
        size = _emm._byte_count(size, "memallocmanaged")
        own = getattr(self.memory_manager, "memallocmanaged", None)
        if own is not None:
            return own(size, attach_global)
        from ._devicearray import host_memory
        if host_memory():
            return self.memalloc(size)  # the CPU backend's memory is the host's
        ptr = _ext().managed_alloc(max(1, size), attach_global)
        return _emm.MemoryPointer(self, _emm._Pointer(ptr), size,
                                  finalizer=lambda: _ext().mem_free(ptr))

    def get_active_blocks_per_multiprocessor(self, func, blocksize, memsize, flags=None):
        """How many blocks of `blocksize` threads of kernel `func`, each with
        `memsize` bytes of dynamic shared memory, one multiprocessor holds at
        once (cuOccupancyMaxActiveBlocksPerMultiprocessor; `flags` 1 is
        CU_OCCUPANCY_DISABLE_CACHING_OVERRIDE). `func` is
        `kernel.overloads[sig]._codelibrary.get_cufunc()` as in numba, the
        overload itself, or a kernel compiled for one signature. On the CPU
        backend, the answer for the sm_90 GPU it presents (_occupancy.py).
        Raises TypeError for another `func`, ValueError for a block size below
        1 or negative memory, CudaError from the driver."""
        from . import _occupancy
        return _occupancy.active_blocks(func, blocksize, memsize, flags,
                                        "get_active_blocks_per_multiprocessor")

    def get_max_potential_block_size(self, func, b2d_func, memsize, blocksizelimit, flags=None):
        """(min_grid_size, block_size): the block size, at most
        `blocksizelimit` threads (0: the kernel's largest), keeping the most
        threads of `func` resident per multiprocessor, and the grid that fills
        every multiprocessor with it (cuOccupancyMaxPotentialBlockSize).
        `b2d_func` gives a block size's dynamic shared memory in bytes: a
        Python function, a C function's address, or 0/None (then every size
        uses `memsize` bytes). numba-cuda 0.30 answers (CUDA_SUCCESS,
        max_threads_per_block) instead, without the calculator; `_, tpb =`
        reads the block size from both. Raises TypeError for another `func` or
        a b2d_func result that is not a byte count, b2d_func's own errors,
        CudaError from the driver."""
        from . import _occupancy
        return _occupancy.potential_block_size(func, b2d_func, memsize, blocksizelimit, flags,
                                               "get_max_potential_block_size")

    def create_stream(self):
        """A new stream (cuda.stream())."""
        return stream()

    def create_external_stream(self, ptr):
        """A Stream over CUstream `ptr` made elsewhere (cuda.external_stream)."""
        return external_stream(ptr)

    def get_default_stream(self):
        """The default stream (cuda.default_stream())."""
        return default_stream()

    def get_legacy_default_stream(self):
        """The legacy default stream (cuda.legacy_default_stream())."""
        return legacy_default_stream()

    def get_per_thread_default_stream(self):
        """The per-thread default stream (cuda.per_thread_default_stream())."""
        return per_thread_default_stream()

    @property
    def deallocations(self):
        """numba's pending deallocations. pyjit frees an allocation when its
        last array is collected, so none are pending: `clear()` (the usual
        "free GPU memory now" call) has nothing left to free, `len()` is 0
        and `disable()` is a context manager that changes nothing."""
        return _NO_PENDING_DEALLOCATIONS

    def create_event(self, timing=True):
        """A new event (cuda.event(timing))."""
        return event(timing)

    def get_memory_info(self):
        """MemoryInfo(free, total) of the device's memory, bytes (cuMemGetInfo;
        on the CPU backend, the host's physical memory), or the plugin's."""
        return self.memory_manager.get_memory_info()

    def get_ipc_handle(self, memory):
        """The memory manager's IpcHandle of MemoryPointer `memory`."""
        return self.memory_manager.get_ipc_handle(memory)

    def defer_cleanup(self):
        return self.memory_manager.defer_cleanup()

    def synchronize(self):
        synchronize()

    def reset(self):
        """Waits for the device's work, then resets the memory manager (a
        plugin frees its allocations there; pyjit's memory is freed when its
        arrays are collected)."""
        synchronize()
        _emm.resets += 1
        if self._memory_manager is not None:
            self._memory_manager.reset()

    def __repr__(self):
        return "<pyjit context of %s>" % (self.device or "the CPU backend",)


_NO_PENDING_DEALLOCATIONS = _emm.NO_PENDING_DEALLOCATIONS


def is_fp8_supported():
    """False: pyjit kernels have no fp8 types yet (numba-cuda's cuda.fp8);
    a program checking it uses its other path."""
    return False


def current_context(devnum=None):
    """The current (or the `devnum`th, then made current) device's context."""
    from ._devicearray import host_memory
    if host_memory():
        key = "cpu"  # the CPU backend's device
    else:
        if devnum is not None:
            select_device(devnum)
        key = _ext().selected_device()
    context = _CONTEXTS.get(key)
    if context is None:  # one object per device, as numba's primary contexts
        context = _CONTEXTS.setdefault(key, _Context(get_current_device()))
    if context._uninitialized:  # a plugin assigned to it (numba's prepare_for_use)
        context.prepare_for_use()
    return context


_CONTEXTS = {}


def defer_cleanup():
    """A context manager deferring the freeing of device memory inside it
    (the current context's memory manager's; pyjit's own frees an
    allocation when its last array is collected, and defers nothing)."""
    if not _emm.plugged:
        return _contextlib.nullcontext()
    return current_context().defer_cleanup()


def profile_start():
    """Starts the profiler's capture range (cuProfilerStart; nothing on the
    CPU backend)."""
    from ._devicearray import host_memory
    if not host_memory():
        _ext().profiler(True)


def profile_stop():
    """Stops the profiler's capture range (cuProfilerStop)."""
    from ._devicearray import host_memory
    if not host_memory():
        _ext().profiler(False)


@_contextlib.contextmanager
def profiling():
    """`with cuda.profiling():` profiles the block."""
    profile_start()
    try:
        yield
    finally:
        profile_stop()


def detect():
    """Prints the CUDA devices found and returns True when there is a usable
    one (numba.cuda.detect); without one, says why and returns False."""
    reason = _ext().driver_error()
    if reason is not None:
        print("pyjit found no usable CUDA device (%s); kernels run on the CPU backend" % reason)
        return False
    print("Found %d CUDA devices" % len(gpus))
    for i in range(len(gpus)):
        info = gpus[i]
        print("id %d    %40s    [SUPPORTED]" % (i, info.name))
        print("%40s: %s" % ("Compute Capability", "%d.%d" % info.compute_capability))
    print("Summary:\n\t%d/%d devices are supported" % (len(gpus), len(gpus)))
    return True


def is_cuda_array(obj):
    """True for objects exposing __cuda_array_interface__."""
    return hasattr(obj, "__cuda_array_interface__")


def from_cuda_array_interface(desc, owner=None, sync=True, _dtype=None):
    """A DeviceArray viewing the memory a __cuda_array_interface__ dict
    describes (zero-copy; `owner` is kept alive). With sync, waits for the
    producer's stream as CAI v3 asks."""
    import numpy as np
    from ._devicearray import _External
    from ._typeof import check_interface
    check_interface(desc, "from_cuda_array_interface")
    if desc.get("mask") is not None:
        raise NotImplementedError("from_cuda_array_interface: masked arrays are not supported")
    shape, data, strides = desc["shape"], desc["data"], desc.get("strides")

    def ints(value):  # a tuple (or list) of integers (NumPy's too), else None
        import operator
        if not isinstance(value, (tuple, list)):
            return None
        try:
            return tuple(operator.index(e) for e in value)
        except TypeError:
            return None

    if ints(shape) is None or any(e < 0 for e in ints(shape)):
        raise ValueError("from_cuda_array_interface: shape must be a tuple of non-negative "
                         "ints, got %r" % (shape,))
    shape = ints(shape)
    if strides is not None:
        if ints(strides) is None or len(strides) != len(shape):
            raise ValueError("from_cuda_array_interface: strides must be None or a tuple of %d "
                             "ints, got %r" % (len(shape), strides))
        strides = ints(strides)
    if not (isinstance(data, (tuple, list)) and len(data) == 2 and ints(data[:1]) is not None
            and 0 <= ints(data[:1])[0] < 2**64):
        raise ValueError("from_cuda_array_interface: data must be (address, read_only), got %r"
                         % (data,))
    # (_dtype: as_cuda_array's, where the owner's dtype says more than the
    # typestr: bfloat16 is '<V2'.)
    dtype = np.dtype(desc["typestr"]) if _dtype is None else _dtype
    if _dtype is None and dtype.kind == "V" and desc.get("descr"):
        from ._typeof import _dtype_of_descr  # a record: its fields
        dtype = _dtype_of_descr(desc["descr"], dtype.itemsize, "from_cuda_array_interface")
    if strides is None:
        from ._devicearray import _c_strides
        strides = _c_strides(shape, dtype.itemsize)
    from ._devicearray import host_memory
    host = host_memory()
    stream = desc.get("stream")
    if sync and isinstance(stream, int) and stream > 2 and not host:
        _ext().stream_synchronize(stream)
    ptr = int(data[0])
    span = dtype.itemsize + sum((e - 1) * s for e, s in zip(shape, strides)) if all(shape) else 0
    buffer = _External(ptr, span, owner)
    if host:
        # The CPU backend: an interface to its own memory (a wrapper of its
        # device array) is a view of it, read in place; no elements, nothing
        # to read. Other pointers stay foreign (kernels there refuse them).
        from ._devicearray import _View, _extent_bytes, _host_buffer_holding
        # The bytes the elements occupy: with negative strides some lie
        # before the data pointer.
        low, high = _extent_bytes(shape, strides) if span else (0, 0)
        base = _host_buffer_holding(ptr + low, high - low + dtype.itemsize) if span else None
        if base is not None:
            buffer = _View(base, ptr - base.ptr)
        elif not span:
            buffer.host = ()  # (nothing to read: host memory as good as any)
        elif (holder := _host_buffer_holding(ptr, 1)) is not None:
            raise ValueError(
                "from_cuda_array_interface: the interface's shape %s and strides %s span bytes "
                "[%d, %d) from its data pointer, outside the allocation holding it (bytes "
                "[%d, %d) from there)" % (shape, tuple(strides), low, high + dtype.itemsize,
                                          holder.ptr - ptr, holder.ptr + holder.nbytes - ptr))
    array = DeviceArray(shape, dtype, strides, buffer)
    if sync and isinstance(stream, int) and stream:
        array.stream = external_stream(stream)  # (numba: its copies go there)
    return array


def as_cuda_array(obj, sync=True):
    """A DeviceArray view of an object with __cuda_array_interface__ (CuPy,
    PyTorch, numba), zero-copy: of a pyjit device array a new view of its
    memory, as numba's is (setting its shape leaves the other alone)."""
    if type(obj) is DeviceArray:
        return obj.__copy__()
    if isinstance(obj, DeviceArray):
        return obj
    if not is_cuda_array(obj):
        raise TypeError("as_cuda_array: %s has no __cuda_array_interface__"
                        % type(obj).__name__)
    from ._typeof import _holds_bfloat16, _refuse_lazy_views
    _refuse_lazy_views(obj, "as_cuda_array: the argument")
    desc = obj.__cuda_array_interface__
    dtype = None
    if isinstance(desc, dict) and str(desc.get("typestr", ""))[1:] == "V2" and \
            _holds_bfloat16(obj):  # CuPy's ml_dtypes bfloat16, torch.bfloat16
        import ml_dtypes
        import numpy as np
        dtype = np.dtype(ml_dtypes.bfloat16)
    return from_cuda_array_interface(desc, owner=obj, sync=sync, _dtype=dtype)


def event(timing=True):
    return Event(timing)


def event_elapsed_time(evtstart, evtend):
    return evtstart.elapsed_time(evtend)


# -- kernel-only names ---------------------------------------------------------
# On the host these are stubs, as in numba.cuda: calling one raises. Each
# carries `_pyjit_path`, so that a kernel may use it under another name
# (`from pyjit.cuda import syncthreads`, `sarray = cuda.shared.array`): the
# compiler treats the alias as the cuda.* name it stands for.

def _kernel_only(path, doc):
    def stub(*args, **kwargs):
        raise RuntimeError("%s() can only be used inside a kernel" % path)
    stub.__name__ = stub.__qualname__ = path.rsplit(".", 1)[-1]
    stub.__doc__ = "%s (kernels only). %s" % (path, doc)
    stub._pyjit_path = path
    return stub


class _KernelOnly:
    """A namespace of kernel-only names: cuda.threadIdx (.x, .y, .z), and
    cuda.shared, cuda.local, cuda.const, cuda.atomic (their functions)."""

    def __init__(self, name, functions=(), values=()):
        self._name = name
        self._pyjit_path = "cuda." + name
        self._functions = frozenset(functions)
        self._values = frozenset(values)
        self._exports = []  # names besides the functions (bf16.bfloat16)

    @property
    def __all__(self):
        """`from pyjit.cuda.fp16 import *` (a namespace registered as a module)."""
        return sorted(self._functions) + self._exports

    def __getattr__(self, attr):
        # Private and special names, and names the namespace does not have,
        # are plain missing attributes (hasattr, copy, pickle, doctest and
        # `__cuda_array_interface__` probes see AttributeError).
        name = object.__getattribute__(self, "_name")
        if attr in object.__getattribute__(self, "_functions"):  # (fp16.__hadd too)
            return _kernel_only("cuda.%s.%s" % (name, attr), "")
        if attr.startswith("_"):
            raise AttributeError(attr)
        if attr in object.__getattribute__(self, "_values"):
            raise RuntimeError("cuda.%s.%s can only be used inside a kernel" % (name, attr))
        raise AttributeError("cuda.%s has no attribute '%s'" % (name, attr))

    def __repr__(self):
        return "<kernel-only namespace cuda.%s>" % self._name


threadIdx = _KernelOnly("threadIdx", values="xyz")
blockIdx = _KernelOnly("blockIdx", values="xyz")
blockDim = _KernelOnly("blockDim", values="xyz")
gridDim = _KernelOnly("gridDim", values="xyz")
laneid = _KernelOnly("laneid")  # int32 values in kernels; importable as in numba.cuda
warpsize = _KernelOnly("warpsize")
shared = _KernelOnly("shared", ["array"])
local = _KernelOnly("local", ["array"])
const = _KernelOnly("const", ["array_like"])
atomic = _KernelOnly("atomic", ["add", "sub", "max", "min", "nanmax", "nanmin", "and_", "or_",
                                "xor", "exch", "inc", "dec", "cas", "compare_and_swap"])
def _fp16_names():
    """numba.cuda.fp16's functions: the short names, and cuda_fp16.h's
    (numba-cuda 0.30 exports both; ir/lib/Bf16Functions.cpp types the C ones
    with bf16's shapes)."""
    short = ["hadd", "hsub", "hmul", "hdiv", "hneg", "habs", "hfma", "hmax", "hmin", "heq", "hne",
             "hge", "hgt", "hle", "hlt"]
    names = short + ["hsin", "hcos", "hlog", "hlog10", "hlog2", "hexp", "hexp10", "hexp2",
                     "hsqrt", "hrsqrt", "hrcp", "hceil", "hfloor", "hrint", "htrunc", "htanh",
                     "htanh_approx"]
    names += ["__" + n for n in short]
    names += ["__%s_%s" % (op, v) for op in ("hadd", "hsub", "hmul") for v in ("rn", "sat")]
    names += ["__hfma_relu", "__hfma_sat", "__hmax_nan", "__hmin_nan", "__hisnan", "__hisinf"]
    names += ["__%su" % c for c in ("heq", "hne", "hge", "hgt", "hle", "hlt")]
    names += ["__double2half", "__float2half", "__half2float", "__half2char_rz",
              "__half2uchar_rz", "__short_as_half", "__ushort_as_half", "__half_as_short",
              "__half_as_ushort"]
    for mode in ("rn", "rz", "rd", "ru"):
        names.append("__float2half_" + mode)
        for c in ("short", "int", "ll", "ushort", "uint", "ull"):
            names += ["__%s2half_%s" % (c, mode), "__half2%s_%s" % (c, mode)]
    return names


# numba.cuda.fp16: float16 arithmetic, comparisons, math and conversions
# (docs/language.md).
fp16 = _KernelOnly("fp16", _fp16_names())


def _bf16_names():
    """numba.cuda.bf16's functions (ir/lib/Bf16Functions.cpp types them)."""
    names = ["hadd", "hsub", "hmul", "hdiv", "hneg", "habs", "hfma", "hmax", "hmin", "heq",
             "hne", "hge", "hgt", "hle", "hlt", "hsin", "hcos", "hlog", "hlog10", "hlog2",
             "hexp", "hexp10", "hexp2", "hsqrt", "hrsqrt", "hrcp", "hceil", "hfloor", "hrint",
             "htrunc", "htanh", "htanh_approx", "hadd_rn", "hsub_rn", "hmul_rn", "hadd_sat",
             "hsub_sat", "hmul_sat", "hfma_sat", "hfma_relu", "hmax_nan", "hmin_nan", "hisnan",
             "hisinf", "hequ", "hneu", "hgeu", "hgtu", "hleu", "hltu",
             "bfloat16_as_int16", "int16_as_bfloat16", "bfloat16_as_uint16",
             "uint16_as_bfloat16", "bfloat16_to_float32", "float32_to_bfloat16",
             "float64_to_bfloat16", "bfloat16_to_int8_rz", "bfloat16_to_uint8_rz",
             # cuda_bf16.h's spellings (numba-cuda 0.30 has both)
             "bfloat16_as_short", "bfloat16_as_ushort", "short_as_bfloat16",
             "ushort_as_bfloat16", "bfloat162float", "float2bfloat16", "double2bfloat16",
             "bfloat162char_rz", "bfloat162uchar_rz"]
    for mode in ("rn", "rz", "rd", "ru"):
        names += ["float32_to_bfloat16_" + mode, "float2bfloat16_" + mode]
        for t in ("int16", "int32", "int64", "uint16", "uint32", "uint64"):
            names += ["%s_to_bfloat16_%s" % (t, mode), "bfloat16_to_%s_%s" % (t, mode)]
        for c in ("short", "int", "ll", "ushort", "uint", "ull"):
            names += ["%s2bfloat16_%s" % (c, mode), "bfloat162%s_%s" % (c, mode)]
    return names


# numba.cuda.bf16: bfloat16 arithmetic, comparisons, math and conversions
# (docs/language.md); bf16.bfloat16 is the type (a conversion in kernels).
bf16 = _KernelOnly("bf16", _bf16_names())
from . import types as _types  # noqa: E402

bf16.bfloat16 = _types.bfloat16
bf16._exports.append("bfloat16")



class _Libdevice(_KernelOnly):
    """numba.cuda.libdevice: every function of NVIDIA's libdevice by its name
    without `__nv_` (`libdevice.sinf(x)`, `libdevice.sincos(x)` -> (sin, cos)),
    callable in kernels only. Each stub's docstring gives its signature."""

    def __init__(self):
        super().__init__("libdevice")

    def _table(self):
        table = self.__dict__.get("_signatures")
        if table is None:
            table = {name: (result, params, outputs)
                     for name, result, params, outputs in _ext().libdevice_functions()}
            self.__dict__["_signatures"] = table
        return table

    def __getattr__(self, attr):
        if attr.startswith("_"):
            raise AttributeError(attr)
        sig = self._table().get(attr)
        if sig is None:
            raise AttributeError("cuda.libdevice has no function '%s'" % attr)
        result, params, outputs = sig
        returns = ", ".join(([result] if result != "void" else []) + outputs.split(",")
                            if outputs else [result])
        if outputs:
            returns = "(%s)" % returns
        doc = ("libdevice's __nv_%s(%s) -> %s (https://docs.nvidia.com/cuda/libdevice-users-"
               "guide/__nv_%s.html)" % (attr, params, returns, attr))
        return _kernel_only("cuda.libdevice." + attr, doc)

    def __dir__(self):
        return sorted(self._table())

    @property
    def __all__(self):  # from pyjit.cuda.libdevice import *
        return sorted(self._table())

    def __repr__(self):
        return "<kernel-only namespace cuda.libdevice>"


libdevice = _Libdevice()

# numba.cuda.cg: cg.this_grid() gives the grid group, whose sync() is a barrier
# for the whole grid; such a kernel is launched cooperatively (docs/language.md).
cg = _KernelOnly("cg", ["this_grid"])

grid = _kernel_only("cuda.grid", "The thread's absolute position in the grid: an int for "
                                 "ndim 1, else a tuple of ndim ints.")
gridsize = _kernel_only("cuda.gridsize", "The number of threads in the grid, per dimension.")
_INTRINSICS = {
    "syncthreads": "Barrier for the block's threads.",
    "syncthreads_count": "Barrier; the number of threads whose predicate is true.",
    "syncthreads_and": "Barrier; whether the predicate is true for every thread.",
    "syncthreads_or": "Barrier; whether the predicate is true for any thread.",
    "syncwarp": "Barrier for the warp's threads in the mask.",
    "threadfence": "Memory fence, device scope.",
    "threadfence_block": "Memory fence, block scope.",
    "threadfence_system": "Memory fence, system scope.",
    "shfl_sync": "Value from another lane.", "shfl_up_sync": "Value from a lower lane.",
    "shfl_down_sync": "Value from a higher lane.", "shfl_xor_sync": "Value from lane ^ mask.",
    "all_sync": "Warp vote: all.", "any_sync": "Warp vote: any.", "eq_sync": "Warp vote: equal.",
    "ballot_sync": "Warp vote: ballot mask.", "activemask": "Mask of the active lanes.",
    "match_any_sync": "Lanes holding the same value.",
    "match_all_sync": "Whether all lanes hold the same value.",
    "lanemask_lt": "Mask of the lanes below this one.",
    "popc": "Set bits.", "brev": "Bits reversed.", "clz": "Leading zeros.",
    "ffs": "Position of the first set bit.", "fma": "Fused multiply-add.",
    "cbrt": "Cube root.", "selp": "Select by predicate.", "nanosleep": "Sleep, nanoseconds.",
    # (array, index) -> element, with a PTX cache operator (PTX ISA "Cache Operators")
    "ldca": "Load cached at all levels.", "ldcg": "Load cached in L2 only.",
    "ldcs": "Load, streaming (evict first).", "ldlu": "Load, last use.",
    "ldcv": "Load, volatile (fetched again).",
    # (array, index, value)
    "stcg": "Store cached in L2 only.", "stcs": "Store, streaming.",
    "stwb": "Store, write-back.", "stwt": "Store, write-through.",
}
for _name, _doc in _INTRINSICS.items():
    globals()[_name] = _kernel_only("cuda." + _name, _doc)
del _name, _doc
# numba.cuda.cache_hints: the loads and stores with a cache hint, also cuda.ldcg etc.
cache_hints = _KernelOnly("cache_hints", ["ldca", "ldcg", "ldcs", "ldlu", "ldcv", "stcg", "stcs",
                                          "stwb", "stwt"])
for _name in cache_hints._functions:  # the same objects: `from ...cache_hints import ldcg`
    setattr(cache_hints, _name, globals()[_name])
del _name
__all__ += ["laneid", "warpsize", "shared", "local", "const", "atomic", "fp16", "bf16", "cg",
            "libdevice"] + list(_INTRINSICS)


# numba.cuda.random's generators, importable as pyjit.cuda.random (this module
# is not a package: the submodule is registered by name).
import sys as _sys  # noqa: E402

from . import _random as random  # noqa: E402

_sys.modules[__name__ + ".random"] = random  # not in __all__: `import *` keeps stdlib random
_sys.modules[__name__ + ".cg"] = cg  # from pyjit.cuda.cg import this_grid (numba.cuda.cg)
_sys.modules[__name__ + ".cache_hints"] = cache_hints  # from pyjit.cuda.cache_hints import ldcg
_sys.modules[__name__ + ".libdevice"] = libdevice  # from pyjit.cuda import libdevice
_sys.modules[__name__ + ".fp16"] = fp16  # from pyjit.cuda.fp16 import hadd (numba.cuda.fp16)
_sys.modules[__name__ + ".bf16"] = bf16  # from pyjit.cuda.bf16 import bfloat16, hadd

from ._reduce import Reduce, reduce  # noqa: E402  (cuda.reduce, numba.cuda's Reduce)


def vectorize(signatures=None, target="cuda", **options):
    """numba.cuda.vectorize: pyjit.vectorize with target='cuda' (the CPU
    backend where there is no GPU, as cuda.jit)."""
    from ._ufunc import vectorize as _vectorize
    return _vectorize(signatures, target=target, **options)


def guvectorize(signatures, layout=None, target="cuda", **options):
    """numba.cuda.guvectorize: pyjit.guvectorize with target='cuda' (a
    layout alone makes a dynamic gufunc)."""
    from ._ufunc import guvectorize as _guvectorize
    return _guvectorize(signatures, layout, target=target, **options)

from ._ipc import IpcArrayHandle, IpcHandle, open_ipc_array  # noqa: E402  (numba.cuda's IPC)

# numba.cuda.devicearray: DeviceNDArray for isinstance checks, is_cuda_ndarray.
import types as _types  # noqa: E402

devicearray = _types.ModuleType(__name__ + ".devicearray",
                                "numba.cuda.devicearray's names for pyjit's device arrays.")


class _DeviceNDArrayBaseClass(type):
    def __instancecheck__(cls, obj):
        return isinstance(obj, (DeviceArray, MappedArray, ManagedArray))

    def __subclasscheck__(cls, sub):
        return issubclass(sub, (DeviceArray, MappedArray, ManagedArray))


class DeviceNDArrayBase(metaclass=_DeviceNDArrayBaseClass):
    """numba's DeviceNDArrayBase for isinstance checks: a DeviceArray (and
    DeviceRecord), a MappedArray or a ManagedArray. Not constructed."""

    def __new__(cls, *args, **kwargs):
        raise TypeError("DeviceNDArrayBase is not constructed; use cuda.device_array")


devicearray.DeviceNDArray = devicearray.DeviceArray = DeviceArray
devicearray.DeviceNDArrayBase = DeviceNDArrayBase
devicearray.DeviceRecord = DeviceRecord
devicearray.MappedNDArray, devicearray.ManagedNDArray = MappedArray, ManagedArray


def _is_cuda_ndarray(obj):
    """numba's is_cuda_ndarray: a device array (mapped and managed arrays are
    too, but not a copy of one in ordinary host memory)."""
    from ._devicearray import _device_reachable
    return isinstance(obj, DeviceArray) or (isinstance(obj, (MappedArray, ManagedArray))
                                            and _device_reachable(obj))


devicearray.is_cuda_ndarray = _is_cuda_ndarray
devicearray.IpcArrayHandle = IpcArrayHandle


def _from_array_like(ary, stream=0, gpu_data=None):
    """numba's devicearray.from_array_like: a device array of `ary`'s shape,
    strides and dtype, uninitialized, or over `gpu_data` (a MemoryPointer:
    ValueError if it is too small)."""
    if gpu_data is not None:
        return DeviceArray(ary.shape, ary.dtype, ary.strides, stream=stream, gpu_data=gpu_data)
    return device_array(ary.shape, ary.dtype, strides=ary.strides, stream=stream)


devicearray.from_array_like = _from_array_like


def _from_record_like(rec, stream=0, gpu_data=None):
    """numba's devicearray.from_record_like: an uninitialized device record
    of `rec`'s dtype (`gpu_data` is not taken: TypeError)."""
    if gpu_data is not None:
        raise TypeError("from_record_like(gpu_data=...) is not supported: pyjit's device "
                        "records own their memory")
    out = DeviceRecord(rec.dtype)  # (rec: a host or device record)
    out.stream = stream
    return out


devicearray.from_record_like = _from_record_like


# numba.cuda.cudadrv: the places numba's programs import device arrays and the
# driver's error from (cuda.cudadrv.devicearray.DeviceNDArray,
# cuda.cudadrv.driver.CudaAPIError).
cudadrv = _types.ModuleType(__name__ + ".cudadrv", "numba.cuda.cudadrv's names in pyjit.")
cudadrv.devicearray = devicearray
cudadrv.driver = _types.ModuleType(__name__ + ".cudadrv.driver",
                                   "numba.cuda.cudadrv.driver's names in pyjit.")
cudadrv.driver.CudaAPIError = cudadrv.driver.CudaDriverError = _CudaError
for _name in ("MemoryPointer", "AutoFreePointer", "MappedMemory", "PinnedMemory", "MemoryInfo",
              "BaseCUDAMemoryManager", "HostOnlyCUDAMemoryManager", "GetIpcHandleMixin",
              "set_memory_manager"):
    setattr(cudadrv.driver, _name, getattr(_emm, _name))
cudadrv.driver.IpcHandle = IpcHandle
cudadrv.driver.Stream, cudadrv.driver.Event = Stream, Event  # (where numba defines them)
from . import _driver  # noqa: E402
for _name in _driver.NAMES:
    setattr(cudadrv.driver, _name, getattr(_driver, _name))


class _Driver:
    """numba's cudadrv.driver.driver (the Driver object), as programs use it:
    `driver.get_version()`, `driver.is_available`."""

    @property
    def is_available(self):
        return is_available()

    @property
    def initialization_error(self):
        """None, or why the CUDA driver did not load (a string)."""
        return cuda_error()

    @staticmethod
    def _require():
        if not is_available():  # (numba's Driver raises so too)
            raise CudaSupportError("the CUDA driver is not available: %s" % cuda_error())

    def get_version(self):
        """The CUDA driver's version, (major, minor); CudaSupportError
        without a driver (numba's)."""
        self._require()
        return tuple(_current_device()["driver_version"])

    def get_device_count(self):
        """The number of GPUs; CudaSupportError without a driver."""
        self._require()
        return _ext().device_count()

    def list_devices(self):
        return list(gpus)

    def get_device(self, devnum=0):
        """The Device of ordinal `devnum` (numba's Driver.get_device)."""
        return gpus[devnum]

    def reset(self):
        """Resets every device's context (cuda.close())."""
        close()

    def __repr__(self):
        return "<pyjit CUDA driver>"


cudadrv.driver.driver = _Driver()
cudadrv.driver.Device, cudadrv.driver.Context = _Device, _Context  # (isinstance checks)
cudadrv.driver.get_version = cudadrv.driver.driver.get_version
cudadrv.driver.CudaSupportError = CudaSupportError
cudadrv.driver.LinkerError = cudadrv.driver.NvrtcError = _LinkError
cudadrv.driver.event_elapsed_time = event_elapsed_time
cudadrv.driver.profile_start, cudadrv.driver.profile_stop = profile_start, profile_stop
cudadrv.driver.profiling = profiling
# numba.cuda.cudadrv.error: the driver's exception classes, where numba
# programs import them from (CudaSupportError above all).
cudadrv.error = _types.ModuleType(__name__ + ".cudadrv.error",
                                  "numba.cuda.cudadrv.error's names in pyjit.")
cudadrv.error.CudaSupportError = CudaSupportError
cudadrv.error.CudaDriverError = cudadrv.error.CudaRuntimeError = _CudaError
cudadrv.error.NvrtcError = cudadrv.error.NvrtcCompilationError = _LinkError
# numba.cuda.cudadrv.devices: gpus, get_context, require_context, reset.
cudadrv.devices = _types.ModuleType(__name__ + ".cudadrv.devices",
                                    "numba.cuda.cudadrv.devices' names in pyjit.")
cudadrv.devices.gpus = gpus
cudadrv.devices.get_context = current_context
cudadrv.devices.reset = close
# numba.cuda.cudadrv.runtime: the `runtime` object (get_version()).
cudadrv.runtime = _types.ModuleType(__name__ + ".cudadrv.runtime",
                                    "numba.cuda.cudadrv.runtime's names in pyjit.")
cudadrv.runtime.runtime = runtime
# numba.cuda.errors: KernelRuntimeError (pyjit's KernelError, a RuntimeError
# as numba's is).
errors = _types.ModuleType(__name__ + ".errors", "numba.cuda.errors' names in pyjit.")
errors.KernelRuntimeError = KernelRuntimeError = _KernelError
errors.CudaLoweringError = _CompileError
_sys.modules[__name__ + ".devicearray"] = devicearray
_sys.modules[__name__ + ".cudadrv"] = cudadrv
_sys.modules[__name__ + ".cudadrv.error"] = cudadrv.error
_sys.modules[__name__ + ".cudadrv.devices"] = cudadrv.devices
_sys.modules[__name__ + ".cudadrv.runtime"] = cudadrv.runtime
_sys.modules[__name__ + ".errors"] = errors
# numba.cuda.devices and numba.cuda.driver (numba.cuda's `from .api import *`
# exports both modules): cuda.devices.gpus, cuda.driver.CudaAPIError.
devices, driver = cudadrv.devices, cudadrv.driver
MappedMemory, PinnedMemory = _emm.MappedMemory, _emm.PinnedMemory
from . import _args as args  # noqa: E402  (numba.cuda.args: In, Out, InOut, ArgHint, wrap_arg)
_sys.modules[__name__ + ".args"] = args
_sys.modules[__name__ + ".cudadrv.devicearray"] = devicearray
_sys.modules[__name__ + ".cudadrv.driver"] = cudadrv.driver

# numba.cuda.config (numba.core.config's settings), numba.cuda.api (the
# module numba.cuda's host functions come from) and numba.cuda.compiler.
from . import _config as config  # noqa: E402

api = _sys.modules[__name__]
compiler = _types.ModuleType(__name__ + ".compiler", "numba.cuda.compiler's names in pyjit.")
for _name in ("compile", "compile_ptx", "compile_for_current_device",
              "compile_ptx_for_current_device"):
    setattr(compiler, _name, globals()[_name])
_sys.modules[__name__ + ".config"] = config
_sys.modules[__name__ + ".api"] = api
_sys.modules[__name__ + ".compiler"] = compiler


def require_context(fn):
    """numba.cuda's decorator (cudadrv.devices.require_context): `fn` runs
    after the current device's context exists (the CPU backend's, without a
    GPU). pyjit makes the context when it first needs it, so this only makes
    it first."""
    import functools

    @functools.wraps(fn)
    def with_context(*args, **kwargs):
        current_context()
        return fn(*args, **kwargs)
    return with_context


cudadrv.devices.require_context = require_context


class _DispatcherClass(type):
    def __instancecheck__(cls, obj):
        return isinstance(obj, (Dispatcher, DeviceFunction))

    def __subclasscheck__(cls, sub):
        return issubclass(sub, (Dispatcher, DeviceFunction))


class CUDADispatcher(metaclass=_DispatcherClass):
    """numba.cuda.dispatcher.CUDADispatcher for isinstance checks: what
    @cuda.jit returns, a kernel or a device function (numba's class for
    both; pyjit's are Dispatcher and DeviceFunction). Not constructed."""

    def __new__(cls, *args, **kwargs):
        raise TypeError("CUDADispatcher is not constructed in pyjit; use @cuda.jit")


# numba.cuda.dispatcher (CUDADispatcher, for isinstance checks).
dispatcher = _types.ModuleType(__name__ + ".dispatcher", "numba.cuda.dispatcher's names in pyjit.")
dispatcher.CUDADispatcher = CUDADispatcher
_sys.modules[__name__ + ".dispatcher"] = dispatcher


# numba.cuda.kernels.transpose.transpose (a tiled transpose kernel).
kernels = _types.ModuleType(__name__ + ".kernels", "numba.cuda.kernels' names in pyjit.")
kernels.transpose = _types.ModuleType(__name__ + ".kernels.transpose",
                                      "numba.cuda.kernels.transpose in pyjit.")
from ._transpose import transpose as _transpose  # noqa: E402
kernels.transpose.transpose = _transpose
kernels.reduction = reduction = _types.ModuleType(
    __name__ + ".kernels.reduction", "numba.cuda.kernels.reduction in pyjit: Reduce.")
kernels.reduction.Reduce = Reduce
_sys.modules[__name__ + ".kernels"] = kernels
_sys.modules[__name__ + ".kernels.transpose"] = kernels.transpose
_sys.modules[__name__ + ".kernels.reduction"] = kernels.reduction
# numba.cuda.extending (register_jitable): pyjit.extending.
from . import extending  # noqa: E402
_sys.modules[__name__ + ".extending"] = extending


def _pointer_array(ptr, shape, dtype, order, name):
    import ctypes
    import numpy as np
    shape = (int(shape),) if isinstance(shape, int) or hasattr(shape, "__index__") else \
        tuple(int(s) for s in shape)
    if any(s < 0 for s in shape):
        raise ValueError("%s: negative dimensions are not allowed, got shape %s" % (name, shape))
    ptr = getattr(ptr, "_as_parameter_", ptr)  # numpy's a.ctypes, as numba reads it
    if isinstance(ptr, ctypes._Pointer):
        if issubclass(ptr._type_, (ctypes.Array, ctypes.Structure, ctypes.Union)):
            raise TypeError("%s: a pointer to %s is not a pointer to numbers; cast it "
                            "(ctypes.cast(p, ctypes.POINTER(ctypes.c_double)))"
                            % (name, ptr._type_.__name__))
        pointed, address = np.dtype(ptr._type_), ctypes.cast(ptr, ctypes.c_void_p).value
    elif isinstance(ptr, ctypes.c_void_p) or (isinstance(ptr, (int, np.integer))
                                              and not isinstance(ptr, (bool, np.bool_))):
        pointed, address = None, int(getattr(ptr, "value", ptr) or 0)
    else:
        raise TypeError("%s: the pointer is a ctypes pointer or an int address, not %s"
                        % (name, type(ptr).__name__))
    if dtype is None and pointed is None:
        raise TypeError("%s: a void pointer or an address needs the dtype" % name)
    dtype = pointed if dtype is None else np.dtype(dtype)
    if pointed is not None and dtype != pointed:
        raise TypeError("%s: dtype %s is not the pointer's, %s" % (name, dtype, pointed))
    count = _math.prod(int(s) for s in shape)  # (Python ints: no wrap-around)
    if count * dtype.itemsize > 2**63 - 1:
        raise ValueError("%s: array is too big; `arr.size * arr.dtype.itemsize` is larger than "
                         "the maximum possible size." % name)
    if count and not address:
        raise ValueError("%s: a null pointer" % name)
    buffer = (ctypes.c_char * (count * dtype.itemsize)).from_address(address) if count else b""
    return np.frombuffer(buffer, dtype, count).reshape(shape, order=order)


def carray(ptr, shape, dtype=None):
    """numba.carray: a C-ordered array of `shape` (an int or a tuple of ints)
    over the items `ptr` points to. In kernels `ptr` is a pointer
    (a CPointer(dtype) parameter, ffi.from_buffer(a)) and `dtype`, if given,
    must be its dtype; on the host a ctypes pointer, or a c_void_p or int
    address with `dtype`, and the result is a numpy array over that memory.
    TypeError for another pointer, a missing or mismatched dtype."""
    return _pointer_array(ptr, shape, dtype, "C", "carray")


def farray(ptr, shape, dtype=None):
    """numba.farray: as carray, in Fortran order."""
    return _pointer_array(ptr, shape, dtype, "F", "farray")


carray._pyjit_path = "carray"
farray._pyjit_path = "farray"


def literal_unroll(container):
    """numba.literal_unroll (numba.cuda re-exports it): in a kernel, `for x in
    literal_unroll(t)` runs the loop body once per element of tuple t, each
    copy compiled with that element's own type (docs/language.md). On the
    host, `container`."""
    return container


def is_float16_supported():
    """True: kernels compute with float16 on every target (numba.cuda's)."""
    return True


def is_bfloat16_supported():
    """Whether kernels on the current device compute in bfloat16 (cuda.bf16,
    ml_dtypes' bfloat16 arrays): compute capability 8.0 or later, as
    numba.cuda's; True on the CPU backend."""
    return get_current_device().supports_bfloat16


def _auto_device(obj, stream=0, copy=True, user_explicit=False):
    """numba.cuda.devicearray.auto_device: (device array, whether it was
    copied from the host). A DeviceArray or a __cuda_array_interface__ array
    is taken as it is; anything else (a numpy array, a number) is copied to a
    new DeviceArray. ValueError for a host array that is not contiguous."""
    if isinstance(obj, DeviceArray):
        return obj, False
    from ._devicearray import _device_reachable
    if _device_reachable(obj):  # (a mapped or managed array is returned as it is)
        return to_device(obj), False
    import numpy as np
    if isinstance(obj, np.void) and obj.dtype.fields is not None:  # one record
        return to_device(obj, stream=stream, copy=copy), True
    ary = np.asarray(obj)
    if not (ary.flags.c_contiguous or ary.flags.f_contiguous):
        raise ValueError("the array is not contiguous, so it cannot be copied as one memory "
                         "region: copy it with numpy.ascontiguousarray() first")
    return to_device(ary, stream=stream, copy=copy), True


devicearray.auto_device = _auto_device
_sys.modules[devicearray.__name__] = devicearray

# numba-cuda exposes its type objects here too (`from numba.cuda import float32`,
# `numba.cuda.types.int32`): pyjit's, the same objects as pyjit.float32.
from . import types  # noqa: E402

_sys.modules[__name__ + ".types"] = types  # from pyjit.cuda.types import int32 (numba's docs)
from .types import (bool_, boolean, complex64, complex128, float16, float32,  # noqa: E402,F401
                    float64, from_dtype, int8, int16, int32, int64, intp, uint8, uint16,
                    uint32, uint64, void, bfloat16)

# numba-cuda's numba.cuda also has every other name of numba.cuda.types
# (`from numba.cuda import double, void`): the aliases and constructors too.
for _name in ("Array", "CPointer", "NoneType", "Tuple", "UniTuple", "optional", "none", "b1",
              "byte", "c8", "c16", "char", "double", "f2", "f4", "f8", "half", "i1", "i2", "i4",
              "i8", "int_", "intc", "long_", "longlong", "short", "single", "size_t", "ssize_t",
              "u1", "u2", "u4", "u8", "ubyte", "uchar", "uint", "uintc", "uintp", "ulong",
              "ulonglong", "ushort", "voidptr"):
    globals().setdefault(_name, getattr(types, _name))


def __getattr__(name):
    """numba.cuda.bool, numba.cuda.types.bool_: an attribute read through the
    module (`cuda.bool`, `from pyjit.cuda import bool`), not a global, so
    this module's code and `from pyjit.cuda import *` keep Python's bool."""
    if name == "bool":
        return types.bool_
    raise AttributeError("module %r has no attribute %r" % (__name__, name))


# numba.cuda's CUDA vector types (float32x3, int2, double4, ...): named tuples
# with fields x, y, z, w; constructed in kernels and on the host (_vectors.py).
from ._vectors import vector_types as _vector_types  # noqa: E402

_vectors = _vector_types()
globals().update(_vectors)
__all__ += sorted(_vectors)
