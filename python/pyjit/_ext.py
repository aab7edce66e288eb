"""Lazy access to the C++ extension (importing pyjit loads no LLVM and no driver)."""
_module = None


def ext():
    """The `_pyjit` extension module, imported on first use."""
    global _module
    if _module is None:
        from . import _pyjit
        _module = _pyjit
    return _module


_devices = {}


def current_device():
    """Info dict of this thread's device (name, arch, limits); raises CudaError without a GPU."""
    ordinal = ext().selected_device()
    info = _devices.get(ordinal)
    if info is None:
        info = _devices[ordinal] = ext().device_info()
    return info
