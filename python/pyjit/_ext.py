"""Lazy access to the C++ extension (importing pyjit loads no LLVM and no driver)."""
_module = None


def ext():
    """The `_pyjit` extension module, imported on first use."""
    global _module
    if _module is None:
        try:
            from . import _pyjit
        except ImportError as exc:
            if "static TLS" not in str(exc):
                raise
            # LLVM's pass registry (std::call_once) reads libstdc++'s thread-local
            # variables with the initial-exec model, which needs a place in the
            # process's static TLS; libraries loaded before pyjit may have used
            # glibc's reserve up.
            library = str(exc).split(":")[0].strip() or "libstdc++.so.6"
            raise ImportError(
                "%s: the libraries loaded before pyjit (PyTorch with CuPy, for one) used "
                "up glibc's static TLS reserve. Import pyjit before them, or start Python "
                "with LD_PRELOAD=%s" % (exc, library)) from exc
        _module = _pyjit
    return _module


_devices = {}
_nvjitlink = {}  # "version": (major, minor) once read


def nvjitlink_version_if_loaded():
    """nvJitLink's (major, minor) if already loaded, else None (no waiting)."""
    return _nvjitlink.get("version")


def nvjitlink_version():
    """nvJitLink's (major, minor), (0, 0) when it cannot be loaded (loading
    it takes milliseconds the first time)."""
    if "version" not in _nvjitlink:
        _nvjitlink["version"] = tuple(ext().nvjitlink_version())
    return _nvjitlink["version"]


def current_device():
    """Info dict of this thread's device (name, arch, limits); raises CudaError without a GPU."""
    ordinal = ext().selected_device()
    info = _devices.get(ordinal)
    if info is None:
        info = _devices[ordinal] = ext().device_info()
    return info
