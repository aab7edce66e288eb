"""numba's configuration settings that programs using numba.cuda read or set,
as `pyjit.cuda.config` (numba.cuda.config is numba.core.config):
`if config.ENABLE_CUDASIM: ...`, `config.CUDA_WARN_ON_IMPLICIT_COPY = 0`.

Each holds pyjit's value. A program may assign any of them (or any other
name, as numba's module takes it); CUDA_WARN_ON_IMPLICIT_COPY,
CUDA_LOW_OCCUPANCY_WARNINGS, DISABLE_PERFORMANCE_WARNINGS and
CUDA_NVRTC_EXTRA_SEARCH_PATHS change what pyjit does. numba reads them from
NUMBA_* environment variables; pyjit reads NUMBA_CUDA_WARN_ON_IMPLICIT_COPY,
NUMBA_CUDA_LOW_OCCUPANCY_WARNINGS, NUMBA_DISABLE_PERFORMANCE_WARNINGS,
NUMBA_CUDA_NVRTC_EXTRA_SEARCH_PATHS, NUMBA_CUDA_DEBUGINFO and NUMBA_OPT the
same way (CUDA_DEBUGINFO_DEFAULT and OPT are read when cuda.jit is called).
"""
import os


def _read_env(name, parse, default):
    """Environment variable `name` read by `parse`, else `default`; a value
    that does not parse keeps the default with a RuntimeWarning (numba's
    _readenv)."""
    text = os.environ.get(name, "")
    if not text.strip():
        return default
    try:
        return parse(text.strip())
    except ValueError:
        import warnings
        warnings.warn("environment variable %r is defined but its associated value %r could not "
                      "be parsed; pyjit keeps its default, %r" % (name, text, default),
                      RuntimeWarning)
        return default


def _opt_level(text):
    """NUMBA_OPT: 0-3, or 'max' (numba's highest: 3 here)."""
    if text == "max":
        return 3
    level = int(text)
    if level not in (0, 1, 2, 3):
        raise ValueError(text)
    return level


#: 0: pyjit's CPU backend is not numba's simulator (kernels compile as on a GPU).
ENABLE_CUDASIM = 0
#: 0: kernels are always compiled.
DISABLE_JIT = 0
#: 0: kernels cannot allocate (no NRT).
CUDA_ENABLE_NRT = 0
#: 1 (default): a PerformanceWarning when a kernel is configured, on a GPU,
#: with a grid of fewer than 128 blocks (numba's threshold and message:
#: "Grid size N will likely result in GPU under-utilization due to low
#: occupancy."); once per kernel and configuration, as pyjit configures a
#: launch once. 0: none. The CPU backend never warns (numba's simulator
#: does not either).
CUDA_LOW_OCCUPANCY_WARNINGS = int(os.environ.get("NUMBA_CUDA_LOW_OCCUPANCY_WARNINGS", "1") != "0")
#: 1 (default): a PerformanceWarning, once per kernel, when numpy arrays
#: are copied to the device and back around a launch; 0: none.
CUDA_WARN_ON_IMPLICIT_COPY = int(os.environ.get("NUMBA_CUDA_WARN_ON_IMPLICIT_COPY", "1") != "0")
#: 0: the legacy default stream, as numba's default.
CUDA_PER_THREAD_DEFAULT_STREAM = 0
#: Directories, separated by ':', that NVRTC searches for the headers a
#: linked .cu file includes (`#include <add.cuh>` or `"add.cuh"`), after the
#: CUDA include directory; read when a .cu file is compiled. '' (default):
#: none. Headers found there are part of the disk cache's key.
CUDA_NVRTC_EXTRA_SEARCH_PATHS = os.environ.get("NUMBA_CUDA_NVRTC_EXTRA_SEARCH_PATHS", "")
#: 0 (default); 1: no PerformanceWarning at all (the two above, and the
#: float64-in-a-float32-kernel warning of a compile), as numba's switch.
DISABLE_PERFORMANCE_WARNINGS = int(os.environ.get("NUMBA_DISABLE_PERFORMANCE_WARNINGS", "0") or 0)
#: 0 (default); 1: cuda.jit's `debug` defaults to True (NUMBA_CUDA_DEBUGINFO):
#: every kernel checks what debug mode checks and reports it to the host.
CUDA_DEBUGINFO_DEFAULT = _read_env("NUMBA_CUDA_DEBUGINFO", int, 0)
#: 3 (default; NUMBA_OPT: 0-3 or 'max'): 0 makes cuda.jit's `opt` default to
#: False (numba: opt = config.OPT != 0).
OPT = _read_env("NUMBA_OPT", _opt_level, 3)
