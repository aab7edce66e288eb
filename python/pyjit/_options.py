"""The options of @cuda.jit: checked at decoration, turned into compiler and
linker options at compilation.

Accepted (numba.cuda's names): debug, opt, lineinfo, fastmath, fma, max_registers,
inline, forceinline, cache, launch_bounds, link (files linked into the kernel:
.cu through NVRTC, .ptx .cubin .fatbin .ltoir .o .a through nvJitLink); target ("cuda" or "cpu", the CPU backend) and
racecheck (CPU backend: report shared-memory races); extensions (numba's
argument handlers, Dispatcher.extensions). numba's generic options
that numba.cuda.jit also takes (nopython, nogil, error_model, ...) are
accepted where they change nothing for a kernel (`without_numba_generic`).
A misspelt or unsupported option raises TypeError at decoration, naming it.
"""
import difflib
import os
import warnings

FASTMATH_FLAGS = ("ftz", "arcp", "afn", "contract", "nnan", "ninf", "nsz", "reassoc")

_KNOWN = ("debug", "opt", "lineinfo", "fastmath", "fma", "max_registers", "inline",
          "forceinline", "cache", "target", "racecheck", "launch_bounds", "link",
          "shared_memory_carveout", "extensions", "_numpy_errors")
_TARGETS = ("cuda", "gpu", "cpu")


# numba's DefaultOptionsMixin options, which numba.cuda.jit takes as well: the
# values that change nothing for a kernel (pyjit compiles kernels as numba.cuda
# does in nopython mode, and raises no Python exceptions outside debug=True).
_NUMBA_GENERIC = {"nopython": (True,), "nogil": (True, False), "looplift": (True, False),
                  "boundscheck": (False, None), "error_model": ("numpy", "python"),
                  "forceobj": (False,), "parallel": (False,), "no_rewrites": (True, False),
                  "no_cpython_wrapper": (True, False), "no_cfunc_wrapper": (True, False),
                  "_nrt": (True, False), "writable_args": ((),),
                  # numba.cuda's lto: pyjit links with LTO whenever an input is LTO-IR.
                  "lto": (True, False, None)}
# The exception numba.cuda raises for a value that would change a kernel,
# where it is not ValueError.
_NUMBA_GENERIC_ERROR = {"boundscheck": NotImplementedError}
_NUMBA_GENERIC_WHY = {
    "nopython": "kernels always compile in nopython mode (there is no object mode on a GPU)",
    "forceobj": "kernels always compile in nopython mode (there is no object mode on a GPU)",
    "boundscheck": "use debug=True, which checks every index and raises IndexError",
    "parallel": "a kernel's parallelism is its grid; for loops use prange or range",
}


def without_numba_generic(options, func_name):
    """`options` less numba's generic options (nopython=True, nogil, ...) where
    their values change nothing for a kernel. Raises ValueError for a value
    that would (nopython=False, boundscheck=True, parallel=True, ...)."""
    if not any(key in _NUMBA_GENERIC for key in options):
        return options
    for key, value in options.items():
        if key in _NUMBA_GENERIC and not any(value == ok and type(value) is type(ok)
                                             for ok in _NUMBA_GENERIC[key]):
            why = _NUMBA_GENERIC_WHY.get(key, "pyjit takes %s" % " or ".join(
                repr(v) for v in _NUMBA_GENERIC[key]))
            raise _NUMBA_GENERIC_ERROR.get(key, ValueError)(
                "@cuda.jit of '%s': option %s=%r is not supported: %s"
                % (func_name, key, value, why))
    return {k: v for k, v in options.items() if k not in _NUMBA_GENERIC}


def warn_config(options):
    """numba.cuda.jit's NumbaInvalidConfigWarning, with what pyjit does:
    debug=True with optimization (opt's default) gives the checks and line
    tables, not the full debug information cuda-gdb reads (ptxas takes none
    in optimized code); debug with lineinfo is lineinfo twice."""
    if not options.get("debug"):
        return
    from .errors import InvalidConfigWarning
    if opt_level(options) > 0 and options.get("target") != "cpu":  # (the CPU backend's fine)
        warnings.warn("debug=True with opt=True is not supported by CUDA: the kernel gets the "
                      "debug checks and line tables, not the variables cuda-gdb reads; set "
                      "opt=False for full debug information, or debug=False",
                      InvalidConfigWarning, stacklevel=_user_stacklevel())
    if options.get("lineinfo"):
        warnings.warn("debug and lineinfo are mutually exclusive: debug=True gives line tables "
                      "already (lineinfo=True alone gives them with code generation unaffected)",
                      InvalidConfigWarning, stacklevel=_user_stacklevel())


def check(options, func_name, device=False):
    """Validates the decorator's options (of a device function: `device`);
    raises TypeError (DeprecationError for numba's removed ones) or ValueError."""
    for key in options:
        if key in ("argtypes", "restype", "bind"):
            # numba.cuda's old keywords, removed in numba 0.54 (its DeprecationError).
            from .errors import DeprecationError
            example = ("@cuda.jit('float32(float32, int32)', device=True)"
                       if device else "@cuda.jit('void(float32[:], int32)')")
            raise DeprecationError("@cuda.jit of '%s': option '%s' was removed from "
                                   "numba.cuda.jit; give the signature as the first argument "
                                   "instead, e.g. %s" % (func_name, key, example))
        if key not in _KNOWN:
            public = [k for k in _KNOWN if not k.startswith("_")]
            close = difflib.get_close_matches(str(key), public, n=1)
            raise TypeError("@cuda.jit of '%s': unknown option '%s'%s (pyjit accepts %s)"
                            % (func_name, key, " (did you mean '%s'?)" % close[0] if close
                               else "", ", ".join(public)))
    fastmath_flags(options.get("fastmath", False))
    if not isinstance(options.get("fma", True), bool):
        raise TypeError("option fma must be True or False, got %r" % (options["fma"],))
    target = options.get("target")
    if target is not None and target not in _TARGETS:
        raise ValueError("option target must be 'cuda' or 'cpu', got %r" % (target,))
    opt = options.get("opt", 3)
    if not isinstance(opt, bool) and (not isinstance(opt, int) or not 0 <= opt <= 3):
        raise ValueError("option opt must be True, False or a level 0-3, got %r" % (opt,))
    regs = options.get("max_registers")
    if regs is not None and (isinstance(regs, bool) or not isinstance(regs, int)
                             or not (regs == 0 or 16 <= regs <= 255)):
        raise ValueError("option max_registers must be an int from 16 to 255 (0 or None: no "
                         "limit), got %r" % (regs,))
    launch_bounds(options)
    shared_memory_carveout(options)
    link = options.get("link")
    if isinstance(link, (set, frozenset)):  # numba takes a set too: a stable order
        link = options["link"] = sorted(link, key=str)
    if link is not None and (isinstance(link, (str, bytes)) or not isinstance(link, (list, tuple))
                             or not all(isinstance(p, (str, os.PathLike)) for p in link)):
        raise TypeError("option link must be a list of file paths, got %r" % (link,))
    extensions = options.get("extensions", ())
    if not isinstance(extensions, (list, tuple)) or not all(
            callable(getattr(e, "prepare_args", None)) for e in extensions):
        raise TypeError("option extensions must be a list of objects with a prepare_args(ty, "
                        "val, stream=, retr=) method (numba's argument handlers), got %r"
                        % (extensions,))
    cache = options.get("cache", True)
    if not isinstance(cache, bool):
        raise TypeError("option cache must be True or False, got %r" % (cache,))
    # pyjit types device functions per call site and inlines them: inline="never"
    # (numba.cuda's default) is accepted and computes the same.
    inline = options.get("inline", "always")
    if not (inline is None or isinstance(inline, bool) or callable(inline)
            or (isinstance(inline, str) and inline in ("always", "never"))):
        raise ValueError("option inline must be 'always', 'never', True, False or a cost-model "
                         "function, got %r" % (inline,))


_CARVEOUTS = {"MaxL1": 0, "MaxShared": 100, "default": -1}


def shared_memory_carveout(options):
    """numba-cuda's `shared_memory_carveout` option as the percent of the
    L1/shared memory of a multiprocessor preferred as shared memory
    (CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT, a hint to the
    driver): "MaxL1" 0, "MaxShared" 100, "default" or -1 the driver's
    choice, or an int from 0 to 100; None when not given. Raises ValueError."""
    value = options.get("shared_memory_carveout")
    if value is None:
        return None
    if isinstance(value, str):
        if value not in _CARVEOUTS:
            raise ValueError("Invalid carveout value: %r (shared_memory_carveout takes 'MaxL1', "
                             "'MaxShared', 'default' or an int from -1 to 100)" % (value,))
        return _CARVEOUTS[value]
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError("Invalid carveout value: %r (shared_memory_carveout takes 'MaxL1', "
                         "'MaxShared', 'default' or an int from -1 to 100)" % (value,))
    if not -1 <= value <= 100:
        raise ValueError("shared_memory_carveout must be between -1 and 100, got %d" % value)
    return value


def launch_bounds(options):
    """(max threads per block, min blocks per SM, max blocks per cluster)
    from numba.cuda's `launch_bounds` option (an int, or a tuple or list of
    1 to 3 ints as numba takes; 0 where not given), or None. The PTX directives `.maxntid`,
    `.minnctapersm` and `.maxclusterrank` (sm_90 and later; ignored before).
    Raises TypeError or ValueError."""
    value = options.get("launch_bounds")
    if value is None:
        return None
    bounds = tuple(value) if isinstance(value, (tuple, list)) else (value,)
    if not 1 <= len(bounds) <= 3:
        raise ValueError("option launch_bounds must be max_threads_per_block or "
                         "(max_threads_per_block, min_blocks_per_sm[, max_blocks_per_cluster]), "
                         "got %r" % (value,))
    for b in bounds:
        if isinstance(b, bool) or not isinstance(b, int):
            raise TypeError("option launch_bounds must contain ints, got %r" % (value,))
    if not 1 <= bounds[0] <= 1024 or any(b < 0 for b in bounds[1:]):
        raise ValueError("option launch_bounds: max_threads_per_block must be 1..1024 and "
                         "min_blocks_per_sm and max_blocks_per_cluster >= 0, got %r" % (value,))
    return tuple(bounds) + (0,) * (3 - len(bounds))


def fastmath_flags(value):
    """'ftz,afn,...' for the compiler from fastmath=True/False or a set of flag names."""
    if value is True:
        return ",".join(FASTMATH_FLAGS)
    if value is False or value is None:
        return ""
    if isinstance(value, str) or not hasattr(value, "__iter__"):
        raise TypeError("option fastmath must be True, False or a set of flags (%s), got %r"
                        % (", ".join(FASTMATH_FLAGS), value))
    flags = []
    for flag in value:
        if flag not in FASTMATH_FLAGS:
            raise ValueError("option fastmath: unknown flag %r (known: %s)"
                             % (flag, ", ".join(FASTMATH_FLAGS)))
        flags.append(flag)
    return ",".join(f for f in FASTMATH_FLAGS if f in flags)


_fallback_warned = False


def environment_target():
    """$PYJIT_TARGET, in lower case without surrounding blanks ('' unset)."""
    return os.environ.get("PYJIT_TARGET", "").strip().lower()


def target(options):
    """'cpu' or 'cuda' for a kernel: its `target` option, else $PYJIT_TARGET
    (any case), else the GPU when a CUDA driver and device are usable and
    the CPU backend (with one warning per process) when not."""
    global _fallback_warned
    chosen = options.get("target") or environment_target()
    if chosen in ("cuda", "gpu"):
        return "cuda"
    if chosen == "cpu":
        return "cpu"
    if chosen:
        raise ValueError("PYJIT_TARGET must be 'cuda' (or 'gpu') or 'cpu', got %r" % chosen)
    from ._ext import ext
    reason = ext().driver_error()
    if reason is None:
        return "cuda"
    if not _fallback_warned:
        _fallback_warned = True
        warnings.warn("no usable GPU (%s): kernels run on pyjit's CPU backend "
                      "(PYJIT_TARGET=cpu chooses it without this warning)" % reason,
                      RuntimeWarning, stacklevel=_user_stacklevel())
    return "cpu"


#: The directory of pyjit's own Python files (not the user's).
PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__))


def is_pyjit_source(path):
    """Whether source file `path` is pyjit's own: a file of the package, or a
    kernel pyjit generated (vectorize's, "<pyjit ufunc_f #1>", wherever a
    compiler joined it to a directory)."""
    return (os.path.dirname(os.path.abspath(path)) == PACKAGE_DIR
            or os.path.basename(path).startswith("<pyjit "))


def _user_stacklevel():
    """The stacklevel of the first caller outside the pyjit package, so a
    warning points at the user's line (the decorator or the launch)."""
    import sys
    frame, level = sys._getframe(1), 1
    while (frame is not None
           and os.path.dirname(os.path.abspath(frame.f_code.co_filename)) == PACKAGE_DIR):
        frame, level = frame.f_back, level + 1
    return level


def warn_performance(message):
    """A PerformanceWarning at the user's line, unless
    cuda.config.DISABLE_PERFORMANCE_WARNINGS is set (numba's switch for every
    NumbaPerformanceWarning)."""
    from . import _config
    if _config.DISABLE_PERFORMANCE_WARNINGS:
        return
    import warnings
    from .errors import PerformanceWarning
    warnings.warn(message, PerformanceWarning, stacklevel=_user_stacklevel())


def warn_compile(result):
    """The warnings of a compile (result: its dict, or a cache entry of it)
    at the user's line: a PerformanceWarning (warn_performance) and a
    CompileWarning (a statement that does nothing, say), each with its
    file:line:col and caret."""
    if result.get("performance_warnings"):
        warn_performance(result["performance_warnings"])
    if result.get("warnings"):
        import warnings
        from .errors import CompileWarning
        warnings.warn(result["warnings"], CompileWarning, stacklevel=_user_stacklevel())


def opt_level(options):
    """numba's `opt` option: True/False or a level 0-3 (default 3)."""
    opt = options.get("opt", 3)
    if opt is True:
        return 3
    if opt is False:
        return 0
    return int(opt)


def compile_options(options, device=None, index32=False, host=False):
    """The options dict of _pyjit.compile_kernel. `device` is the current
    device's info (its nvJitLink and driver versions bound the PTX version);
    `index32` compiles the variant for arrays spanning < 2^31 bytes; `host`
    compiles for the CPU backend."""
    out = {
        "host": bool(host),
        "racecheck": bool(host and options.get("racecheck", False)),
        "index32": bool(index32),
        "debug": bool(options.get("debug", False)),
        "lineinfo": bool(options.get("lineinfo", False)),
        "fastmath": fastmath_flags(options.get("fastmath", False)),
        "fma": bool(options.get("fma", True)),
        # (gu)vectorize(target='cpu'): numba's CPU ufuncs' error_model="numpy"
        "numpy_errors": bool(options.get("_numpy_errors", False)),
    }
    bounds = launch_bounds(options)
    if bounds is not None:  # the CPU backend too: it sizes pyjit.coop's tile storage
        out["launch_bounds"] = bounds
    if device is not None:
        from ._ext import nvjitlink_version_if_loaded
        versions = [v for v in (nvjitlink_version_if_loaded(), device.get("driver_version"))
                    if v and v[0] > 0]
        if versions:
            out["cuda_version"] = min(versions)
    return out


def link_options(options):
    """nvJitLink options for the decorator's options."""
    out = ["-O3"]
    if options.get("lineinfo") or options.get("debug"):
        out.append("-lineinfo")
    if options.get("max_registers"):
        out.append("-maxrregcount=%d" % options["max_registers"])
    return tuple(out)
